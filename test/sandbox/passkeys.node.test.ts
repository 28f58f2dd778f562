/**
 * Passkeys against the sandbox through the relay, with a software
 * authenticator: registration (relay-issued challenge, signed by an existing
 * session), sign-in including high-S assertions, and every refusal the
 * service must make (docs/sandbox.md, "Rules it reproduces").
 */
import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { SoftAuthenticator, webauthnChallenge, type AssertOptions } from '../helpers/soft-authenticator.js';
import {
  createWalletCustomer,
  startStack,
  TEST_ORIGIN,
  TEST_RP_ID,
  TEST_TOP_ORIGIN,
  type Stack,
} from '../helpers/stack.js';
import { newKey, TurnkeyWalletClient, type KeyPair } from '../helpers/turnkey-wallet-client.js';

describe('passkeys through the relay', () => {
  let stack: Stack;
  let client: TurnkeyWalletClient;
  let accountId: string;
  let authenticator: SoftAuthenticator;
  let passkeyCredentialId: string;
  let otpKey: KeyPair;

  /** Challenge with a fresh client key, then verify an assertion the test shapes. */
  async function signIn(shape: Partial<AssertOptions> = {}, challengeOverride?: (c: string) => string) {
    const clientKey = newKey();
    const challenge = await client.call('POST', `/auth/credentials/${passkeyCredentialId}/challenge`, {
      clientPublicKey: clientKey.publicKeyUncompressed,
    });
    expect(challenge.status, JSON.stringify(challenge.body)).to.equal(200);
    expect(challenge.body.challenge).to.match(/^[0-9a-f]{64}$/);
    const assertion = authenticator.assert({
      origin: TEST_ORIGIN,
      rpId: TEST_RP_ID,
      challenge: webauthnChallenge(
        challengeOverride ? challengeOverride(challenge.body.challenge) : challenge.body.challenge,
      ),
      ...shape,
    });
    const verify = await client.call(
      'POST',
      `/auth/credentials/${passkeyCredentialId}/verify`,
      { type: 'PASSKEY', assertion },
      { 'request-id': challenge.body.requestId },
    );
    return { verify, clientKey, assertion, requestId: challenge.body.requestId as string };
  }

  before(async () => {
    stack = await startStack();
    const ids = await createWalletCustomer(stack.sandbox, { email: 'grace@example.com' });
    accountId = ids.accountId;
    stack.grant('grace', accountId);
    client = new TurnkeyWalletClient(stack.relayUrl, 'grace', accountId, stack.sandbox.enclaveKeys);
    otpKey = (await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP')).key!;

    authenticator = new SoftAuthenticator();
    const options = await client.call('POST', '/passkeys/registration-options', { accountId });
    expect(options.status).to.equal(200);
    expect(options.body.rp).to.deep.equal({ id: TEST_RP_ID, name: 'Test Partner' });
    const attestation = authenticator.register({
      origin: TEST_ORIGIN,
      rpId: TEST_RP_ID,
      challenge: options.body.challenge,
    });
    const register = await client.signed(
      'POST',
      '/auth/credentials',
      { type: 'PASSKEY', accountId, nickname: 'Test key', challenge: options.body.challenge, attestation },
      otpKey,
    );
    expect(register.challenge.status).to.equal(202);
    expect(JSON.parse(register.challenge.body.payloadToSign).type).to.equal('ACTIVITY_TYPE_CREATE_AUTHENTICATORS');
    expect(register.result.status, JSON.stringify(register.result.body)).to.equal(201);
    expect(register.result.body.credentialId).to.equal(authenticator.credentialId);
    passkeyCredentialId = register.result.body.id;
  });
  after(() => stack.close());

  it('signs in with low-S and with high-S assertion signatures; the sealed session key signs for the wallet', async () => {
    for (const highS of [false, true]) {
      const { verify, clientKey } = await signIn({ highS });
      expect(verify.status, `highS=${highS}: ${JSON.stringify(verify.body)}`).to.equal(200);
      const key = client.sessionKey(verify.body, 'sealed', clientKey);
      const privacy = await client.signed('PATCH', `/internal-accounts/${accountId}`, { privateEnabled: highS }, key);
      expect(privacy.result.status).to.equal(200);
    }
  });

  const refusals: [string, Partial<AssertOptions>, RegExp][] = [
    ['a bad signature', { forgeSignature: true }, /signature does not verify/],
    ['a wrong origin', { origin: 'https://evil.example' }, /origin/],
    ['a wrong RP id', { rpId: 'evil.example' }, /RP ID/],
    ['user presence missing', { userPresent: false }, /not present/],
    ['a counter that does not increase', { counter: 1 }, /counter/],
    // A cross-origin frame's ceremony, under no page or under a page not listed (isolated mode's rule).
    ['crossOrigin: true with no top origin', { crossOrigin: true }, /Cross-origin .* listed top origin/],
    [
      'crossOrigin: true under an unlisted page',
      { crossOrigin: true, topOrigin: 'https://evil.example' },
      /not https:\/\/evil/,
    ],
  ];
  for (const [name, shape, reason] of refusals) {
    it(`refuses ${name} with 401`, async () => {
      const { verify } = await signIn(shape);
      expect(verify.status).to.equal(401);
      expect(verify.body.code).to.equal('UNAUTHORIZED');
      expect(verify.body.reason).to.match(reason);
    });
  }

  it('takes a cross-origin frame’s ceremony under a listed top-level page (isolated mode)', async () => {
    const { verify } = await signIn({ crossOrigin: true, topOrigin: TEST_TOP_ORIGIN });
    expect(verify.status, JSON.stringify(verify.body)).to.equal(200);
  });

  it('refuses an assertion over another challenge, a replayed assertion, a reused challenge and an expired one', async () => {
    const other = await signIn({}, (c) => c.replace(/^./, c[0] === 'a' ? 'b' : 'a'));
    expect(other.verify.status).to.equal(401);

    const good = await signIn();
    expect(good.verify.status).to.equal(200);
    const replay = await client.call(
      'POST',
      `/auth/credentials/${passkeyCredentialId}/verify`,
      { type: 'PASSKEY', assertion: good.assertion },
      { 'request-id': good.requestId },
    );
    expect([replay.status, replay.body.reason]).to.deep.equal([401, 'Challenge already used']);

    const clientKey = newKey();
    const challenge = await client.call('POST', `/auth/credentials/${passkeyCredentialId}/challenge`, {
      clientPublicKey: clientKey.publicKey,
    });
    stack.sandbox.clock.advance(5 * 60_000 + 1);
    const late = await client.call(
      'POST',
      `/auth/credentials/${passkeyCredentialId}/verify`,
      {
        type: 'PASSKEY',
        assertion: authenticator.assert({
          origin: TEST_ORIGIN,
          rpId: TEST_RP_ID,
          challenge: webauthnChallenge(challenge.body.challenge),
        }),
      },
      { 'request-id': challenge.body.requestId },
    );
    expect([late.status, late.body.reason]).to.deep.equal([401, 'Challenge expired']);

    const missing = await client.call('POST', `/auth/credentials/${passkeyCredentialId}/verify`, {
      type: 'PASSKEY',
      assertion: good.assertion,
    });
    expect([missing.status, missing.body.code]).to.deep.equal([401, 'REQUEST_ID_MISSING']);
  });

  it('registration: a challenge the relay did not issue, a reused one and the same credential twice are refused', async () => {
    const fresh = new SoftAuthenticator();
    const forged = fresh.register({ origin: TEST_ORIGIN, rpId: TEST_RP_ID, challenge: 'bm90LWlzc3VlZA' });
    const notIssued = await client.call('POST', '/auth/credentials', {
      type: 'PASSKEY',
      accountId,
      nickname: 'x',
      challenge: 'bm90LWlzc3VlZA',
      attestation: forged,
    });
    expect(notIssued.status).to.equal(400);
    const before = stack.sandboxRequests.length;

    const options = await client.call('POST', '/passkeys/registration-options', { accountId });
    expect(options.body.excludeCredentials.map((c: { id: string }) => c.id)).to.include(authenticator.credentialId);
    const attestation = authenticator.register({
      origin: TEST_ORIGIN,
      rpId: TEST_RP_ID,
      challenge: options.body.challenge,
    });
    const body = { type: 'PASSKEY', accountId, nickname: 'again', challenge: options.body.challenge, attestation };
    const duplicate = await client.signed('POST', '/auth/credentials', body, otpKey);
    expect(duplicate.result.status).to.equal(400); // the same credential id twice
    const reused = await client.call('POST', '/auth/credentials', body);
    expect(reused.status).to.equal(400);
    expect(reused.body.message).to.match(/already been used/);
    expect(stack.sandboxRequests.length - before).to.be.greaterThan(0);
  });
});
