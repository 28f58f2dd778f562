import { expect } from 'chai';
import { after, before, describe, it, loadVector } from '#test-harness';
import { exportPublicKey, fromHex, generateSigningKeyPair, toHex } from '../../src/crypto/index.js';
import { prewarmOtpSeal, prewarmSessionKeyOpen } from '../../src/crypto/hpke/prewarm.js';
import { hpkeOpen, openSessionKeyBundle, sealOtpBundle } from '../../src/crypto/hpke/seal-open.js';
import { makeBundle, makeEnclave, p256, randomKeyHex } from '../helpers/enclave.js';
import { importEcdhPair, rejectsWithCode } from '../helpers/keys.js';

interface Fixtures {
  credentialBundle: { bundle: string; recipientPrivateKeyHex: string; expectedScalarHex: string };
}

/** Rejections nobody handled while a test ran (browsers report them on window; Node on process). */
function watchUnhandled(): { problems: unknown[]; stop(): void } {
  const problems: unknown[] = [];
  const onBrowser = (event: PromiseRejectionEvent) => problems.push(event.reason);
  const onNode = (reason: unknown) => problems.push(reason);
  const proc = (globalThis as { process?: { on(e: string, f: unknown): void; off(e: string, f: unknown): void } })
    .process;
  if (typeof window !== 'undefined') window.addEventListener('unhandledrejection', onBrowser);
  else proc?.on('unhandledRejection', onNode);
  return {
    problems,
    stop() {
      if (typeof window !== 'undefined') window.removeEventListener('unhandledrejection', onBrowser);
      else proc?.off('unhandledRejection', onNode);
    },
  };
}

/** Lets queued tasks (and any unhandled-rejection report) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('pre-warming the first seal and open', () => {
  let fx: Fixtures;
  let unhandled: ReturnType<typeof watchUnhandled>;
  before(async () => {
    fx = await loadVector<Fixtures>('turnkey-fixtures.json');
    unhandled = watchUnhandled();
  });
  after(async () => {
    await settle();
    unhandled.stop();
    expect(unhandled.problems, 'unhandled rejections during the pre-warm tests').to.deep.equal([]);
  });

  it('a seal after the pre-warm opens with the target key to exactly the code and key sealed', async () => {
    const enclave = makeEnclave();
    const target = randomKeyHex();
    const targetBundle = makeBundle(enclave, { targetPublic: target.uncompressed });
    const trust = { pinnedKey: enclave.publicKeyHex };
    await prewarmOtpSeal(targetBundle, trust);
    const tek = randomKeyHex().compressed;
    const sealed = JSON.parse(await sealOtpBundle({ otpCode: '482913', publicKey: tek, targetBundle, trust })) as {
      encappedPublic: string;
      ciphertext: string;
    };
    const recipient = await importEcdhPair(target.secret);
    const plaintext = await hpkeOpen(
      { encappedPublic: fromHex(sealed.encappedPublic), ciphertext: fromHex(sealed.ciphertext) },
      recipient,
    );
    expect(new TextDecoder().decode(plaintext)).to.equal(`{"otp_code":"482913","public_key":"${tek}"}`);
  });

  it('the pre-warm of a bundle that fails verification resolves; the seal then refuses it with its typed error', async () => {
    const signer = makeEnclave();
    const pinned = makeEnclave();
    const targetBundle = makeBundle(signer, { targetPublic: randomKeyHex().uncompressed });
    const trust = { pinnedKey: pinned.publicKeyHex };
    expect(await prewarmOtpSeal(targetBundle, trust)).to.equal(undefined);
    expect(await prewarmOtpSeal('not json', trust)).to.equal(undefined);
    await rejectsWithCode(
      sealOtpBundle({ otpCode: '123456', publicKey: randomKeyHex().compressed, targetBundle, trust }),
      'ENCLAVE_KEY_NOT_PINNED',
    );
    await rejectsWithCode(
      sealOtpBundle({ otpCode: '123456', publicKey: randomKeyHex().compressed, targetBundle: 'not json', trust }),
      'BUNDLE_NOT_JSON',
    );
  });

  it("Turnkey's production session bundle opens after the pre-warm to the expected key, and the pre-warm leaves the recipient's public key as it was", async () => {
    const recipient = await importEcdhPair(fx.credentialBundle.recipientPrivateKeyHex);
    const before = toHex(await exportPublicKey(recipient.publicKey, 'uncompressed'));
    await prewarmSessionKeyOpen(recipient);
    expect(toHex(await exportPublicKey(recipient.publicKey, 'uncompressed'))).to.equal(before);
    const pair = await openSessionKeyBundle(fx.credentialBundle.bundle, recipient);
    const expectedPublic = p256.getPublicKey(fromHex(fx.credentialBundle.expectedScalarHex), false);
    expect(toHex(await exportPublicKey(pair.publicKey, 'uncompressed'))).to.equal(toHex(expectedPublic));
  });

  it('the pre-warm for a key that cannot open bundles resolves; the open then fails with DECRYPT_FAILED', async () => {
    // An ECDSA pair where the ECDH recipient belongs: every HPKE step refuses it.
    const wrongKind = await generateSigningKeyPair();
    expect(await prewarmSessionKeyOpen(wrongKind)).to.equal(undefined);
    await rejectsWithCode(openSessionKeyBundle(fx.credentialBundle.bundle, wrongKind), 'DECRYPT_FAILED');
  });
});
