/**
 * P-256 (secp256r1, SEC 2 v2 section 2.4.2) in plain BigInt arithmetic: SEC1
 * point decoding with full validation, point encoding, and the one scalar
 * multiplication the widget needs, a legacy session scalar to its public key
 * (WebCrypto cannot do that portably: Safari refuses a PKCS#8 key without its
 * public point). WebCrypto does every signature and key agreement.
 *
 * Why not @noble/curves: its generic Weierstrass core costs about 9 KB
 * min+gzip on every partner page for these few operations. The tests hold this
 * module to @noble/curves, to Chromium's own keys and to Wycheproof's points.
 *
 * BigInt arithmetic is not constant-time. Points are public data; the one
 * secret multiplication runs once per sign-in on the user's own device.
 */

const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;
const GX = 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n;
const GY = 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n;

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

/** a^-1 mod p by the extended Euclidean algorithm (a != 0). */
function invert(a: bigint): bigint {
  // Invariants: x = u * a and y = v * a (mod p); ends with y = gcd = 1.
  let [x, y, u, v] = [mod(a), P, 1n, 0n];
  while (x !== 0n) {
    const q = y / x;
    [x, y, u, v] = [y - q * x, x, v - q * u, u];
  }
  return mod(v);
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

/** SEC1 bytes of a point: 33 compressed or 65 uncompressed. */
export function encodePoint(point: AffinePoint, compressed: boolean): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(compressed ? 33 : 65);
  out[0] = compressed ? 2 + Number(point.y & 1n) : 4;
  writeInt(out, 1, point.x);
  if (!compressed) writeInt(out, 33, point.y);
  return out;
}

// Jacobian coordinates (X, Y, Z) stand for (X/Z^2, Y/Z^3); Z = 0 is the identity.
type Jacobian = [bigint, bigint, bigint];
const IDENTITY: Jacobian = [1n, 1n, 0n];

/** 2P for a = -3 ("dbl-2001-b", Bernstein-Lange explicit formulas). */
function double([x, y, z]: Jacobian): Jacobian {
  if (z === 0n) return IDENTITY;
  const zz = (z * z) % P;
  const yy = (y * y) % P;
  const alpha = mod(3n * (x - zz) * (x + zz));
  const beta = (x * yy) % P;
  const x3 = mod(alpha * alpha - 8n * beta);
  const z3 = mod((y + z) * (y + z) - yy - zz);
  const y3 = mod(alpha * (4n * beta - x3) - 8n * yy * yy);
  return [x3, y3, z3];
}

/** P + Q ("add-1998-cmo-2"), falling back to doubling when P = Q. */
function add(p: Jacobian, q: Jacobian): Jacobian {
  const [x1, y1, z1] = p;
  const [x2, y2, z2] = q;
  if (z1 === 0n) return q;
  if (z2 === 0n) return p;
  const z1z1 = (z1 * z1) % P;
  const z2z2 = (z2 * z2) % P;
  const u1 = (x1 * z2z2) % P;
  const s1 = (y1 * z2 * z2z2) % P;
  const h = mod(((x2 * z1z1) % P) - u1);
  const r = mod(((y2 * z1 * z1z1) % P) - s1);
  if (h === 0n) return r === 0n ? double(p) : IDENTITY;
  const hh = (h * h) % P;
  const hhh = (h * hh) % P;
  const v = (u1 * hh) % P;
  const x3 = mod(r * r - hhh - 2n * v);
  const y3 = mod(r * (v - x3) - s1 * hhh);
  return [x3, y3, (z1 * z2 * h) % P];
}

/** The affine form of a non-identity point. */
function toAffine([x, y, z]: Jacobian): AffinePoint {
  const zInv = invert(z);
  const zInv2 = (zInv * zInv) % P;
  return { x: (x * zInv2) % P, y: (y * zInv2 * zInv) % P };
}

// Fixed-base comb (Lim-Lee) with four teeth 64 bits apart: entry k (1..15)
// is the sum of 2^(64i) * G over the set bits i of k. d*G then costs 64
// doublings and at most 64 additions, and the table ~200 doublings once per
// page. A table per 4-bit window (960 entries) measured no faster warm and
// five times slower on the first call, the one a user waits for at sign-in.
let combTable: Jacobian[] | undefined;

function getCombTable(): Jacobian[] {
  if (combTable) return combTable;
  const teeth: Jacobian[] = [[GX, GY, 1n]];
  for (let i = 1; i < 4; i++) {
    let tooth = teeth[i - 1]!;
    for (let j = 0; j < 64; j++) tooth = double(tooth);
    teeth.push(tooth);
  }
  const table: Jacobian[] = [IDENTITY];
  for (let k = 1; k < 16; k++) {
    const top = 31 - Math.clz32(k);
    table.push(add(table[k ^ (1 << top)]!, teeth[top]!));
  }
  return (combTable = table);
}

/** d * G for a scalar d in [1, n-1]. */
export function multiplyBase(d: bigint): AffinePoint {
  if (d <= 0n || d >= P256_ORDER) throw new RangeError('scalar is not in [1, n-1]');
  const table = getCombTable();
  const limbs = [0, 1, 2, 3].map((i) => (d >> BigInt(64 * i)) & 0xffffffffffffffffn);
  let sum = IDENTITY;
  for (let j = 63; j >= 0; j--) {
    const bit = BigInt(j);
    let k = 0;
    for (let i = 0; i < 4; i++) k |= Number((limbs[i]! >> bit) & 1n) << i;
    sum = add(double(sum), table[k]!);
  }
  // 0 < d < n, so the sum is not the identity.
  return toAffine(sum);
}
