import { toBase64Url } from './base64url.js';
import { parseBase64UrlJson } from './json-encoding.js';
import { utf8 } from './bytes.js';
import { rawToDer, toLowS } from './der.js';
import { WalletCryptoError } from './errors.js';
import { toHex } from './hex.js';
import { publicKeyHex } from './keys.js';
import { getSubtle } from './subtle.js';

/**
 * The wallet signature ("stamp"): the value of the `Service-Wallet-Signature`
 * header (docs/protocol.md, "The stamp"). base64url without padding of the UTF-8 JSON
 * `{"publicKey","scheme","signature"}` in exactly that member order, where
 * `signature` is low-S DER hex of ECDSA P-256 / SHA-256 over the UTF-8 bytes of
 * `payloadToSign` exactly as received: it is never parsed, trimmed or
 * re-serialised here.
 */

/** The only scheme the service accepts for P-256 session keys. */
export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

/** The decoded members of a stamp. */
export interface Stamp {
  /** Compressed SEC1 public key, lowercase hex. */
  publicKey: string;
  scheme: typeof STAMP_SCHEME;
  /** Low-S DER signature, lowercase hex. */
  signature: string;
}

/**
 * Signs `payloadToSign` with a session key pair and returns the header value.
 * The public half is read from `keyPair.publicKey`, so the stamp always names
 * the key that made it.
 */
export async function createStamp(payloadToSign: string, keyPair: CryptoKeyPair): Promise<string> {
  if (typeof payloadToSign !== 'string') throw new TypeError('"payloadToSign" expected a string');
  // Together, so that neither can fail unheard (the public forms are cached per key in keys.ts).
  const [raw, publicKey] = await Promise.all([
    getSubtle().sign({ name: 'ECDSA', hash: 'SHA-256' }, keyPair.privateKey, utf8(payloadToSign)),
    publicKeyHex(keyPair.publicKey, 'compressed'),
  ]);
  const signature = toHex(rawToDer(toLowS(new Uint8Array(raw))));
  // The JSON of Stamp in its member order. Written out rather than JSON.stringify'd: every member
  // is ASCII hex or the scheme name, which JSON never escapes, so the bytes are the same.
  return toBase64Url(utf8(`{"publicKey":"${publicKey}","scheme":"${STAMP_SCHEME}","signature":"${signature}"}`));
}

/**
 * Decodes a stamp header value into its members, checking their shapes (not
 * the signature). For diagnostics and tests; the service does the real check.
 */
export function parseStamp(header: string): Stamp {
  const value = parseBase64UrlJson(header, 'stamp', 'PAYLOAD_UNRECOGNISED');
  const stamp = value as Partial<Record<keyof Stamp, unknown>> | null;
  if (
    typeof stamp !== 'object' ||
    stamp === null ||
    typeof stamp.publicKey !== 'string' ||
    stamp.scheme !== STAMP_SCHEME ||
    typeof stamp.signature !== 'string'
  ) {
    throw new WalletCryptoError('PAYLOAD_UNRECOGNISED', 'stamp: expected {publicKey, scheme, signature}');
  }
  return { publicKey: stamp.publicKey, scheme: STAMP_SCHEME, signature: stamp.signature };
}
