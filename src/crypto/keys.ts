import { toHex } from './hex.js';
import { parsePublicKey } from './points.js';
import { getSubtle } from './subtle.js';

/**
 * Key pairs of the wallet. Every private key this module creates (and
 * hpke/scalar-import.ts imports) is a non-extractable `CryptoKey`: once made, no JavaScript (ours, the host
 * page's, an injected script's) can read its bytes, and it survives an
 * IndexedDB structured clone as an opaque handle.
 */

const ECDSA: EcKeyImportParams = { name: 'ECDSA', namedCurve: 'P-256' };
const ECDH: EcKeyImportParams = { name: 'ECDH', namedCurve: 'P-256' };

/**
 * A new P-256 ECDSA pair for stamps: the OTP flow's TEK and the client-held
 * session key. The private key is non-extractable.
 */
export async function generateSigningKeyPair(): Promise<CryptoKeyPair> {
  return getSubtle().generateKey(ECDSA, false, ['sign', 'verify']);
}

/**
 * A new P-256 ECDH pair for receiving HPKE-sealed bundles (session key in the
 * sealed mode, export bundle). The private key is non-extractable.
 */
export async function generateEncryptionKeyPair(): Promise<CryptoKeyPair> {
  return getSubtle().generateKey(ECDH, false, ['deriveBits']);
}

// Public keys never change, and stamping asks for the compressed form every time: both forms
// are worked out once per key (the compression checks the point, a few field operations).
const publicKeyCache = new WeakMap<CryptoKey, { compressed: Uint8Array; uncompressed: Uint8Array }>();

/** The SEC1 bytes of a P-256 public `CryptoKey` (public keys are always exportable). */
export async function exportPublicKey(publicKey: CryptoKey, form: 'compressed' | 'uncompressed'): Promise<Uint8Array> {
  let forms = publicKeyCache.get(publicKey);
  if (!forms) {
    forms = parsePublicKey(new Uint8Array(await getSubtle().exportKey('raw', publicKey)));
    publicKeyCache.set(publicKey, forms);
  }
  // A copy: a caller changing the bytes must not change the next answer.
  return forms[form].slice();
}

/** The public key as lowercase hex: 66 characters compressed, 130 uncompressed. */
export async function publicKeyHex(publicKey: CryptoKey, form: 'compressed' | 'uncompressed'): Promise<string> {
  return toHex(await exportPublicKey(publicKey, form));
}
