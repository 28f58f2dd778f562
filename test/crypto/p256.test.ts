/**
 * Our P-256 point code against two independent implementations: @noble/curves
 * and the platform's own WebCrypto (OpenSSL under Node, BoringSSL in Chromium).
 * Every refusal is pinned to the check that makes it: a non-canonical
 * coordinate (x + p, y + p) is a point of the curve in every other respect.
 */
import { expect } from 'chai';
import { describe, it, report } from '#test-harness';
import * as p256Module from '../../src/crypto/p256.js';
import { P256_ORDER, decodePoint, encodePoint } from '../../src/crypto/p256.js';
import { fromBase64Url, toHex } from '../../src/crypto/index.js';
import { p256 } from '../helpers/enclave.js';

const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;

const toBig = (bytes: Uint8Array): bigint => BigInt(`0x${toHex(bytes) || '0'}`);
const big32 = (n: bigint): Uint8Array =>
  Uint8Array.from(n.toString(16).padStart(64, '0').match(/../g)!, (h) => parseInt(h, 16));
const withPrefix = (prefix: number, ...parts: Uint8Array[]): Uint8Array =>
  Uint8Array.from([prefix, ...parts.flatMap((part) => [...part])]);

/** Euler's criterion with @noble/curves' field, independent of our code. */
function isSquare(x: bigint): boolean {
  const Fp = p256.Point.Fp;
  const rhs = Fp.add(Fp.sub(Fp.mul(Fp.sqr(x), x), Fp.mul(3n, x)), p256.Point.CURVE().b);
  return Fp.eql(Fp.pow(rhs, (P - 1n) / 2n), Fp.ONE) || Fp.is0(rhs);
}

/** The error message `decodePoint` refuses `bytes` with (fails the test when it accepts). */
function refusal(bytes: Uint8Array): string {
  try {
    decodePoint(bytes);
  } catch (error) {
    expect(error).to.be.instanceOf(RangeError);
    return (error as Error).message;
  }
  throw new Error(`decodePoint accepted ${toHex(bytes)}`);
}

// The smallest x with a curve point above it, and the point (x, 1): the root of
// x^3 - 3x + b - 1 (found once by factoring that cubic over F_p; checked by noble below).
const SMALL_X = (() => {
  let x = 0n;
  while (!isSquare(x)) x++;
  return p256.Point.fromBytes(withPrefix(2, big32(x))).toAffine();
})();
const Y_IS_ONE = { x: 0x8d0177ebab9c6e9e10db6dd095dbac0d6375e8a97b70f611875d877f0069d2c7n, y: 1n };

describe('P-256 point decoding and encoding', () => {
  it('keeps only public-point code: no scalar multiplication is exported', () => {
    expect(Object.keys(p256Module).sort()).to.deep.equal(['P256_ORDER', 'decodePoint', 'encodePoint', 'negatePoint']);
    expect(P256_ORDER).to.equal(p256.Point.Fn.ORDER);
  });

  it('negates a point like @noble/curves: same x, the other y', () => {
    for (let i = 0; i < 50; i++) {
      const point = p256.Point.BASE.multiply(BigInt(i + 1) * 7919n);
      const ours = p256Module.negatePoint(decodePoint(point.toBytes(false)));
      expect(encodePoint(ours, false)).to.deep.equal(point.negate().toBytes(false));
    }
  });

  it('decodes and encodes SEC1 points in both forms like @noble/curves', () => {
    for (let i = 0; i < 100; i++) {
      const point = p256.Point.BASE.multiply(toBig(p256.utils.randomSecretKey()));
      const compressed = point.toBytes(true);
      const uncompressed = point.toBytes(false);
      for (const bytes of [compressed, uncompressed]) {
        const decoded = decodePoint(bytes);
        expect(toHex(encodePoint(decoded, true))).to.equal(toHex(compressed));
        expect(toHex(encodePoint(decoded, false))).to.equal(toHex(uncompressed));
      }
    }
  });

  it("decodes the public keys of the platform's own WebCrypto key pairs", async () => {
    for (let i = 0; i < 20; i++) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
      const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      const point = decodePoint(encodePoint(decodePoint(raw), true));
      expect(point.x).to.equal(toBig(fromBase64Url(jwk.x!)));
      expect(point.y).to.equal(toBig(fromBase64Url(jwk.y!)));
    }
  });

  it('refuses wrong lengths and prefixes, coordinates >= p, points off the curve and x without a point', () => {
    const g = p256.Point.BASE.toBytes(false);
    const gx = g.subarray(1, 33);
    const gy = g.subarray(33);
    // The smallest x with no curve point above it (x^3 - 3x + b is not a square).
    let x = 0n;
    while (p256.Point.Fp.isValid(x) && isSquare(x)) x++;
    const bad: [string, Uint8Array][] = [
      ['empty', new Uint8Array(0)],
      ['identity (00)', new Uint8Array([0])],
      ['04 with 33 bytes', withPrefix(4, gx)],
      ['02 with 65 bytes', withPrefix(2, gx, gy)],
      ['prefix 05', withPrefix(5, gx, gy)],
      ['prefix 01', withPrefix(1, gx)],
      ['x = p (uncompressed)', withPrefix(4, big32(P), gy)],
      ['x = p (compressed)', withPrefix(2, big32(P))],
      ['y = p', withPrefix(4, gx, big32(P))],
      ['y + 1 (off the curve)', withPrefix(4, gx, big32(toBig(gy) + 1n))],
      ['x with no point', withPrefix(3, big32(x))],
    ];
    for (const [name, bytes] of bad) expect(() => decodePoint(bytes), name).to.throw(RangeError);
    report(`P-256 decode: ${bad.length} malformed encodings refused`);
  });

  it('refuses x + p and y + p, encodings of real curve points that only the range checks catch', () => {
    // Both points are on the curve, and p + x, p + y still fit in 32 bytes.
    for (const point of [SMALL_X, Y_IS_ONE]) p256.Point.fromAffine(point).assertValidity();
    expect(SMALL_X.x + P < 1n << 256n && Y_IS_ONE.y + P < 1n << 256n).to.equal(true);
    // The canonical forms decode...
    expect(decodePoint(withPrefix(4, big32(SMALL_X.x), big32(SMALL_X.y)))).to.deep.equal(SMALL_X);
    expect(decodePoint(withPrefix(2 + Number(SMALL_X.y & 1n), big32(SMALL_X.x)))).to.deep.equal(SMALL_X);
    expect(decodePoint(withPrefix(4, big32(Y_IS_ONE.x), big32(1n)))).to.deep.equal(Y_IS_ONE);
    // ...and the same points with a coordinate plus p do not, each for its range check.
    const nonCanonical: [string, Uint8Array, RegExp][] = [
      ['04 || x+p || y', withPrefix(4, big32(SMALL_X.x + P), big32(SMALL_X.y)), /x is not below the field prime/],
      ['02/03 || x+p', withPrefix(2 + Number(SMALL_X.y & 1n), big32(SMALL_X.x + P)), /x is not below the field prime/],
      ['04 || x || y+p', withPrefix(4, big32(Y_IS_ONE.x), big32(Y_IS_ONE.y + P)), /not on the curve/],
    ];
    for (const [name, bytes, reason] of nonCanonical) expect(refusal(bytes), name).to.match(reason);
    report(`P-256 decode: ${nonCanonical.length} non-canonical encodings (x+p, y+p) of curve points refused`);
  });
});
