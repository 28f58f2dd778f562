/**
 * Public keys that clients send (`clientPublicKey`, the OTP `public_key`, a
 * stamp's `publicKey`): validated with OpenSSL and normalised. The SEC1 form
 * chooses the session-key mode (docs/protocol.md, "Session key modes"):
 * uncompressed = the sealed flow, compressed = the client holds its own key.
 */
import { createPublicKey } from 'node:crypto';
import { compressRawPublicKey, uncompressRawPublicKey } from '@turnkey/crypto';
import { uint8ArrayFromHexString, uint8ArrayToHexString } from '@turnkey/encoding';

export interface ClientKey {
  mode: 'sealed' | 'client-held';
  compressed: string;
  uncompressed: string;
}

/** Parses a hex SEC1 P-256 key; undefined when it is not a point on the curve. */
export function parseClientKey(hex: unknown): ClientKey | undefined {
  if (typeof hex !== 'string' || !/^(04[0-9a-fA-F]{128}|0[23][0-9a-fA-F]{64})$/.test(hex)) return undefined;
  try {
    const raw = uint8ArrayFromHexString(hex.toLowerCase());
    const uncompressed = raw.length === 65 ? raw : uncompressRawPublicKey(raw);
    const point = Buffer.from(uncompressed);
    // OpenSSL refuses points that are not on the curve.
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return {
      mode: raw.length === 65 ? 'sealed' : 'client-held',
      compressed: uint8ArrayToHexString(compressRawPublicKey(uncompressed)),
      uncompressed: uint8ArrayToHexString(uncompressed),
    };
  } catch {
    return undefined;
  }
}
