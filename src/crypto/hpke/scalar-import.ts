import { concatBytes, utf8 } from '../bytes.js';
import { WalletCryptoError } from '../errors.js';
import { fromHex } from '../hex.js';
import { loadNoblePublicPoint } from './load-p256.js';
import { decodePoint, encodePoint, negatePoint } from '../p256.js';
import { decompressPublicKey } from '../points.js';
import { getSubtle } from '../subtle.js';

/**
 * Imports a raw 32-byte P-256 scalar (the decrypted legacy session key,
 * docs/protocol.md "Session key modes") as a non-extractable ECDSA pair without
 * any arithmetic of our own on the secret: BigInt code is variable-time, and
 * a scalar's multiplication timing leaks its bits (we measured 123 to 272 µs
 * depending on the scalar with our former comb).
 *
 * - Native ({@link importScalarNatively}): PKCS#8 without the public point
 *   (RFC 5915 lets ECPrivateKey omit it), which Chromium, Firefox and Node
 *   import. The public point comes from the engine too: ECDH of the scalar
 *   with the base point G gives the x of d*G; of the two points with that x,
 *   the one a native signature verifies under is the public key.
 * - Fallback ({@link importScalarWithNoble}): engines that refuse that import
 *   (Safari, per public reports) get the public point from @noble/curves,
 *   loaded by a dynamic import only then, and import the full PKCS#8.
 *
 * Either way the pair is checked once by a native sign + verify before it is
 * returned: a wrong public point (Firefox accepts a PKCS#8 whose point does
 * not match its scalar) is a `KEY_SELF_CHECK_FAILED` refusal, never a key
 * that stamps under someone else's name. The caller's scalar and every byte
 * copy made here are zeroed before returning, on success and on failure.
 */

const ECDSA: EcKeyImportParams = { name: 'ECDSA', namedCurve: 'P-256' };
const ECDH: EcKeyImportParams = { name: 'ECDH', namedCurve: 'P-256' };
const SIGN: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };

