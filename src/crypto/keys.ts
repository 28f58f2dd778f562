import { concatBytes } from './bytes.js';
import { WalletCryptoError } from './errors.js';
import { toHex } from './hex.js';
import { P256_ORDER, encodePoint, multiplyBase } from './p256.js';
import { parsePublicKey } from './points.js';
import { getSubtle } from './subtle.js';

/**
 * Key pairs of the wallet. Every private key this module creates or imports
 * is a non-extractable `CryptoKey`: once made, no JavaScript (ours, the host
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

// Public keys never change, and stamping asks for the compressed form every time.
const publicKeyCache = new WeakMap<CryptoKey, Uint8Array>();

/** The SEC1 bytes of a P-256 public `CryptoKey` (public keys are always exportable). */
export async function exportPublicKey(publicKey: CryptoKey, form: 'compressed' | 'uncompressed'): Promise<Uint8Array> {
  let uncompressed = publicKeyCache.get(publicKey);
  if (!uncompressed) {
    uncompressed = new Uint8Array(await getSubtle().exportKey('raw', publicKey));
    publicKeyCache.set(publicKey, uncompressed);
  }
  return form === 'uncompressed' ? uncompressed.slice() : parsePublicKey(uncompressed).compressed;
}

/** The public key as lowercase hex: 66 characters compressed, 130 uncompressed. */
export async function publicKeyHex(publicKey: CryptoKey, form: 'compressed' | 'uncompressed'): Promise<string> {
  return toHex(await exportPublicKey(publicKey, form));
}

// PKCS#8 PrivateKeyInfo for a P-256 key (RFC 5208 / RFC 5915), in three parts
// around the 32-byte scalar and the 65-byte public point:
// SEQUENCE { INTEGER 0, SEQUENCE { id-ecPublicKey, prime256v1 },
//   OCTET STRING { SEQUENCE { INTEGER 1, OCTET STRING d, [1] BIT STRING pub } } }
const PKCS8_HEAD = Uint8Array.from([
  0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08,
  0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x6d, 0x30, 0x6b, 0x02, 0x01, 0x01, 0x04, 0x20,
]);
const PKCS8_MIDDLE = Uint8Array.from([0xa1, 0x44, 0x03, 0x42, 0x00]);

/**
 * Imports a raw 32-byte P-256 scalar (the decrypted legacy session key) as a
 * non-extractable ECDSA pair, then overwrites `scalar` and every temporary
 * byte copy with zeros. The BigInt form used to derive the public key cannot
 * be overwritten (BigInts are immutable); nothing keeps a reference to it, so
 * it lasts only until the next garbage collection.
 */
export async function importSigningScalar(scalar: Uint8Array): Promise<CryptoKeyPair> {
  let pkcs8: Uint8Array<ArrayBuffer> | undefined;
  try {
    if (scalar.length !== 32) {
      throw new WalletCryptoError('INVALID_PRIVATE_KEY', `private scalar expected 32 bytes, got ${scalar.length}`);
    }
    // A private scalar is in [1, n-1].
    let d = 0n;
    for (const byte of scalar) d = (d << 8n) | BigInt(byte);
    if (d === 0n || d >= P256_ORDER) {
      throw new WalletCryptoError('INVALID_PRIVATE_KEY', 'private scalar is not in [1, n-1]');
    }
    const publicPoint = encodePoint(multiplyBase(d), false);
    pkcs8 = concatBytes(PKCS8_HEAD, scalar, PKCS8_MIDDLE, publicPoint);
    const subtle = getSubtle();
    const privateKey = await subtle.importKey('pkcs8', pkcs8, ECDSA, false, ['sign']);
    const publicKey = await subtle.importKey('raw', new Uint8Array(publicPoint), ECDSA, true, ['verify']);
    return { privateKey, publicKey };
  } finally {
    scalar.fill(0);
    pkcs8?.fill(0);
  }
}
