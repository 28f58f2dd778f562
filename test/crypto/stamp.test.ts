/**
 * createStamp's low-S normalisation, made deterministic: WebCrypto's own
 * signatures are high-S about half the time, so a random sample can miss a
 * dropped normalisation. Here the test wraps `subtle.sign` so that every other
 * raw signature createStamp receives is the high-S twin (n - s) of a valid one
 * (both verify), and every stamp must still come out low-S and verify.
 */
import { expect } from 'chai';
import { afterEach, describe, it, report } from '#test-harness';
import {
  base64UrlJson,
  createStamp,
  generateSigningKeyPair,
  parseStamp,
  publicKeyHex,
} from '../../src/crypto/index.js';
import { importSigningScalar } from '../../src/crypto/hpke/scalar-import.js';
import { p256 } from '../helpers/enclave.js';

const N = p256.Point.Fn.ORDER;
const bytesOf = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
const sOf = (raw: Uint8Array) =>
  BigInt(`0x${Array.from(raw.subarray(32), (b) => b.toString(16).padStart(2, '0')).join('')}`);
const with32 = (raw: Uint8Array, s: bigint) =>
  Uint8Array.from([...raw.subarray(0, 32), ...bytesOf(s.toString(16).padStart(64, '0'))]);

const originalSign = SubtleCrypto.prototype.sign;
afterEach(() => {
  SubtleCrypto.prototype.sign = originalSign;
});

describe('createStamp', () => {
  it('a key pair that can neither sign nor export rejects once, with nothing left unhandled', async () => {
    const unhandled: unknown[] = [];
    const onBrowser = (event: PromiseRejectionEvent) => unhandled.push(event.reason);
    const onNode = (reason: unknown) => unhandled.push(reason);
    const node = (globalThis as { process?: NodeJS.Process }).process;
    if (typeof window !== 'undefined') window.addEventListener('unhandledrejection', onBrowser);
    else node?.on('unhandledRejection', onNode);
    try {
      const ecdh = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
      const broken = { privateKey: ecdh.privateKey, publicKey: ecdh.privateKey } as CryptoKeyPair;
      let rejected = false;
      await createStamp('{}', broken).catch(() => (rejected = true));
      expect(rejected).to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).to.deep.equal([]);
    } finally {
      if (typeof window !== 'undefined') window.removeEventListener('unhandledrejection', onBrowser);
      else node?.off('unhandledRejection', onNode);
    }
  });

  it('makes 200 low-S stamps that verify, while half the raw signatures it gets are high-S', async () => {
    const pairs = [await generateSigningKeyPair(), await importSigningScalar(p256.utils.randomSecretKey())];
    let calls = 0;
    let highSGiven = 0;
    // Even calls get the high-S form, odd calls the low-S one: the same signature either way.
    SubtleCrypto.prototype.sign = async function (this: SubtleCrypto, ...args: Parameters<SubtleCrypto['sign']>) {
      const raw = new Uint8Array(await originalSign.apply(this, args));
      const s = sOf(raw);
      const wantHigh = calls++ % 2 === 0;
      const out = wantHigh === s > N / 2n ? raw : with32(raw, N - s);
      if (sOf(out) > N / 2n) highSGiven++;
      return out.buffer;
    };
    const STAMPS = 200;
    for (let i = 0; i < STAMPS; i++) {
      const pair = pairs[i % pairs.length]!;
      const payload = `{"type":"ACTIVITY_TYPE_TEST","n":${i}}`;
      const header = await createStamp(payload, pair);
      const stamp = parseStamp(header);
      // Written out by hand, the header is still byte for byte the JSON.stringify of its members.
      expect(header, `stamp ${i}: the JSON of {publicKey, scheme, signature}`).to.equal(base64UrlJson(stamp));
      expect(stamp.publicKey).to.equal(await publicKeyHex(pair.publicKey, 'compressed'));
      const signature = p256.Signature.fromBytes(bytesOf(stamp.signature), 'der');
      expect(signature.s <= N / 2n, `stamp ${i}: s <= n/2`).to.equal(true);
      // noble's default verify refuses high-S: the stamp is exactly what a strict verifier accepts.
      expect(
        p256.verify(signature.toBytes('compact'), new TextEncoder().encode(payload), bytesOf(stamp.publicKey)),
        `stamp ${i} verifies`,
      ).to.equal(true);
    }
    expect(calls).to.equal(STAMPS);
    expect(highSGiven).to.equal(STAMPS / 2);
    report(`createStamp: ${STAMPS} stamps low-S and verified, ${highSGiven} of them made from a high-S raw signature`);
  });
});