/** The group order n, big-endian, for a range check that never makes a BigInt of the secret. */
const ORDER_BYTES = fromHex('ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/** The base point G, uncompressed SEC1 (SEC 2 v2 section 2.4.2). */
const BASE_POINT = fromHex(
  '046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296' +
    '4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5',
);

// PKCS#8 PrivateKeyInfo (RFC 5208) around an RFC 5915 ECPrivateKey:
// SEQUENCE { INTEGER 0, SEQUENCE { id-ecPublicKey, prime256v1 },
//   OCTET STRING { SEQUENCE { INTEGER 1, OCTET STRING d [, [1] BIT STRING pub] } } }
// Without the public point: the head, then the 32-byte scalar (67 bytes).
const PKCS8_BARE_HEAD = Uint8Array.from([
  0x30, 0x41, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a,
  0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x27, 0x30, 0x25, 0x02, 0x01, 0x01, 0x04, 0x20,
]);
// With it: head, scalar, [1] { BIT STRING }, the 65-byte point (138 bytes).
const PKCS8_FULL_HEAD = Uint8Array.from([
  0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08,
  0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x6d, 0x30, 0x6b, 0x02, 0x01, 0x01, 0x04, 0x20,
]);
const PKCS8_FULL_MIDDLE = Uint8Array.from([0xa1, 0x44, 0x03, 0x42, 0x00]);

/** Signed once per import; what it says does not matter, only that it verifies. */
const SELF_CHECK_MESSAGE = utf8('embedded-wallet-elements: session key self-check');

/**
 * Refuses anything but 32 bytes holding a value in [1, n-1]. The comparison
 * runs over every byte without branching on them: d < n exactly when d - n
 * borrows out of the top byte, and d != 0 when some byte is non-zero.
 */
function assertScalar(scalar: Uint8Array): void {
  if (scalar.length !== 32) {
    throw new WalletCryptoError('INVALID_PRIVATE_KEY', `private scalar expected 32 bytes, got ${scalar.length}`);
  }
  let borrow = 0;
  let nonZero = 0;
  for (let i = 31; i >= 0; i--) {
    borrow = ((scalar[i]! - ORDER_BYTES[i]! - borrow) >> 8) & 1;
    nonZero |= scalar[i]!;
  }
  if ((borrow & ((nonZero + 255) >> 8)) !== 1) {
    throw new WalletCryptoError('INVALID_PRIVATE_KEY', 'private scalar is not in [1, n-1]');
  }
}

/**
 * Returns the pair with the first candidate public point that `signature`
 * (made by `privateKey` over the self-check message) verifies under. Throws
 * `KEY_SELF_CHECK_FAILED` when none does.
 */
async function selfChecked(
  privateKey: CryptoKey,
  signature: ArrayBuffer,
  candidates: Uint8Array<ArrayBuffer>[],
): Promise<CryptoKeyPair> {
  const subtle = getSubtle();
  // One after the other: the engine runs its crypto on one thread anyway, and the first
  // candidate is the key half the time, which saves a verification (about 56 µs in Chromium).
  for (const point of candidates) {
    const publicKey = await subtle.importKey('raw', point, ECDSA, true, ['verify']);
    if (await subtle.verify(SIGN, publicKey, signature, SELF_CHECK_MESSAGE)) return { privateKey, publicKey };
  }
  throw new WalletCryptoError(
    'KEY_SELF_CHECK_FAILED',
    'the imported session key does not sign for its public key: refusing to use it',
  );
}

/** The base point as an ECDH public key, imported once per SubtleCrypto (it is a constant). */
const basePoints = new WeakMap<SubtleCrypto, Promise<CryptoKey>>();
function basePoint(subtle: SubtleCrypto): Promise<CryptoKey> {
  let key = basePoints.get(subtle);
  if (!key) {
    key = subtle.importKey('raw', BASE_POINT, ECDH, false, []);
    key.catch(() => basePoints.delete(subtle));
    basePoints.set(subtle, key);
  }
  return key;
}

/** Imports the RFC 5915 form without a public point, as ECDSA and ECDH; the engine's error if it refuses. */
async function importBare(scalar: Uint8Array): Promise<[CryptoKey, CryptoKey]> {
  const pkcs8 = concatBytes(PKCS8_BARE_HEAD, scalar);
  try {
    const subtle = getSubtle();
    return await Promise.all([
      subtle.importKey('pkcs8', pkcs8, ECDSA, false, ['sign']),
      subtle.importKey('pkcs8', pkcs8, ECDH, false, ['deriveBits']),
    ]);
  } finally {
    pkcs8.fill(0);
  }
}

/**
 * The native path on a checked scalar, leaving the caller's bytes to the
 * caller. ECDH with the base point gives the public x; of the two points with
 * that x, the self-check signature picks the one that is the key's.
 */
async function nativePair(scalar: Uint8Array): Promise<CryptoKeyPair> {
  const subtle = getSubtle();
  const [[privateKey, agreementKey], base] = await Promise.all([importBare(scalar), basePoint(subtle)]);
  const [signature, x] = await Promise.all([
    subtle.sign(SIGN, privateKey, SELF_CHECK_MESSAGE),
    subtle.deriveBits({ name: 'ECDH', public: base }, agreementKey, 256),
  ]);
  const even = await decompressPublicKey(concatBytes(Uint8Array.of(2), new Uint8Array(x)), 'session public key');
  const odd = encodePoint(negatePoint(decodePoint(even)), false);
  return selfChecked(privateKey, signature, [even, odd]);
}

/** The fallback path on a checked scalar, leaving the caller's bytes to the caller. */
async function noblePair(scalar: Uint8Array): Promise<CryptoKeyPair> {
  // P256_FALLBACK_UNAVAILABLE when the fallback does not load (load-p256.ts).
  const noble = await loadNoblePublicPoint();
  const point = noble.noblePublicPoint(scalar);
  const pkcs8 = concatBytes(PKCS8_FULL_HEAD, scalar, PKCS8_FULL_MIDDLE, point);
  let privateKey: CryptoKey;
  try {
    privateKey = await getSubtle().importKey('pkcs8', pkcs8, ECDSA, false, ['sign']);
  } finally {
    pkcs8.fill(0);
  }
  return selfChecked(privateKey, await getSubtle().sign(SIGN, privateKey, SELF_CHECK_MESSAGE), [point]);
}

/** Checks the scalar, runs `importer`, and zeroes the scalar whatever happens. */
async function wiping(
  scalar: Uint8Array,
  importer: (scalar: Uint8Array) => Promise<CryptoKeyPair>,
): Promise<CryptoKeyPair> {
  try {
    assertScalar(scalar);
    return await importer(scalar);
  } finally {
    scalar.fill(0);
  }
}

/**
 * The native path alone: rejects with the engine's own error (a
 * `DOMException`) where PKCS#8 without a public point is refused. Exported so
 * tests can cross-check both paths in every engine.
 */
export function importScalarNatively(scalar: Uint8Array): Promise<CryptoKeyPair> {
  return wiping(scalar, nativePair);
}

/** The fallback path alone: the public point from @noble/curves (loaded on first use). */
export function importScalarWithNoble(scalar: Uint8Array): Promise<CryptoKeyPair> {
  return wiping(scalar, noblePair);
}

/**
 * Imports a raw 32-byte P-256 scalar as a non-extractable, self-checked ECDSA
 * pair: natively where the engine can, else through @noble/curves. Zeroes
 * `scalar` before settling.
 */
export function importSigningScalar(scalar: Uint8Array): Promise<CryptoKeyPair> {
  return wiping(scalar, async (checked) => {
    try {
      return await nativePair(checked);
    } catch (error) {
      // Our own refusals are verdicts; only the engine's refusal of the native steps means "fall back".
      if (error instanceof WalletCryptoError) throw error;
      return noblePair(checked);
    }
  });
}
