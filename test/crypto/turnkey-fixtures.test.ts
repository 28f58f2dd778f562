import { expect } from 'chai';
import { p256 } from '@noble/curves/nist.js';
import { before, describe, it, loadVector, report } from '#test-harness';
import {
  PRODUCTION_EXPORT_SIGNER_KEY,
  PRODUCTION_OTP_TARGET_SIGNER_KEY,
  createStamp,
  exportPublicKey,
  fromBase64Url,
  fromHex,
  isLowS,
  toHex,
} from '../../src/crypto/index.js';
import { derToRaw } from '../../src/crypto/hpke/verify-signature.js';
import { verifyEnclaveBundle } from '../../src/crypto/hpke/enclave-bundle.js';
import { openExportBundle, openSessionKeyBundle } from '../../src/crypto/hpke/seal-open.js';
import { importEcdhPair, rejectsWithCode } from '../helpers/keys.js';

interface Fixtures {
  exportBundle: {
    bundle: { version: string; data: string; dataSignature: string; enclaveQuorumPublic: string };
    recipientPrivateKeyHex: string;
    organizationId: string;
    expectedMnemonic: string;
  };
  credentialBundle: { bundle: string; recipientPrivateKeyHex: string; expectedScalarHex: string };
}

describe("Turnkey's production fixtures", () => {
  let fx: Fixtures;
  before(async () => {
    fx = await loadVector<Fixtures>('turnkey-fixtures.json');
  });

  it('the production export bundle (high-S signature) verifies under the pinned signer key and opens to its mnemonic', async () => {
    const bundle = JSON.stringify(fx.exportBundle.bundle);
    expect(isLowS(derToRaw(fromHex(fx.exportBundle.bundle.dataSignature)))).to.equal(false);
    const recipient = await importEcdhPair(fx.exportBundle.recipientPrivateKeyHex);
    const mnemonic = await openExportBundle({
      bundle,
      recipient,
      trust: { pinnedKey: PRODUCTION_EXPORT_SIGNER_KEY },
      organizationId: fx.exportBundle.organizationId,
    });
    expect(mnemonic).to.equal(fx.exportBundle.expectedMnemonic);
    report('Turnkey export fixture: high-S production signature verified, mnemonic matches');
  });

  it('the production export bundle is refused when another key is pinned or another organization expected', async () => {
    const bundle = JSON.stringify(fx.exportBundle.bundle);
    const recipient = await importEcdhPair(fx.exportBundle.recipientPrivateKeyHex);
    await rejectsWithCode(
      openExportBundle({ bundle, recipient, trust: { pinnedKey: PRODUCTION_OTP_TARGET_SIGNER_KEY } }),
      'ENCLAVE_KEY_NOT_PINNED',
    );
    await rejectsWithCode(
      openExportBundle({
        bundle,
        recipient,
        trust: { pinnedKey: PRODUCTION_EXPORT_SIGNER_KEY },
        organizationId: 'another-org',
      }),
      'BUNDLE_WRONG_ORGANIZATION',
    );
    await rejectsWithCode(
      verifyEnclaveBundle(bundle, { pinnedKey: PRODUCTION_OTP_TARGET_SIGNER_KEY }),
      'ENCLAVE_KEY_NOT_PINNED',
    );
  });

  it('the base58check session bundle opens to a key whose public half is that of the expected scalar, and it signs', async () => {
    const recipient = await importEcdhPair(fx.credentialBundle.recipientPrivateKeyHex);
    const pair = await openSessionKeyBundle(fx.credentialBundle.bundle, recipient);
    const expectedPublic = p256.getPublicKey(fromHex(fx.credentialBundle.expectedScalarHex), false);
    expect(toHex(await exportPublicKey(pair.publicKey, 'uncompressed'))).to.equal(toHex(expectedPublic));

    const payload = '{"type":"ACTIVITY_TYPE_EXPORT_WALLET"}';
    const stamp = JSON.parse(new TextDecoder().decode(fromBase64Url(await createStamp(payload, pair)))) as {
      signature: string;
    };
    const raw = derToRaw(fromHex(stamp.signature));
    expect(p256.verify(raw, new TextEncoder().encode(payload), expectedPublic)).to.equal(true);
    report('Turnkey session-key fixture: opened, key matches the expected scalar, stamp verifies');
  });
});
