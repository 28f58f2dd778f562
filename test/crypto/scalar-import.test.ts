/**
 * Importing a legacy session scalar (src/crypto/hpke/scalar-import.ts) by both
 * paths in this engine: native (PKCS#8 without the public point, d*G by ECDH
 * with G) and the @noble/curves fallback, called directly so the fallback runs
 * here even though this engine imports natively. Both are held to
 * @noble/curves as the oracle and to each other; the self-check, the range
 * check and the wiping of every secret buffer are each made to fail once by
 * wrapping WebCrypto in the test (never by a seam in the code under test).
 */
import { expect } from 'chai';
import { afterEach, describe, it, report } from '#test-harness';
import { createStamp, publicKeyHex, toHex } from '../../src/crypto/index.js';
import {
  importScalarNatively,
  importScalarWithNoble,
  importSigningScalar,
} from '../../src/crypto/hpke/scalar-import.js';
import { p256 } from '../helpers/enclave.js';
import { rejectsWithCode } from '../helpers/keys.js';

const N = p256.Point.Fn.ORDER;
const big32 = (n: bigint): Uint8Array =>
  Uint8Array.from(n.toString(16).padStart(64, '0').match(/../g)!, (h) => parseInt(h, 16));
const isZero = (bytes: Uint8Array) => bytes.every((b) => b === 0);
const fromHexTest = (hex: string) => Uint8Array.from(hex.match(/../g)!, (h) => parseInt(h, 16));
// RFC 5915 ECPrivateKey in PKCS#8 without the public point, up to the 32-byte scalar.
const BARE_PKCS8_HEAD = fromHexTest('3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420');

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGN = { name: 'ECDSA', hash: 'SHA-256' };

type Importer = (scalar: Uint8Array) => Promise<CryptoKeyPair>;
const PATHS: [string, Importer][] = [
  ['native', importScalarNatively],
  ['noble fallback', importScalarWithNoble],
  ['importSigningScalar', importSigningScalar],
];

// Test-only wrappers around WebCrypto, undone after each test.
const originals = {
  importKey: SubtleCrypto.prototype.importKey,
  deriveBits: SubtleCrypto.prototype.deriveBits,
};
afterEach(() => {
  SubtleCrypto.prototype.importKey = originals.importKey;
  SubtleCrypto.prototype.deriveBits = originals.deriveBits;
});

interface ImportCall {
  format: string;
  algorithm: string;
  /** The very array passed in (to see it wiped later). */
  keyData: Uint8Array | undefined;
  /** Its bytes at the moment of the call. */
  snapshot: Uint8Array | undefined;
}

/**
 * Records every importKey call; `replace` may answer a call itself (return
 * undefined to let it through to the real importKey).
 */
function spyImportKey(
  replace?: (call: ImportCall, original: (...args: any[]) => Promise<CryptoKey>) => Promise<CryptoKey> | undefined,
): ImportCall[] {
  const calls: ImportCall[] = [];
  SubtleCrypto.prototype.importKey = function (this: SubtleCrypto, ...args: any[]) {
    const [format, keyData, algorithm] = args;
    const bytes = ArrayBuffer.isView(keyData) ? (keyData as Uint8Array) : undefined;
    const call = { format, algorithm: algorithm.name, keyData: bytes, snapshot: bytes?.slice() };
    calls.push(call);
    const original = (...a: any[]) => originals.importKey.apply(this, a as never);
    return replace?.(call, original) ?? original(...args);
  } as never;
  return calls;
}

/** Makes this engine refuse PKCS#8 without a public point, as Safari is reported to. */
function refuseBarePkcs8(): ImportCall[] {
  return spyImportKey((call) =>
    call.format === 'pkcs8' && call.keyData?.length === 67
      ? Promise.reject(new DOMException('simulated: no public key in PKCS#8', 'NotSupportedError'))
      : undefined,
  );
}

