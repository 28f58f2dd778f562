/**
 * A compromised relay: it swaps the OTP target bundle, or hands the client a
 * payload naming a key the client did not generate. The client must refuse
 * before encrypting or signing anything, with a typed error.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { base64UrlJson, generateSigningKeyPair, publicKeyHex, WalletCryptoError } from '../../src/crypto/index.js';
import type { WireRequest, WireResponse } from '../../src/protocol/index.js';
import { emailSignIn, expectRejects, makeClient, newWallet, sandboxKeys } from '../helpers/browser-stack.js';
import { makeBundle, makeEnclave, randomKeyHex } from '../helpers/enclave.js';
import { tamperingRelay } from '../helpers/tampering-relay.js';

/** A relay whose answers pass through `tamper` first. */
function tampering(tamper: (request: WireRequest, response: WireResponse) => WireResponse) {
  const relay = tamperingRelay();
  relay.onResponse = (response, request) => tamper(request, response);
  return relay;
}

const withBody = (response: WireResponse, body: unknown): WireResponse => ({ ...response, body });

describe('a tampering relay is refused before anything is encrypted or signed', () => {
  it('an OTP target bundle signed by another enclave key: ENCLAVE_KEY_NOT_PINNED, and no code is sent', async () => {
    const wallet = await newWallet();
    const attacker = makeEnclave();
    const relay = tampering((request, response) =>
      request.path.endsWith('/challenge')
        ? withBody(response, {
            ...(response.body as object),
            otpEncryptionTargetBundle: makeBundle(attacker, { targetPublic: randomKeyHex().uncompressed }),
          })
        : response,
    );
    const client = await makeClient(wallet, { transport: relay.transport });
    // Refused as the challenge answer arrives, before the user could type a code.
    await expectRejects(client.signInWithEmailOtp({ credentialId: wallet.emailCredentialId }), (e) => {
      expect(e).to.be.instanceOf(WalletCryptoError);
      expect(e.code).to.equal('ENCLAVE_KEY_NOT_PINNED');
    });
    expect(relay.sent.filter((r) => r.path.endsWith('/verify'))).to.deep.equal([]);
    client.close();
  });

  it('a whole bundle swapped but claiming the pinned key: BAD_BUNDLE_SIGNATURE, and no code is sent', async () => {
    const wallet = await newWallet();
    const pinned = (await sandboxKeys()).otpTarget;
    const relay = tampering((request, response) => {
      if (!request.path.endsWith('/challenge')) return response;
      const forged = makeBundle(
        makeEnclave(),
        { targetPublic: randomKeyHex().uncompressed },
        { enclaveQuorumPublic: pinned },
      );
      return withBody(response, { ...(response.body as object), otpEncryptionTargetBundle: forged });
    });
    const client = await makeClient(wallet, { transport: relay.transport });
    await expectRejects(client.signInWithEmailOtp({ credentialId: wallet.emailCredentialId }), (e) =>
      expect(e.code).to.equal('BAD_BUNDLE_SIGNATURE'),
    );
    expect(relay.sent.filter((r) => r.path.endsWith('/verify'))).to.deep.equal([]);
    client.close();
  });

  it('an OTP verification token bound to another key: PAYLOAD_WRONG_KEY, and nothing is signed', async () => {
    const wallet = await newWallet();
    const attackerKey = await publicKeyHex((await generateSigningKeyPair()).publicKey, 'compressed');
    const relay = tampering((request, response) => {
      if (!request.path.endsWith('/verify') || response.status !== 202) return response;
      const forged = `${base64UrlJson({ alg: 'ES256', kid: 'turnkey' })}.${base64UrlJson({ public_key: attackerKey, exp: String(Date.now() + 60_000) })}.c2ln`;
      return withBody(response, { ...(response.body as object), payloadToSign: forged });
    });
    const client = await makeClient(wallet, { transport: relay.transport });
    const otp = await client.signInWithEmailOtp({ credentialId: wallet.emailCredentialId });
    await expectRejects(otp.finish('000000'), (e) => expect(e.code).to.equal('PAYLOAD_WRONG_KEY'));
    expect(relay.signed()).to.deep.equal([]);
    client.close();
  });

  for (const [operation, path] of [
    ['exportWallet', '/export'],
    ['refreshSession', '/refresh'],
  ] as const) {
    it(`a ${operation} payload naming another key: PAYLOAD_WRONG_KEY, and nothing is signed`, async () => {
      const wallet = await newWallet();
      let armed = false;
      const attackerKey = randomKeyHex().uncompressed;
      const relay = tampering((request, response) => {
        if (!armed || !request.path.includes(path) || response.status !== 202) return response;
        const body = response.body as { payloadToSign: string };
        const activity = JSON.parse(body.payloadToSign) as { parameters: Record<string, unknown> };
        activity.parameters['targetPublicKey'] = attackerKey;
        return withBody(response, { ...body, payloadToSign: JSON.stringify(activity) });
      });
      const client = await makeClient(wallet, { transport: relay.transport });
      await emailSignIn(client, wallet);
      const sessionBefore = client.session!.id;
      armed = true;
      const signedBefore = relay.signed().length;
      await expectRejects(operation === 'exportWallet' ? client.exportWallet() : client.refreshSession(), (e) => {
        expect(e).to.be.instanceOf(WalletCryptoError);
        expect(e.code).to.equal('PAYLOAD_WRONG_KEY');
      });
      expect(relay.signed().length).to.equal(signedBefore);
      expect(client.session!.id).to.equal(sessionBefore);
      client.close();
    });
  }
});
