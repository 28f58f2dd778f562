import { expect } from 'chai';
import fc from 'fast-check';
import { describe, it, report } from '#test-harness';
import { WalletCryptoError, fromBase64Url, fromHex, toBase64Url, toHex } from '../../src/crypto/index.js';
import { fromBase58, fromBase58Check, toBase58, toBase58Check } from '../../src/crypto/hpke/base58check.js';

/** Runs `fn` and requires it to return or throw our typed error, nothing else. */
function returnsOrThrowsTyped(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch (error) {
    return error instanceof WalletCryptoError;
  }
}

async function resolvesOrRejectsTyped(fn: () => Promise<unknown>): Promise<boolean> {
  try {
    await fn();
    return true;
  } catch (error) {
    return error instanceof WalletCryptoError;
  }
}

/** The WalletCryptoError code a promise rejects with. */
async function rejectionCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WalletCryptoError) return error.code;
    throw error;
  }
  throw new Error('expected a rejection');
}

const RUNS = 3000;

describe('hex', () => {
  it('round-trips bytes and accepts either case', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const hex = toHex(bytes);
        expect(hex).to.match(/^[0-9a-f]*$/);
        expect(fromHex(hex)).to.deep.equal(bytes);
        expect(fromHex(hex.toUpperCase())).to.deep.equal(bytes);
      }),
    );
  });

  it('refuses odd lengths and non-hex characters with INVALID_HEX, naming the field', () => {
    expect(() => fromHex('abc', 'data')).to.throw(WalletCryptoError, /"data" has an odd number/);
    expect(() => fromHex('0g'))
      .to.throw(WalletCryptoError)
      .with.property('code', 'INVALID_HEX');
    expect(() => fromHex('0x12'))
      .to.throw(WalletCryptoError)
      .with.property('code', 'INVALID_HEX');
    expect(() => fromHex(' 12'))
      .to.throw(WalletCryptoError)
      .with.property('code', 'INVALID_HEX');
  });

  it('returns a value or throws WalletCryptoError for arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => returnsOrThrowsTyped(() => fromHex(s))),
      { numRuns: RUNS },
    );
    report(`hex parser: ${RUNS} arbitrary strings, typed outcome every time`);
  });
});

describe('base64url', () => {
  it('matches RFC 4648 test vectors without padding', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(toBase64Url(new TextEncoder().encode(plain))).to.equal(encoded);
      expect(new TextDecoder().decode(fromBase64Url(encoded))).to.equal(plain);
    }
    expect(toBase64Url(Uint8Array.of(0xfb, 0xff))).to.equal('-_8');
  });

  it('agrees with the platform base64 (btoa) on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const platform = btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        expect(toBase64Url(bytes)).to.equal(platform);
        expect(fromBase64Url(platform)).to.deep.equal(bytes);
      }),
    );
  });

  it('refuses padding, the standard alphabet, impossible lengths and non-canonical tails', () => {
    for (const bad of ['Zg==', 'a+b/', 'abcde', 'Zh', 'Zm9']) {
      expect(() => fromBase64Url(bad), bad)
        .to.throw(WalletCryptoError)
        .with.property('code', 'INVALID_BASE64URL');
    }
  });

  it('returns a value or throws WalletCryptoError for arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => returnsOrThrowsTyped(() => fromBase64Url(s))),
      { numRuns: RUNS },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]*$/), (s) => returnsOrThrowsTyped(() => fromBase64Url(s))),
      { numRuns: RUNS },
    );
    report(`base64url parser: ${2 * RUNS} arbitrary strings, typed outcome every time`);
  });
});

describe('base58check', () => {
  it('matches known Bitcoin encodings', async () => {
    expect(toBase58(new TextEncoder().encode('Hello World!'))).to.equal('2NEpo7TZRRrLZSi2U');
    expect(toBase58(Uint8Array.of(0, 0, 1))).to.equal('112');
    expect(fromBase58('112')).to.deep.equal(Uint8Array.of(0, 0, 1));
    // Version byte 0 + the HASH160 of the genesis coinbase key: the well-known address.
    const payload = fromHex('0062e907b15cbf27d5425399ebf6f0fb50ebb88f18');
    expect(await toBase58Check(payload)).to.equal('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    expect(await fromBase58Check('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).to.deep.equal(payload);
  });

  it('round-trips random payloads, leading zeros included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 120 }), fc.nat(4), async (bytes, zeros) => {
        const payload = new Uint8Array([...new Uint8Array(zeros), ...bytes]);
        expect(await fromBase58Check(await toBase58Check(payload))).to.deep.equal(payload);
      }),
    );
  });

  it('refuses a bad checksum with BAD_CHECKSUM and a foreign character with INVALID_BASE58', async () => {
    const good = await toBase58Check(fromHex('00112233445566778899'));
    const last = good.at(-1) === '2' ? '3' : '2';
    expect(await rejectionCode(fromBase58Check(good.slice(0, -1) + last))).to.equal('BAD_CHECKSUM');
    expect(await rejectionCode(fromBase58Check('0OIl'))).to.equal('INVALID_BASE58');
    expect(await rejectionCode(fromBase58Check('1'))).to.equal('BAD_CHECKSUM');
  });

  it('returns a value or throws WalletCryptoError for arbitrary input', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 120 }), (s) =>
        resolvesOrRejectsTyped(() => fromBase58Check(s)),
      ),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{0,120}$/), (s) =>
        resolvesOrRejectsTyped(() => fromBase58Check(s)),
      ),
      { numRuns: RUNS },
    );
    report(`base58check parser: ${2 * RUNS} arbitrary strings, typed outcome every time`);
  });
});
