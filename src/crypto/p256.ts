/**
 * P-256 (secp256r1, SEC 2 v2 section 2.4.2) public points in plain BigInt
 * arithmetic: SEC1 decoding with full validation, and encoding. Nothing here
 * touches a secret: WebCrypto does every signature, key agreement and key
 * import, and the one secret multiplication the widget ever needs (a legacy
 * session scalar to its public key) is WebCrypto's, or @noble/curves' where the
 * engine cannot (src/crypto/hpke/scalar-import.ts).
 *
 * Why not @noble/curves for points too: its Weierstrass core costs about 9 KB
 * min+gzip on every partner page for decoding a few public keys. The tests
 * hold this module to @noble/curves, to the platform's own keys and to
 * Wycheproof's points. BigInt arithmetic is not constant-time, which is fine
 * for public data only.
 */

const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

/** The order n of the group (the cofactor is 1: every curve point is in it). */
export const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

/** A curve point other than the identity, in affine coordinates. */
export interface AffinePoint {
  x: bigint;
  y: bigint;
}

const mod = (a: bigint): bigint => {
  const r = a % P;
  return r < 0n ? r + P : r;
};

function pow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  for (let b = mod(base), e = exponent; e > 0n; e >>= 1n, b = (b * b) % P) {
    if (e & 1n) result = (result * b) % P;
  }
  return result;
}

/** The curve's right-hand side x^3 - 3x + b. */
const curveRhs = (x: bigint): bigint => mod(x * x * x - 3n * x + B);

/** Reads a 32-byte big-endian integer at `offset`. */
function readInt(bytes: Uint8Array, offset: number): bigint {
  let n = 0n;
  for (let i = offset; i < offset + 32; i++) n = (n << 8n) | BigInt(bytes[i]!);
  return n;
}

function writeInt(out: Uint8Array, offset: number, n: bigint): void {
  for (let i = offset + 31; i >= offset; i--, n >>= 8n) out[i] = Number(n & 0xffn);
}

/**
 * Decodes a SEC1 point, 65 bytes `04 || X || Y` or 33 bytes `02|03 || X`, and
 * refuses anything that is not a point of the group: wrong length or prefix,
 * coordinates not below p, off the curve (the identity has no such encoding).
 */
export function decodePoint(bytes: Uint8Array): AffinePoint {
  const prefix = bytes[0];
  if (!((bytes.length === 65 && prefix === 4) || (bytes.length === 33 && (prefix === 2 || prefix === 3)))) {
    throw new RangeError(`expected a 33- or 65-byte SEC1 point, got ${bytes.length} bytes with prefix ${prefix}`);
  }
  const x = readInt(bytes, 1);
  if (x >= P) throw new RangeError('x is not below the field prime');
  const rhs = curveRhs(x);
  if (prefix === 4) {
    const y = readInt(bytes, 33);
    if (y >= P || (y * y) % P !== rhs) throw new RangeError('the point is not on the curve');
    return { x, y };
  }
  // p = 3 (mod 4), so a square root of rhs, if there is one, is rhs^((p+1)/4).
  const root = pow(rhs, (P + 1n) >> 2n);
  if ((root * root) % P !== rhs) throw new RangeError('no curve point has this x');
  // y = 0 has no point on P-256 (prime order), so the two roots differ in parity.
  return { x, y: (root & 1n) === BigInt(prefix & 1) ? root : P - root };
}

/** The point with the same x and the other y: -point. */
export const negatePoint = (point: AffinePoint): AffinePoint => ({ x: point.x, y: P - point.y });

/** SEC1 bytes of a point: 33 compressed or 65 uncompressed. */
export function encodePoint(point: AffinePoint, compressed: boolean): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(compressed ? 33 : 65);
  out[0] = compressed ? 2 + Number(point.y & 1n) : 4;
  writeInt(out, 1, point.x);
  if (!compressed) writeInt(out, 33, point.y);
  return out;
}