/** Imports a copy of `scalar` by `importer`; checks the pair against noble and by a stamp noble verifies. */
async function importAndCheck(importer: Importer, scalar: Uint8Array, label: string): Promise<string> {
  const expected = toHex(p256.getPublicKey(scalar, false));
  const input = scalar.slice();
  const pair = await importer(input);
  expect(isZero(input), `${label}: input wiped`).to.equal(true);
  expect(pair.privateKey.extractable, label).to.equal(false);
  const actual = await publicKeyHex(pair.publicKey, 'uncompressed');
  expect(actual, label).to.equal(expected);
  // A stamp verified natively under the oracle's public key (not the one the import derived).
  const payload = `self-check ${label}`;
  const stamp = JSON.parse(atob((await createStamp(payload, pair)).replace(/-/g, '+').replace(/_/g, '/')));
  const signature = p256.Signature.fromBytes(fromHexTest(stamp.signature), 'der').toBytes('compact');
  const oracleKey = await originals.importKey.call(crypto.subtle, 'raw', fromHexTest(expected), ECDSA, false, [
    'verify',
  ]);
  const verified = await crypto.subtle.verify(SIGN, oracleKey, signature, new TextEncoder().encode(payload));
  expect(verified, `${label}: stamp verifies under the oracle's key`).to.equal(true);
  return actual;
}

/** True when this engine imports PKCS#8 without a public point (Chromium, Firefox, Node; not Safari). */
async function importsNatively(): Promise<boolean> {
  try {
    await importScalarNatively(p256.utils.randomSecretKey());
    return true;
  } catch (error) {
    if (error instanceof DOMException) return false;
    throw error;
  }
}

