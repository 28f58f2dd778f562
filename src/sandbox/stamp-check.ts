/**
 * Checks a `Service-Wallet-Signature` (docs/protocol.md, "The stamp") with
 * Turnkey's own verifier: the header must decode to
 * `{publicKey, scheme, signature}`, and the DER signature must verify over the
 * exact payload under `publicKey`. Which keys may sign is the caller's rule.
 */
import { verifyStampSignature } from '@turnkey/crypto';
import { parseClientKey } from './client-key.js';
import { ApiError } from './http-error.js';

const SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

/** Verifies `header` over `payload`; returns the signer's compressed key. */
export async function checkStamp(header: string, payload: string): Promise<string> {
  let stamp: { publicKey?: unknown; scheme?: unknown; signature?: unknown };
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(header)) throw new Error('not base64url');
    stamp = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    if (typeof stamp !== 'object' || stamp === null) throw new Error('not an object');
  } catch {
    throw malformed('the header is not base64url JSON of an object');
  }
  const key = parseClientKey(stamp.publicKey);
  if (!key) throw malformed('publicKey is not a P-256 key');
  if (stamp.scheme !== SCHEME) throw malformed(`scheme must be ${SCHEME}`);
  if (typeof stamp.signature !== 'string' || !/^([0-9a-f]{2})+$/i.test(stamp.signature)) {
    throw malformed('signature is not hex');
  }
  let valid: boolean;
  try {
    valid = await verifyStampSignature(key.compressed, stamp.signature, payload);
  } catch {
    throw malformed('signature is not DER');
  }
  if (!valid) {
    throw new ApiError(
      401,
      'WALLET_SIGNATURE_INVALID',
      'The wallet signature does not verify over the pending payload',
    );
  }
  return key.compressed;
}

function malformed(why: string): ApiError {
  return new ApiError(401, 'WALLET_SIGNATURE_MALFORMED', `Service-Wallet-Signature cannot be parsed: ${why}`);
}
