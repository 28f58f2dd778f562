/**
 * A brand-new wallet's first sign-in (the first-time wallet bootstrap): the service creates
 * the wallet without credentials, so "send me a code" registers the email (or
 * SMS) credential unsigned, then challenges and signs in. Against the real
 * sandbox through the relay.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { fetchTransport, type Transport } from '../../src/protocol/index.js';
import {
  emailSignIn,
  expectRejects,
  makeClient,
  newWallet,
  platform,
  recording,
  type TestWallet,
} from '../helpers/browser-stack.js';

const credentialsOf = async (wallet: TestWallet) =>
  (await platform('GET', `/auth/credentials?accountId=${wallet.accountId}`)).body.data as {
    id: string;
    type: string;
    nickname: string;
  }[];

describe('first sign-in of a new wallet (register -> challenge -> code -> session)', () => {
  it('email: one "send me a code" lists, registers and challenges; the code signs in; the credential is then verified', async () => {
    const wallet = await newWallet({ bootstrap: true, phone: true });
    expect(await credentialsOf(wallet)).to.deep.equal([]);
    const rec = recording();
    const client = await makeClient(wallet, { transport: rec.transport });
    const otp = await client.signInWithEmailOtp();
    const [credential] = await credentialsOf(wallet);
    expect(credential?.type).to.equal('EMAIL_OTP');
    expect(otp.registered?.id).to.equal(credential!.id);
    expect(otp.credentialId).to.equal(credential!.id);
    expect(otp.destination)
      .to.equal(credential!.nickname)
      .and.match(/@example\.com$/);
    expect(rec.calls).to.deep.equal([
      'GET /auth/credentials',
      'POST /auth/credentials',
      `POST /auth/credentials/${credential!.id}/challenge`,
    ]);
    // The registration names the wallet and the type, nothing else.
    expect(rec.requests[1]!.body).to.deep.equal({ type: 'EMAIL_OTP', accountId: wallet.accountId });
    const session = await otp.finish('000000');
    expect(session.credentialType).to.equal('EMAIL_OTP');
    expect(client.state.status).to.equal('signed-in');

    // Verified now: adding a second credential needs a session's signature (202 first).
    const unsigned = await platform('POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId });
    expect(unsigned.status).to.equal(202);
    await client.setWalletPrivacy(true); // and the new session signs
    client.close();
  });

  it('SMS: a customer with a phone registers SMS_OTP on the first SMS sign-in', async () => {
    const wallet = await newWallet({ bootstrap: true, phone: true });
    const client = await makeClient(wallet);
    const otp = await client.signInWithSmsOtp();
    expect(otp.registered?.type).to.equal('SMS_OTP');
    expect(otp.destination).to.equal('+14155550123');
    await otp.finish('000-000');
    expect((await credentialsOf(wallet)).map((c) => c.type)).to.deep.equal(['SMS_OTP']);
    client.close();
  });

  it('a wallet whose other credential has signed in: the missing type is WRONG_CREDENTIAL_TYPE, nothing is registered or signed', async () => {
    const wallet = await newWallet({ bootstrap: true, phone: true });
    const first = await makeClient(wallet);
    await (await first.signInWithEmailOtp()).finish('000000');
    first.close();
    const rec = recording();
    const client = await makeClient(wallet, { transport: rec.transport });
    await expectRejects(client.signInWithSmsOtp(), (error) => {
      expect(error.code).to.equal('WRONG_CREDENTIAL_TYPE');
    });
    // The service asked for a signature (202); the signed-out client sent no retry.
    expect(rec.calls).to.deep.equal(['GET /auth/credentials', 'POST /auth/credentials']);
    expect(rec.requests.some((r) => r.headers?.['Service-Wallet-Signature'])).to.equal(false);
    expect((await credentialsOf(wallet)).map((c) => c.type)).to.deep.equal(['EMAIL_OTP']);
    client.close();
  });

  it('uses a target bundle in the registration answer (the service may send one) without a challenge call', async () => {
    const wallet = await newWallet({ bootstrap: true });
    const inner = fetchTransport('/api');
    // A service that answers the registration with the first code's bundle: here, the sandbox's own
    // challenge answer merged in, so the bundle is real and verified against the pinned key.
    const bundling: Transport = async (request) => {
      const answer = await inner(request);
      if (request.method !== 'POST' || request.path !== '/auth/credentials' || answer.status !== 201) return answer;
      const id = (answer.body as { id: string }).id;
      const challenged = await inner({
        method: 'POST',
        path: `/auth/credentials/${id}/challenge`,
        body: {},
        headers: { 'ew-account-id': wallet.accountId },
      });
      expect(challenged.status).to.equal(200);
      return { ...answer, body: { ...(answer.body as object), ...(challenged.body as object) } };
    };
    const rec = recording(bundling);
    const client = await makeClient(wallet, { transport: rec.transport });
    const otp = await client.signInWithEmailOtp();
    expect(rec.calls).to.deep.equal(['GET /auth/credentials', 'POST /auth/credentials']);
    await otp.finish('000000');
    expect(client.state.status).to.equal('signed-in');
    client.close();
  });

  it('a registration answer for another wallet or type is INVALID_RESPONSE and no code is asked for', async () => {
    for (const tamper of [{ accountId: 'InternalAccount:00000000-0000-4000-8000-000000000000' }, { type: 'PASSKEY' }]) {
      const wallet = await newWallet({ bootstrap: true });
      const inner = fetchTransport('/api');
      const rec = recording(async (request) => {
        const answer = await inner(request);
        return request.method === 'POST' && request.path === '/auth/credentials'
          ? { ...answer, body: { ...(answer.body as object), ...tamper } }
          : answer;
      });
      const client = await makeClient(wallet, { transport: rec.transport });
      await expectRejects(client.signInWithEmailOtp(), (error) => {
        expect(error.code, JSON.stringify(tamper)).to.equal('INVALID_RESPONSE');
      });
      expect(rec.calls.some((c) => c.endsWith('/challenge'))).to.equal(false);
      client.close();
    }
  });

  it('adding a code credential signed: an answer naming another credential is INVALID_RESPONSE, never taken from the list', async () => {
    for (const tamper of [{ accountId: 'InternalAccount:00000000-0000-4000-8000-000000000000' }, { type: 'PASSKEY' }]) {
      const wallet = await newWallet();
      const client = await makeClient(wallet);
      await emailSignIn(client, wallet);
      await client.updateContact({ phoneNumber: '+14155550177' });
      const inner = fetchTransport('/api');
      const tampered = await makeClient(wallet, {
        transport: async (request) => {
          const answer = await inner(request);
          // The signed retry's answer (not the 202 that asks for the signature): it says what was made.
          return request.method === 'POST' && request.path === '/auth/credentials' && answer.status !== 202
            ? { ...answer, body: { ...(answer.body as object), ...tamper } }
            : answer;
        },
      });
      await expectRejects(tampered.addCodeCredential('SMS_OTP', '+14155550177'), (error) => {
        expect(error.code, JSON.stringify(tamper)).to.equal('INVALID_RESPONSE');
      });
      tampered.close();
      client.close();
    }
  });
});
