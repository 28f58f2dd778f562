import { expect } from 'chai';
import { before, describe, it, loadVector, report } from '#test-harness';
import { WalletCryptoError, fromHex, parsePublicKey, toHex, decompressPublicKey } from '../../src/crypto/index.js';
import { hpkeSeal } from '../../src/crypto/hpke/seal-open.js';
import { importEcdhPair } from '../helpers/keys.js';

interface WycheproofEcdh {
  testGroups: {
    tests: {
      tcId: number;
      comment: string;
      public: string;
      private: string;
      shared: string;
      result: string;
      flags: string[];
    }[];
  }[];
}

describe('Wycheproof ECDH P-256 points', () => {
  let tests: WycheproofEcdh['testGroups'][number]['tests'];
  before(async () => {
    tests = (await loadVector<WycheproofEcdh>('wycheproof-ecdh_secp256r1_ecpoint_test.json')).testGroups.flatMap(
      (g) => g.tests,
    );
  });

  it('refuses every invalid point (16 invalid-curve attacks among them) before any key agreement', async () => {
    const deriveBits = SubtleCrypto.prototype.deriveBits;
    let agreements = 0;
    SubtleCrypto.prototype.deriveBits = function (...args: Parameters<SubtleCrypto['deriveBits']>) {
      agreements++;
      return deriveBits.apply(this, args);
    };
    let invalid = 0;
    let attacks = 0;
    try {
      for (const t of tests.filter((x) => x.result === 'invalid')) {
        invalid++;
        if (t.flags.includes('InvalidCurveAttack')) attacks++;
        let error: unknown;
        try {
          // hpkeSeal is where a network-supplied point meets a key agreement.
          await hpkeSeal(new Uint8Array(8), fromHex(t.public));
        } catch (e) {
          error = e;
        }
        expect(error, `tc${t.tcId} ${t.comment}`).to.be.instanceOf(WalletCryptoError);
        expect((error as WalletCryptoError).code, `tc${t.tcId}`).to.equal('INVALID_PUBLIC_KEY');
      }
    } finally {
      SubtleCrypto.prototype.deriveBits = deriveBits;
    }
    report(
      `Wycheproof ECDH: invalid points refused ${invalid}/${invalid} (invalid-curve attacks: ${attacks}), key agreements attempted: ${agreements}`,
    );
    expect(agreements).to.equal(0);
    expect([invalid, attacks]).to.deep.equal([24, 16]);
  });

  it('accepts every valid point, and WebCrypto agrees on the shared secret', async () => {
    let accepted = 0;
    const valid = tests.filter((t) => t.result === 'valid');
    for (const t of valid) {
      const { uncompressed } = parsePublicKey(fromHex(t.public), 'public', 'uncompressed');
      const mine = await importEcdhPair(t.private.replace(/^00/, '').padStart(64, '0'));
      const peer = await crypto.subtle.importKey(
        'raw',
        new Uint8Array(uncompressed),
        { name: 'ECDH', namedCurve: 'P-256' },
        false,
        [],
      );
      const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, mine.privateKey, 256);
      expect(toHex(new Uint8Array(shared)), `tc${t.tcId}`).to.equal(t.shared);
      accepted++;
    }
    report(`Wycheproof ECDH: valid points accepted ${accepted}/${valid.length}, shared secrets equal`);
    expect(accepted).to.equal(valid.length);
  });

  it('refuses every invalid point that has a SEC1 length by the point checks themselves, not by a length rule', () => {
    // hpkeSeal wants 65 bytes, so the compressed ones above never reach decodePoint; here every
    // form is accepted, so only the coordinate and curve checks can refuse them.
    const refusedBy: Record<string, number> = {};
    const invalid = tests.filter((t) => t.result === 'invalid' && [33, 65].includes(t.public.length / 2));
    for (const t of invalid) {
      let error: unknown;
      try {
        parsePublicKey(fromHex(t.public), 'public', 'any');
      } catch (e) {
        error = e;
      }
      expect(error, `tc${t.tcId} ${t.comment}`).to.be.instanceOf(WalletCryptoError);
      const reason = ((error as WalletCryptoError).cause as Error).message;
      expect(reason, `tc${t.tcId}`).to.match(/not below the field prime|not on the curve|no curve point has this x/);
      refusedBy[reason] = (refusedBy[reason] ?? 0) + 1;
    }
    report(
      `Wycheproof ECDH: ${invalid.length} invalid points of SEC1 length refused by the point checks (${Object.entries(
        refusedBy,
      )
        .map(([reason, n]) => `${n} "${reason}"`)
        .join(', ')})`,
    );
    expect(invalid.length).to.equal(23);
  });

  it("decompression by the engine gives parsePublicKey's verdict and bytes on every compressed point", async () => {
    const P = 'ffffffff00000001000000000000000000000000ffffffffffffffffffffffff';
    const compressed = [
      ...tests.map((t) => t.public).filter((hex) => hex.length === 66),
      // x = p, x above p, x = 0, and random x (about half have no point), both parities.
      ...[
        P,
        'f'.repeat(64),
        '0'.repeat(64),
        ...Array.from({ length: 40 }, () => toHex(crypto.getRandomValues(new Uint8Array(32)))),
      ].flatMap((x) => [`02${x}`, `03${x}`]),
    ];
    const verdict = async (f: () => Promise<Uint8Array> | Uint8Array) => {
      try {
        return toHex(await f());
      } catch (e) {
        return e instanceof WalletCryptoError ? e.code : `untyped: ${String(e)}`;
      }
    };
    let valid = 0;
    let exports = 0;
    const exportKey = SubtleCrypto.prototype.exportKey;
    SubtleCrypto.prototype.exportKey = function (...args: Parameters<SubtleCrypto['exportKey']>) {
      exports++;
      return exportKey.apply(this, args) as never;
    };
    try {
      for (const hex of compressed) {
        const expected = await verdict(() => parsePublicKey(fromHex(hex), 'k', 'compressed').uncompressed);
        if (expected.length === 130) valid++;
        expect(await verdict(() => decompressPublicKey(fromHex(hex), 'k')), hex).to.equal(expected);
      }
    } finally {
      SubtleCrypto.prototype.exportKey = exportKey;
    }
    // Where the engine takes compressed keys (Chromium, Firefox), it must have decompressed every valid one.
    const engineCan = await crypto.subtle
      .importKey(
        'raw',
        fromHex('036b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296') /* G, compressed */,
        { name: 'ECDH', namedCurve: 'P-256' },
        true,
        [],
      )
      .then(
        () => true,
        () => false,
      );
    report(
      `Native decompression: ${compressed.length} compressed points, ${valid} valid, every verdict as parsePublicKey's; the engine decompressed ${exports}`,
    );
    expect(valid).to.be.within(10, compressed.length - 10);
    if (engineCan) expect(exports, 'valid points the engine decompressed').to.equal(valid);
  });
});