describe('importing a session scalar', () => {
  it('native and @noble/curves paths give the same key as the oracle for edge and 200 random scalars', async () => {
    const native = await importsNatively();
    const edges = [1n, 2n, 3n, 255n, 256n, 1n << 128n, 1n << 255n, N >> 1n, (N >> 1n) + 1n, N - 2n, N - 1n];
    const scalars = [...edges.map(big32), ...Array.from({ length: 200 }, () => p256.utils.randomSecretKey())];
    for (const [i, scalar] of scalars.entries()) {
      const fromNoble = await importAndCheck(importScalarWithNoble, scalar, `noble #${i}`);
      if (native) expect(await importAndCheck(importScalarNatively, scalar, `native #${i}`)).to.equal(fromNoble);
      await importAndCheck(importSigningScalar, scalar, `chosen #${i}`);
    }
    report(
      `scalar import: ${scalars.length} scalars (${edges.length} edge), native ${native ? 'and' : 'unavailable here,'} noble fallback agree with @noble/curves, stamps verify`,
    );
  });

  it('importSigningScalar takes the native path where the engine allows it, importing no public point', async () => {
    const native = await importsNatively();
    const calls = spyImportKey();
    await importAndCheck(importSigningScalar, p256.utils.randomSecretKey(), 'chosen');
    const pkcs8 = calls.filter((c) => c.format === 'pkcs8').map((c) => `${c.algorithm}:${c.keyData!.length}`);
    // Native: the 67-byte form as ECDSA and ECDH. Refused: those two tries, then the 138-byte form with the point.
    expect(pkcs8).to.deep.equal(native ? ['ECDSA:67', 'ECDH:67'] : ['ECDSA:67', 'ECDH:67', 'ECDSA:138']);
  });

  it('where the engine refuses PKCS#8 without the public point, it falls back to @noble/curves', async () => {
    const calls = refuseBarePkcs8();
    for (let i = 0; i < 20; i++)
      await importAndCheck(importSigningScalar, p256.utils.randomSecretKey(), `fallback #${i}`);
    expect(calls.some((c) => c.format === 'pkcs8' && c.keyData!.length === 138)).to.equal(true);
    let refusal: unknown;
    await importScalarNatively(p256.utils.randomSecretKey()).catch((error: unknown) => (refusal = error));
    expect((refusal as DOMException).name, 'the native path alone passes the refusal on').to.equal('NotSupportedError');
  });

  it('refuses 0, n and above, and wrong lengths, with INVALID_PRIVATE_KEY before any import, on every path', async () => {
    const order = big32(N);
    const above: Uint8Array[] = [order, big32(N + 1n), new Uint8Array(32).fill(0xff)];
    const below: Uint8Array[] = [big32(N - 1n), big32(1n)];
    // n with one byte moved by one, at every position: checks the byte-wise comparison's borrow.
    for (let i = 0; i < 32; i++) {
      if (order[i]! < 0xff) above.push(Uint8Array.from(order, (b, j) => (j === i ? b + 1 : b)));
      if (order[i]! > 0) below.push(Uint8Array.from(order, (b, j) => (j === i ? b - 1 : b)));
    }
    const refused = [new Uint8Array(32), ...above, new Uint8Array(31).fill(1), new Uint8Array(33).fill(1)];
    const calls = spyImportKey();
    for (const [name, importer] of PATHS) {
      for (const scalar of refused) {
        const input = scalar.slice();
        await rejectsWithCode(importer(input), 'INVALID_PRIVATE_KEY');
        expect(isZero(input), `${name}: refused input wiped`).to.equal(true);
      }
    }
    expect(calls, 'no import attempted').to.deep.equal([]);
    for (const scalar of below) await importAndCheck(importScalarNatively, scalar, `below n ${toHex(scalar)}`);
    report(`scalar range: ${refused.length} refused on ${PATHS.length} paths, ${below.length} just below n imported`);
  });

  it('the self-check refuses a public key that is not the private key’s, on every path', async () => {
    // A verify key for another point than the one derived: the native signature cannot verify under it.
    const other = p256.getPublicKey(p256.utils.randomSecretKey(), false);
    spyImportKey((call, original) =>
      call.format === 'raw' && call.algorithm === 'ECDSA'
        ? original('raw', other, { name: 'ECDSA', namedCurve: 'P-256' }, true, ['verify'])
        : undefined,
    );
    for (const [name, importer] of PATHS) {
      const input = p256.utils.randomSecretKey();
      await rejectsWithCode(importer(input), 'KEY_SELF_CHECK_FAILED');
      expect(isZero(input), name).to.equal(true);
    }
  });

  it('the self-check catches an engine that keeps another scalar than the PKCS#8 point names (Firefox-like)', async () => {
    // The engine signs with a scalar of its own and ignores the point, as Firefox does with a mismatched one.
    spyImportKey((call, original) => {
      if (call.format !== 'pkcs8' || call.keyData?.length !== 138) return undefined;
      const bare = Uint8Array.from([...BARE_PKCS8_HEAD, ...p256.utils.randomSecretKey()]);
      return original('pkcs8', bare, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
    });
    await rejectsWithCode(importScalarWithNoble(p256.utils.randomSecretKey()), 'KEY_SELF_CHECK_FAILED');
  });

  it('the self-check refuses a natively derived x that is not the scalar’s', async () => {
    // ECDH answering with another point's x: neither candidate verifies.
    const wrongX = p256.getPublicKey(p256.utils.randomSecretKey(), false).slice(1, 33);
    SubtleCrypto.prototype.deriveBits = async function () {
      return wrongX.buffer;
    } as never;
    await rejectsWithCode(importScalarNatively(p256.utils.randomSecretKey()), 'KEY_SELF_CHECK_FAILED');
    await rejectsWithCode(importSigningScalar(p256.utils.randomSecretKey()), 'KEY_SELF_CHECK_FAILED');
  });

  it('zeroes the scalar and every PKCS#8 buffer it handed to WebCrypto, on both paths', async () => {
    const cases: [string, Importer, () => ImportCall[]][] = [
      ['importSigningScalar', importSigningScalar, () => spyImportKey()],
      ['importSigningScalar, native refused', importSigningScalar, refuseBarePkcs8],
      ['native', importScalarNatively, () => spyImportKey()],
      ['noble fallback', importScalarWithNoble, () => spyImportKey()],
    ];
    const native = await importsNatively();
    let buffers = 0;
    for (const [name, importer, spy] of cases) {
      // Where the engine refuses the native import, only the paths that end in the fallback can succeed.
      if (!native && (importer === importScalarNatively || spy !== refuseBarePkcs8)) continue;
      const calls = spy();
      const scalar = p256.utils.randomSecretKey();
      const secret = toHex(scalar);
      await importAndCheck(importer, scalar, name);
      const pkcs8 = calls.filter((c) => c.format === 'pkcs8');
      expect(pkcs8.length, name).to.be.greaterThan(0);
      for (const call of pkcs8) {
        // The spy saw the real secret (so the check below means something), and it is gone now.
        expect(toHex(call.snapshot!), name).to.include(secret);
        expect(
          isZero(call.keyData!),
          `${name}: ${call.algorithm} PKCS#8 of ${call.keyData!.length} bytes wiped`,
        ).to.equal(true);
        buffers++;
      }
      SubtleCrypto.prototype.importKey = originals.importKey;
    }
    report(`scalar import: ${buffers} PKCS#8 buffers seen by WebCrypto, all zeroed afterwards`);
  });
});
