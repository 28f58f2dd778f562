import { expect } from 'chai';
import { before, describe, it, loadVector, report } from '#test-harness';
import { fromHex, toHex } from '../../src/crypto/index.js';
import { hpkeCipherSuite } from '../../src/crypto/hpke/suite.js';

interface Kat {
  mode: number;
  kem_id: number;
  kdf_id: number;
  aead_id: number;
  info: string;
  ikmR: string;
  ikmE: string;
  pkRm: string;
  enc: string;
  encryptions: { aad: string; ct: string; pt: string; nonce: string }[];
  exports: { exporter_context: string; L: number; exported_value: string }[];
}

const buf = (hex: string): ArrayBuffer => fromHex(hex).buffer;

describe('HPKE known answers (RFC 9180, DHKEM(P-256) / HKDF-SHA256 / AES-256-GCM, base mode)', () => {
  let kat: Kat;
  before(async () => {
    const entries = await loadVector<Kat[]>('rfc9180-hpke-p256-sha256-aes256gcm-base.json');
    const ours = entries.filter((e) => e.mode === 0 && e.kem_id === 0x10 && e.kdf_id === 1 && e.aead_id === 2);
    expect(ours).to.have.length(1);
    kat = ours[0]!;
  });

  it('our suite reproduces the encapsulated key, every ciphertext and every export with fixed ephemeral keys', async () => {
    const suite = hpkeCipherSuite();
    const recipient = await suite.kem.deriveKeyPair(buf(kat.ikmR));
    const pkR = new Uint8Array(await suite.kem.serializePublicKey(recipient.publicKey));
    expect(toHex(pkR)).to.equal(kat.pkRm);

    const sender = await suite.createSenderContext({
      recipientPublicKey: recipient.publicKey,
      info: buf(kat.info),
      ekm: buf(kat.ikmE),
    });
    expect(toHex(new Uint8Array(sender.enc))).to.equal(kat.enc);
    const receiver = await suite.createRecipientContext({
      recipientKey: recipient,
      enc: sender.enc,
      info: buf(kat.info),
    });

    let sealed = 0;
    for (const [i, e] of kat.encryptions.entries()) {
      const ct = new Uint8Array(await sender.seal(buf(e.pt), buf(e.aad)));
      expect(toHex(ct), `encryption ${i}`).to.equal(e.ct);
      const pt = new Uint8Array(await receiver.open(ct.buffer, buf(e.aad)));
      expect(toHex(pt), `decryption ${i}`).to.equal(e.pt);
      sealed++;
    }
    let exported = 0;
    for (const x of kat.exports) {
      const value = new Uint8Array(await sender.export(buf(x.exporter_context), x.L));
      expect(toHex(value)).to.equal(x.exported_value);
      expect(toHex(new Uint8Array(await receiver.export(buf(x.exporter_context), x.L)))).to.equal(x.exported_value);
      exported++;
    }
    report(
      `RFC 9180 KAT: enc matched, encryptions ${sealed}/${kat.encryptions.length}, exports ${exported}/${kat.exports.length}`,
    );
    expect([sealed, exported]).to.deep.equal([257, 3]);
  });

  it('one suite, many contexts: each still reproduces the known answers, and another info never opens them', async () => {
    // The suite keeps what every context shares (the PSK id and info hashes, the HKDF key of the
    // PSK-less secret input): a second context, or one with another info, must not be served a wrong one.
    const suite = hpkeCipherSuite();
    const recipient = await suite.kem.deriveKeyPair(buf(kat.ikmR));
    const first = kat.encryptions[0]!;
    for (let round = 0; round < 3; round++) {
      const sender = await suite.createSenderContext({
        recipientPublicKey: recipient.publicKey,
        info: buf(kat.info),
        ekm: buf(kat.ikmE),
      });
      expect(toHex(new Uint8Array(await sender.seal(buf(first.pt), buf(first.aad)))), `round ${round}`).to.equal(
        first.ct,
      );
      const otherInfo = await suite.createRecipientContext({
        recipientKey: recipient,
        enc: sender.enc,
        info: buf('00'),
      });
      let refused = false;
      await otherInfo.open(buf(first.ct), buf(first.aad)).catch(() => (refused = true));
      expect(refused, `round ${round}: opened under another info`).to.equal(true);
      const sameInfo = await suite.createRecipientContext({
        recipientKey: recipient,
        enc: sender.enc,
        info: buf(kat.info),
      });
      expect(toHex(new Uint8Array(await sameInfo.open(buf(first.ct), buf(first.aad))))).to.equal(first.pt);
    }
  });

  it('one suite, fresh ephemeral keys: only the recipient opens, and an independent suite agrees on every message', async () => {
    // What the suite keeps must never stand in for what depends on the shared secret: with a fresh
    // ephemeral key per message, a kept key or nonce would open for the wrong recipient, or differ
    // from what a suite that kept nothing computes.
    const suite = hpkeCipherSuite();
    const recipient = await suite.kem.generateKeyPair();
    const stranger = await suite.kem.generateKeyPair();
    const aad = buf('00');
    for (let round = 0; round < 3; round++) {
      const plaintext = crypto.getRandomValues(new Uint8Array(24));
      const sender = await suite.createSenderContext({ recipientPublicKey: recipient.publicKey, info: buf(kat.info) });
      const sealed = await sender.seal(plaintext.slice().buffer, aad);
      const strangers = await suite.createRecipientContext({
        recipientKey: stranger,
        enc: sender.enc,
        info: buf(kat.info),
      });
      let refused = false;
      await strangers.open(sealed, aad).catch(() => (refused = true));
      expect(refused, `round ${round}: opened by another recipient`).to.equal(true);
      const fresh = hpkeCipherSuite();
      for (const opener of [suite, fresh]) {
        const context = await opener.createRecipientContext({
          recipientKey: recipient,
          enc: sender.enc,
          info: buf(kat.info),
        });
        expect(toHex(new Uint8Array(await context.open(sealed, aad))), `round ${round}`).to.equal(toHex(plaintext));
      }
    }
  });
});
