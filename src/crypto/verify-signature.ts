import { toArrayBufferBytes } from './bytes.js';
import { derToRaw } from './der.js';
import { parsePublicKey } from './points.js';
import { getSubtle } from './subtle.js';

/**
 * ECDSA P-256 / SHA-256 verification of enclave signatures. High-S values are
 * accepted on purpose: production enclave signatures are high-S about half the
 * time (the export fixture in test/vectors/turnkey-fixtures.json is one), and
 * WebCrypto, unlike some libraries, does not normalise them away.
 */

/**
 * Verifies a strict-DER signature over `message` by a SEC1 public key. A
 * malformed key or signature throws its coded error; a well-formed signature
 * that does not verify returns false.
 */
export async function verifyDerSignature(
  publicKey: Uint8Array,
  derSignature: Uint8Array,
  message: Uint8Array,
): Promise<boolean> {
  const { uncompressed } = parsePublicKey(publicKey, 'publicKey');
  return verifyRawSignature(uncompressed, derToRaw(derSignature), message);
}

/** As {@link verifyDerSignature}, for a raw `r || s` (IEEE P1363) signature of 64 bytes. */
export async function verifyRawSignature(
  publicKey: Uint8Array,
  rawSignature: Uint8Array,
  message: Uint8Array,
): Promise<boolean> {
  const { uncompressed } = parsePublicKey(publicKey, 'publicKey');
  // Firefox's WebCrypto verifies a P1363 signature of the wrong size (say r || s with a
  // byte appended) instead of refusing it, as the standard and Chromium do.
  if (rawSignature.length !== 64) return false;
  const subtle = getSubtle();
  const key = await subtle.importKey(
    'raw',
    toArrayBufferBytes(uncompressed),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  return subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    toArrayBufferBytes(rawSignature),
    toArrayBufferBytes(message),
  );
}
