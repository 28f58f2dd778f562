/**
 * Our P-256 point code against two independent implementations: @noble/curves
 * and the platform's own WebCrypto (OpenSSL under Node, BoringSSL in Chromium).
 */
import { expect } from 'chai';
import { describe, it, report } from '#test-harness';
import { P256_ORDER, decodePoint, encodePoint, multiplyBase } from '../../src/crypto/p256.js';
import { fromBase64Url, toHex } from '../../src/crypto/index.js';
import { p256 } from '../helpers/enclave.js';

const N = P256_ORDER;
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;

const toBig = (bytes: Uint8Array): bigint => BigInt(`0x${toHex(bytes) || '0'}`);
const big32 = (n: bigint): Uint8Array =>
  Uint8Array.from(n.toString(16).padStart(64, '0').match(/../g)!, (h) => parseInt(h, 16));

describe('P-256 point arithmetic', () => {
  it('d*G equals @noble/curves for edge scalars and 300 random ones', () => {
    const edges = [1n, 2n, 3n, 15n, 16n, 17n, 255n, 256n, 1n << 252n, (1n << 252n) - 1n, N - 1n, N - 2n, N >> 1n];
    // The comb's teeth alone and together (2^(64i), one column of all four), dense and sparse patterns.
    edges.push(1n << 64n, 1n << 128n, 1n << 192n, 1n << 255n, (1n << 192n) + (1n << 128n) + (1n << 64n) + 1n);
    edges.push(BigInt(`0x${'f0'.repeat(32)}`) % N, BigInt(`0x${'0f'.repeat(32)}`), (1n << 256n) - 1n - N);
    const random = Array.from({ length: 300 }, () => toBig(p256.utils.randomSecretKey()));
    for (const d of [...edges, ...random]) {
      const expected = p256.Point.BASE.multiply(d).toAffine();
      const actual = multiplyBase(d);
      expect(actual.x === expected.x && actual.y === expected.y, `d = ${d.toString(16)}`).to.equal(true);
    }
    report(`P-256 d*G: ${edges.length} edge + ${random.length} random scalars match @noble/curves`);
  });

  it("d*G equals the public key of the platform's own WebCrypto key pairs", async () => {
    for (let i = 0; i < 20; i++) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
      const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
      const point = multiplyBase(toBig(fromBase64Url(jwk.d!)));
      expect(point.x).to.equal(toBig(fromBase64Url(jwk.x!)));
      expect(point.y).to.equal(toBig(fromBase64Url(jwk.y!)));
    }
  });

  it('refuses scalars outside [1, n-1]', () => {
    for (const d of [0n, -1n, N, N + 1n]) expect(() => multiplyBase(d), String(d)).to.throw(RangeError);
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

  it('refuses wrong lengths and prefixes, coordinates >= p, points off the curve and x without a point', () => {
    const g = p256.Point.BASE.toBytes(false);
    const gx = g.subarray(1, 33);
    const gy = g.subarray(33);
    const withPrefix = (prefix: number, ...parts: Uint8Array[]): Uint8Array =>
      Uint8Array.from([prefix, ...parts.flatMap((part) => [...part])]);
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
});

/** Euler's criterion with @noble/curves' field, independent of our code. */
function isSquare(x: bigint): boolean {
  const Fp = p256.Point.Fp;
  const rhs = Fp.add(Fp.sub(Fp.mul(Fp.sqr(x), x), Fp.mul(3n, x)), p256.Point.CURVE().b);
  return Fp.eql(Fp.pow(rhs, (P - 1n) / 2n), Fp.ONE) || Fp.is0(rhs);
}
