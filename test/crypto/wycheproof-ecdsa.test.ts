import { expect } from 'chai';
import { p256 } from '@noble/curves/nist.js';
import { before, describe, it, loadVector, report } from '#test-harness';
import { P256_ORDER, WalletCryptoError, fromHex, isLowS, rawToDer, toLowS } from '../../src/crypto/index.js';
import { derToRaw, verifyDerSignature, verifyRawSignature } from '../../src/crypto/hpke/verify-signature.js';

interface WycheproofEcdsa {
  testGroups: {
    publicKey: { uncompressed: string };
    tests: { tcId: number; comment: string; msg: string; sig: string; result: 'valid' | 'invalid' | 'acceptable' }[];
  }[];
}

interface Case {
  tcId: number;
  comment: string;
  key: Uint8Array;
  msg: Uint8Array;
  sig: Uint8Array;
  result: string;
}

function cases(file: WycheproofEcdsa): Case[] {
  return file.testGroups.flatMap((group) =>
    group.tests.map((t) => ({
      tcId: t.tcId,
      comment: t.comment,
      key: fromHex(group.publicKey.uncompressed),
      msg: fromHex(t.msg),
      sig: fromHex(t.sig),
      result: t.result,
    })),
  );
}

/** Our verdict: accepted only when verification returns true; a typed refusal counts as refused. */
async function accepts(verify: () => Promise<boolean>): Promise<boolean> {
  try {
    return await verify();
  } catch (error) {
    if (error instanceof WalletCryptoError) return false;
    throw error;
  }
}

function sOf(raw: Uint8Array): bigint {
  return BigInt(`0x${Array.from(raw.subarray(32), (b) => b.toString(16).padStart(2, '0')).join('')}`);
}

describe('Wycheproof ECDSA P-256/SHA-256', () => {
  let der: Case[];
  let p1363: Case[];
  before(async () => {
    der = cases(await loadVector<WycheproofEcdsa>('wycheproof-ecdsa_secp256r1_sha256_test.json'));
    p1363 = cases(await loadVector<WycheproofEcdsa>('wycheproof-ecdsa_secp256r1_sha256_p1363_test.json'));
  });

  it('enclave-signature verification (strict DER) accepts every valid case, high-S included, and refuses every invalid one', async () => {
    let valid = 0;
    let validAccepted = 0;
    let highS = 0;
    let invalid = 0;
    let invalidRefused = 0;
    const wrong: string[] = [];
    for (const c of der) {
      const ok = await accepts(() => verifyDerSignature(c.key, c.sig, c.msg));
      if (c.result === 'valid') {
        valid++;
        if (ok) validAccepted++;
        else wrong.push(`tc${c.tcId} valid refused (${c.comment})`);
        if (!isLowS(derToRaw(c.sig))) highS++;
      } else if (c.result === 'invalid') {
        invalid++;
        if (!ok) invalidRefused++;
        else wrong.push(`tc${c.tcId} invalid accepted (${c.comment})`);
      }
    }
    report(
      `Wycheproof DER: valid accepted ${validAccepted}/${valid} (high-S among them: ${highS}), invalid refused ${invalidRefused}/${invalid}`,
    );
    expect(wrong).to.deep.equal([]);
    expect([valid, invalid, highS]).to.deep.equal([174, 310, 71]);
  });

  it('raw r||s verification through WebCrypto matches every P1363 verdict', async () => {
    let matched = 0;
    const wrong: string[] = [];
    for (const c of p1363) {
      const ok = await accepts(() => verifyRawSignature(c.key, c.sig, c.msg));
      if (ok === (c.result === 'valid')) matched++;
      else wrong.push(`tc${c.tcId} ${c.result} -> ${ok ? 'accepted' : 'refused'} (${c.comment})`);
    }
    report(`Wycheproof P1363 through WebCrypto: ${matched}/${p1363.length} verdicts match`);
    expect(wrong).to.deep.equal([]);
    expect(p1363.length).to.equal(262);
  });

  it('the stamp encoder turns every valid P1363 signature into minimal low-S DER that a strict parser accepts and that still verifies', async () => {
    const valid = p1363.filter((c) => c.result === 'valid');
    let passed = 0;
    for (const c of valid) {
      const low = toLowS(c.sig);
      const encoded = rawToDer(low);
      expect(sOf(low) <= P256_ORDER / 2n, `tc${c.tcId} low-S`).to.equal(true);
      // noble's DER decoder is strict (minimal lengths, no superfluous zeros) and independent of ours.
      const parsed = p256.Signature.fromBytes(encoded, 'der');
      expect(parsed.toBytes('der'), `tc${c.tcId} minimal DER`).to.deep.equal(encoded);
      expect(derToRaw(encoded), `tc${c.tcId} round trip`).to.deep.equal(low);
      expect(p256.verify(parsed.toBytes('compact'), c.msg, c.key, { lowS: true }), `tc${c.tcId} verifies`).to.equal(
        true,
      );
      passed++;
    }
    report(
      `stamp DER encoder: ${passed}/${valid.length} valid P1363 vectors -> minimal low-S DER, strict-parsed and verified`,
    );
    expect(valid.length).to.equal(173);
  });
});
