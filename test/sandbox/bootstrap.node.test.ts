/**
 * The first credential of a new wallet (the first-time wallet bootstrap), through the relay
 * with a client made of Turnkey's libraries: the service creates the wallet
 * bare, takes registrations unsigned while no credential has been used to sign
 * in (a *verified* one), and wants a session's signature after that.
 */
import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_OIDC_ISSUER } from '../../src/sandbox/index.js';
import { platform, startStack, type Stack } from '../helpers/stack.js';
import { oidcToken, TurnkeyWalletClient } from '../helpers/turnkey-wallet-client.js';

describe('first-time wallet bootstrap', () => {
  let stack: Stack;
  let user = 0;

  before(async () => {
    stack = await startStack();
  });
  after(() => stack.close());

  /** A customer as the partner creates it, and a client of the relay allowed on its wallet only. */
  async function bareWallet(contact: { email?: string; phoneNumber?: string }) {
    const customer = await platform(stack.sandbox, 'POST', '/customers', { customerType: 'INDIVIDUAL', ...contact });
    expect(customer.status, JSON.stringify(customer.body)).to.equal(201);
    const wallets = await platform(stack.sandbox, 'GET', `/customers/internal-accounts?customerId=${customer.body.id}`);
    const accountId = wallets.body.data[0].id as string;
    const name = `user-${++user}`;
    stack.grant(name, accountId);
    const client = new TurnkeyWalletClient(stack.relayUrl, name, accountId, stack.sandbox.enclaveKeys);
    return { customerId: customer.body.id as string, accountId, client };
  }

  it('a new wallet has no credential; the unsigned EMAIL_OTP registration answers 201 without a bundle, challenge issues the first code, and it signs in', async () => {
    const { accountId, client } = await bareWallet({ email: 'first@example.com' });
    expect((await client.call('GET', `/auth/credentials?accountId=${accountId}`)).body.data).to.deep.equal([]);
    const registered = await client.call('POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId });
    expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
    expect(registered.body).to.include({ type: 'EMAIL_OTP', accountId, nickname: 'first@example.com' });
    expect(registered.body.otpEncryptionTargetBundle).to.equal(undefined);
    const signIn = await client.otpSignIn(registered.body.id, 'EMAIL_OTP');
    expect(signIn.error, JSON.stringify(signIn.error?.body)).to.equal(undefined);
    expect(signIn.session!.id).to.match(/^Session:/);
  });

  it('registration is unsigned while no credential is verified (never used to sign in), signed once one is', async () => {
    const { accountId, client } = await bareWallet({ email: 'two@example.com', phoneNumber: '+14155550188' });
    const email = await client.call('POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId });
    expect(email.status).to.equal(201);
    // An EMAIL_OTP credential exists but has not signed in: the SMS one is still unsigned.
    const sms = await client.call('POST', '/auth/credentials', { type: 'SMS_OTP', accountId });
    expect(sms.status, JSON.stringify(sms.body)).to.equal(201);
    const signIn = await client.otpSignIn(sms.body.id, 'SMS_OTP');
    expect(signIn.error).to.equal(undefined);
    // Verified now: an OAuth identity needs the SMS session's signature (202, then the signed retry).
    const now = Math.floor(stack.sandbox.clock.now() / 1000);
    const oidc = oidcToken({
      iss: SANDBOX_OIDC_ISSUER,
      aud: 'partner-app',
      sub: 'first-oauth',
      iat: now,
      exp: now + 600,
    });
    const added = await client.signed(
      'POST',
      '/auth/credentials',
      { type: 'OAUTH', accountId, oidcToken: oidc },
      signIn.key!,
    );
    expect(added.challenge.status).to.equal(202);
    expect(added.result.status, JSON.stringify(added.result.body)).to.equal(201);
    // Without the signature, nothing is added.
    const unsigned = await platform(stack.sandbox, 'POST', '/auth/credentials', {
      type: 'OAUTH',
      accountId,
      oidcToken: oidcToken({ iss: SANDBOX_OIDC_ISSUER, aud: 'partner-app', sub: 'second', iat: now, exp: now + 600 }),
    });
    expect(unsigned.status).to.equal(202);
    const types = (await client.call('GET', `/auth/credentials?accountId=${accountId}`)).body.data.map(
      (c: { type: string }) => c.type,
    );
    expect(types.sort()).to.deep.equal(['EMAIL_OTP', 'OAUTH', 'SMS_OTP']);
  });

  it('a contact change of a customer with a wallet is signed, even before the first sign-in; an SMS registration names no other phone', async () => {
    const { customerId, accountId, client } = await bareWallet({
      email: 'change@example.com',
      phoneNumber: '+14155550177',
    });
    const early = await platform(stack.sandbox, 'PATCH', `/customers/${customerId}`, {
      customerType: 'INDIVIDUAL',
      phoneNumber: '+14155550166',
    });
    expect(early.status).to.equal(202); // nothing can sign it yet: the phone stays
    const other = await platform(stack.sandbox, 'POST', '/auth/credentials', {
      type: 'SMS_OTP',
      accountId,
      phoneNumber: '+14155550166',
    });
    expect([other.status, other.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    const sms = await client.call('POST', '/auth/credentials', { type: 'SMS_OTP', accountId });
    expect(sms.body.nickname).to.equal('+14155550177');
  });

  it('relay: a contact change names only customerType and one of email or phoneNumber (a page sets nothing else of the customer)', async () => {
    const { customerId, client } = await bareWallet({ email: 'kyc@example.com' });
    const before = stack.sandboxRequests.length;
    for (const body of [
      { customerType: 'INDIVIDUAL', email: 'a@example.com', kycStatus: 'APPROVED' },
      { customerType: 'INDIVIDUAL', umaAddress: '$rich@sandbox.local' },
      { customerType: 'INDIVIDUAL', email: 'a@example.com', phoneNumber: '+14155550100' },
      { customerType: 'INDIVIDUAL' },
    ]) {
      const answer = await client.call('PATCH', `/customers/${customerId}`, body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).to.deep.equal([400, 'INVALID_INPUT']);
    }
    // The ownership lookup ran (a read); no write reached the service.
    expect(stack.sandboxRequests.slice(before).filter((r) => r.method !== 'GET')).to.deep.equal([]);
  });

  it('one EMAIL_OTP per account; a customer without a phone cannot register SMS_OTP', async () => {
    const { accountId, client } = await bareWallet({ email: 'once@example.com' });
    expect((await client.call('POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId })).status).to.equal(201);
    const again = await client.call('POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId });
    expect([again.status, again.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    const sms = await client.call('POST', '/auth/credentials', { type: 'SMS_OTP', accountId });
    expect([sms.status, sms.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
  });

  it('relay: an email or SMS registration names only type and accountId (the code goes to the customer’s own contact), refused before the service', async () => {
    const { accountId, client } = await bareWallet({ email: 'own@example.com' });
    const before = stack.sandboxRequests.length;
    for (const extra of [{ phoneNumber: '+14155550100' }, { email: 'attacker@example.com' }, { nickname: 'x' }]) {
      const answer = await client.call('POST', '/auth/credentials', { type: 'SMS_OTP', accountId, ...extra });
      expect([answer.status, answer.body.code], JSON.stringify(extra)).to.deep.equal([400, 'INVALID_INPUT']);
      expect(answer.body.message).to.include(Object.keys(extra)[0]);
    }
    expect(stack.sandboxRequests.length).to.equal(before);
    expect((await client.call('GET', `/auth/credentials?accountId=${accountId}`)).body.data).to.deep.equal([]);
  });
});
