import { WalletCryptoError } from './errors.js';
import { fromHex, toHex } from './hex.js';
import { P256_ORDER, decodePoint, encodePoint } from './p256.js';

/**
 * P-256 public keys in SEC1 form: 65 bytes `04 || X || Y` (uncompressed) or
 * 33 bytes `02|03 || X` (compressed). Every key that arrives from the network
 * passes through {@link parsePublicKey}, which refuses points off the curve,
 * the identity and wrong lengths before any key agreement or verification
 * (invalid-curve attacks, Wycheproof "InvalidCurveAttack").
 */

export { P256_ORDER };

/** Which SEC1 encodings a caller accepts. */
export type PointForm = 'uncompressed' | 'compressed' | 'any';

const LENGTH: Record<Exclude<PointForm, 'any'>, number> = { uncompressed: 65, compressed: 33 };

/**
 * Validates a SEC1 public key and returns it in the requested output form.
 * @param accept which input encodings are allowed
 * @param field names the value in error messages
 */
export function parsePublicKey(
  bytes: Uint8Array,
  field = 'publicKey',
  accept: PointForm = 'any',
): { compressed: Uint8Array; uncompressed: Uint8Array } {
  if (accept !== 'any' && bytes.length !== LENGTH[accept]) {
    throw new WalletCryptoError(
      'INVALID_PUBLIC_KEY',
      `"${field}" expected ${LENGTH[accept]} bytes (${accept} SEC1), got ${bytes.length}`,
    );
  }
  let point;
  try {
    point = decodePoint(bytes);
  } catch (cause) {
    throw new WalletCryptoError('INVALID_PUBLIC_KEY', `"${field}" is not a valid P-256 point`, { cause });
  }
  return { compressed: encodePoint(point, true), uncompressed: encodePoint(point, false) };
}

/** Parses a hex SEC1 public key (see {@link parsePublicKey}). */
export function parsePublicKeyHex(
  hex: string,
  field = 'publicKey',
  accept: PointForm = 'any',
): { compressed: Uint8Array; uncompressed: Uint8Array } {
  return parsePublicKey(fromHex(hex, field), field, accept);
}

/** Compresses a valid SEC1 key (either form) to 33 bytes. */
export function compressPublicKey(bytes: Uint8Array): Uint8Array {
  return parsePublicKey(bytes).compressed;
}

/** Uncompresses a valid SEC1 key (either form) to 65 bytes. */
export function uncompressPublicKey(bytes: Uint8Array): Uint8Array {
  return parsePublicKey(bytes).uncompressed;
}

/**
 * True when two hex public keys name the same point, whatever their SEC1 form
 * or hex case. Invalid keys are never equal to anything.
 */
export function samePublicKey(a: string, b: string): boolean {
  try {
    return toHex(parsePublicKeyHex(a).uncompressed) === toHex(parsePublicKeyHex(b).uncompressed);
  } catch {
    return false;
  }
}
