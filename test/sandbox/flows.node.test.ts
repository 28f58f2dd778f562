/**
 * Every wallet flow through the relay against the sandbox, driven by a client
 * made only of Turnkey's libraries and Node's crypto, so it proves the sandbox
 * and relay interoperate with an implementation other than ours.
 */
import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { SANDBOX_OIDC_ISSUER } from '../../src/sandbox/index.js';
import { addExternalAccount, createWalletCustomer, platform, startStack, type Stack } from '../helpers/stack.js';
import { newKey, oidcToken, stampWith, TurnkeyWalletClient } from '../helpers/turnkey-wallet-client.js';

describe('wallet flows through the relay (Turnkey-library client)', () => {
  let stack: Stack;
  let ids: Awaited<ReturnType<typeof createWalletCustomer>>;
  let client: TurnkeyWalletClient;

  before(async () => {
    stack = await startStack();
    ids = await createWalletCustomer(stack.sandbox, { email: 'ada@example.com', phoneNumber: '+14155550123' });
    stack.grant('ada', ids.accountId);
    client = new TurnkeyWalletClient(stack.relayUrl, 'ada', ids.accountId, stack.sandbox.enclaveKeys);
  });
  after(() => stack.close());

  for (const mode of ['client-held', 'sealed'] as const) {
    it(`email OTP sign-in (${mode} session key): challenge, sealed code, 202 with a verification token, signed verify -> session`, async () => {
      const signIn = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP', mode);
      expect(signIn.error, JSON.stringify(signIn.error?.body)).to.equal(undefined);
      expect(signIn.session!.id).to.match(/^Session:[0-9a-f-]{36}$/);
      expect(Boolean(signIn.session!.encryptedSessionSigningKey)).to.equal(mode === 'sealed');
      const token = signIn.verify!.body.payloadToSign as string;
      expect(token.split('.')).to.have.length(3);
      // The session key works: list sessions and see this one, then revoke it with itself (sign-out).
      const sessions = await client.call('GET', `/auth/sessions?accountId=${ids.accountId}`);
      expect(sessions.body.data.map((s: { id: string }) => s.id)).to.include(signIn.session!.id);
      const out = await client.signed('DELETE', `/auth/sessions/${signIn.session!.id}`, undefined, signIn.key!);
      expect(out.result.status).to.equal(204);
    });

    it(`SMS OTP sign-in (${mode} session key)`, async () => {
      stack.sandbox.clock.advance(31_000); // past the resend interval of earlier challenges
      const signIn = await client.otpSignIn(ids.smsCredentialId!, 'SMS_OTP', mode);
      expect(signIn.error, JSON.stringify(signIn.error?.body)).to.equal(undefined);
      expect(signIn.session!.nickname).to.equal('+14155550123');
    });
  }

  it('OAuth: register (signed by an OTP session), then sign in with a nonce bound to the session key, both modes', async () => {
    stack.sandbox.clock.advance(31_000);
    const otp = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    const now = Math.floor(stack.sandbox.clock.now() / 1000);
    const claims = {
      iss: SANDBOX_OIDC_ISSUER,
      aud: 'partner-app',
      sub: 'user-42',
      email: 'ada@example.com',
      iat: now,
      exp: now + 600,
    };
    const register = await client.signed(
      'POST',
      '/auth/credentials',
      { type: 'OAUTH', accountId: ids.accountId, oidcToken: oidcToken(claims) },
      otp.key!,
    );
    expect(register.challenge.status).to.equal(202);
    expect(JSON.parse(register.challenge.body.payloadToSign).type).to.equal('ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS');
    expect(register.result.status, JSON.stringify(register.result.body)).to.equal(201);
    const credentialId = register.result.body.id;
    for (const mode of ['sealed', 'client-held'] as const) {
      const signIn = await client.oauthSignIn(credentialId, claims, mode);
      expect(signIn.error?.body, mode).to.equal(undefined);
      expect(Boolean(signIn.session!.encryptedSessionSigningKey)).to.equal(mode === 'sealed');
      // The key (decrypted with Turnkey's decryptCredentialBundle in sealed mode) signs for the wallet.
      const privacy = await client.signed(
        'PATCH',
        `/internal-accounts/${ids.accountId}`,
        { privateEnabled: mode === 'sealed' },
        signIn.key!,
      );
      expect(privacy.result.status, JSON.stringify(privacy.result.body)).to.equal(200);
      expect(privacy.result.body.privateEnabled).to.equal(mode === 'sealed');
    }
  });

  it('sessions: list, refresh (new key, replaces the old session), revoke another device', async () => {
    stack.sandbox.clock.advance(31_000);
    const phone = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    stack.sandbox.clock.advance(31_000);
    const laptop = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP', 'sealed');
    const fresh = newKey();
    const refresh = await client.signed(
      'POST',
      `/auth/sessions/${laptop.session!.id}/refresh`,
      { clientPublicKey: fresh.publicKeyUncompressed },
      laptop.key!,
    );
    expect(refresh.challenge.status).to.equal(202);
    const activity = JSON.parse(refresh.challenge.body.payloadToSign);
    expect(activity.type).to.equal('ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2');
    expect(activity.parameters.targetPublicKey).to.equal(fresh.publicKeyUncompressed);
    expect(refresh.result.status).to.equal(201);
    const refreshedKey = client.sessionKey(refresh.result.body, 'sealed', fresh);
    let list = (await client.call('GET', `/auth/sessions?accountId=${ids.accountId}`)).body.data.map(
      (s: { id: string }) => s.id,
    );
    expect(list).to.include(refresh.result.body.id).and.not.include(laptop.session!.id);
    // The refreshed laptop revokes the phone.
    const revoke = await client.signed('DELETE', `/auth/sessions/${phone.session!.id}`, undefined, refreshedKey);
    expect(revoke.result.status).to.equal(204);
    list = (await client.call('GET', `/auth/sessions?accountId=${ids.accountId}`)).body.data.map(
      (s: { id: string }) => s.id,
    );
    expect(list).to.not.include(phone.session!.id);
    // The revoked phone's key no longer signs.
    const denied = await client.signed(
      'PATCH',
      `/internal-accounts/${ids.accountId}`,
      { privateEnabled: true },
      phone.key!,
    );
    expect(denied.result.body.code).to.equal('WALLET_SIGNATURE_INVALID');
  });

  it('credentials: add SMS (signed once the email credential has signed in), list, revoke with a session of a different credential', async () => {
    // A customer with a phone whose wallet has only its email credential: the SMS one is added signed.
    const created = await platform(stack.sandbox, 'POST', '/customers', {
      customerType: 'INDIVIDUAL',
      email: 'bo@example.com',
      phoneNumber: '+447700900123',
    });
    const wallets = await platform(stack.sandbox, 'GET', `/customers/internal-accounts?customerId=${created.body.id}`);
    const accountId = wallets.body.data[0].id as string;
    const registered = await platform(stack.sandbox, 'POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId });
    const other = { customerId: created.body.id as string, accountId, emailCredentialId: registered.body.id as string };
    stack.grant('ada', other.accountId);
    const bo = new TurnkeyWalletClient(stack.relayUrl, 'ada', other.accountId, stack.sandbox.enclaveKeys);
    const email = await bo.otpSignIn(other.emailCredentialId, 'EMAIL_OTP');
    const add = await bo.signed(
      'POST',
      '/auth/credentials',
      { type: 'SMS_OTP', accountId: other.accountId },
      email.key!,
    );
    expect(add.result.status, JSON.stringify(add.result.body)).to.equal(201);
    const list = await bo.call('GET', `/auth/credentials?accountId=${other.accountId}`);
    expect(list.body.data.map((c: { type: string }) => c.type).sort()).to.deep.equal(['EMAIL_OTP', 'SMS_OTP']);
    // The email session cannot remove its own credential ...
    const own = await bo.signed('DELETE', `/auth/credentials/${other.emailCredentialId}`, undefined, email.key!);
    expect(own.result.body.code).to.equal('WALLET_SIGNATURE_INVALID');
    // ... an SMS session can, and the email sessions die with it.
    const sms = await bo.otpSignIn(add.result.body.id, 'SMS_OTP');
    const revoke = await bo.signed('DELETE', `/auth/credentials/${other.emailCredentialId}`, undefined, sms.key!);
    expect(revoke.result.status).to.equal(204);
    const sessions = (await bo.call('GET', `/auth/sessions?accountId=${other.accountId}`)).body.data;
    expect(sessions.map((s: { type: string }) => s.type)).to.deep.equal(['SMS_OTP']);
  });

  it('export: the bundle verifies under the pinned export key and decrypts (Turnkey) to 12 valid BIP-39 words', async () => {
    stack.sandbox.clock.advance(31_000);
    const signIn = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    const exported = await client.exportMnemonic(signIn.key!);
    expect(exported.error?.body).to.equal(undefined);
    expect(JSON.parse(exported.challenge!.body.payloadToSign).type).to.equal('ACTIVITY_TYPE_EXPORT_WALLET');
    expect(exported.mnemonic!.split(' ')).to.have.length(12);
    expect(validateMnemonic(exported.mnemonic!, wordlist)).to.equal(true);
  });

  it('contact update: a signed retry when the customer has a wallet; the EMAIL_OTP credential follows', async () => {
    stack.sandbox.clock.advance(31_000);
    const signIn = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    const update = await client.signed(
      'PATCH',
      `/customers/${ids.customerId}`,
      { customerType: 'INDIVIDUAL', email: 'ada.l@example.com' },
      signIn.key!,
    );
    expect(update.challenge.status).to.equal(202);
    expect(update.result.status, JSON.stringify(update.result.body)).to.equal(200);
    expect(update.result.body.email).to.equal('ada.l@example.com');
    const credentials = await client.call('GET', `/auth/credentials?accountId=${ids.accountId}`);
    expect(credentials.body.data.find((c: { type: string }) => c.type === 'EMAIL_OTP').nickname).to.equal(
      'ada.l@example.com',
    );
    const both = await client.call('PATCH', `/customers/${ids.customerId}`, {
      customerType: 'INDIVIDUAL',
      email: 'x@example.com',
      phoneNumber: '+14155550100',
    });
    expect(both.status).to.equal(400);
  });

  it('fund, quote, signed execute (by the platform) -> PENDING -> PROCESSING -> COMPLETED on the sandbox clock', async () => {
    const { sandbox } = stack;
    expect(
      (await platform(sandbox, 'POST', `/sandbox/internal-accounts/${ids.accountId}/fund`, { amount: 10_000 })).body
        .balance.amount,
    ).to.equal(10_000);
    const external = await addExternalAccount(sandbox, ids.customerId);
    expect(external.status).to.equal(201);
    const quote = await platform(sandbox, 'POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: ids.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: external.body.id },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 2_500,
    });
    expect(quote.status).to.equal(201);
    const payload = quote.body.paymentInstructions[0].accountOrWalletInfo.payloadToSign as string;
    expect(JSON.parse(payload).type).to.equal('ACTIVITY_TYPE_SIGN_TRANSACTION_V2');
    // The widget's part: read the quote through the relay and stamp the payload with the session key.
    stack.sandbox.clock.advance(31_000);
    const signIn = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    const viaRelay = await client.call('GET', `/quotes/${quote.body.id}`);
    expect(viaRelay.body.paymentInstructions[0].accountOrWalletInfo.payloadToSign).to.equal(payload);
    const signature = await stampWith(signIn.key!, payload);
    // The partner backend executes with the signature and an idempotency key.
    const headers = { 'service-wallet-signature': signature, 'idempotency-key': 'pay-1' };
    const executed = await platform(sandbox, 'POST', `/quotes/${quote.body.id}/execute`, undefined, headers);
    expect(executed.status, JSON.stringify(executed.body)).to.equal(200);
    expect(executed.body.status).to.equal('PENDING');
    const again = await platform(sandbox, 'POST', `/quotes/${quote.body.id}/execute`, undefined, headers);
    expect(again.body).to.deep.equal(executed.body); // same key, first answer
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const tx = await platform(sandbox, 'GET', `/transactions/${quote.body.transactionId}`);
      seen.push(tx.body.status);
      sandbox.clock.advance(1_000);
    }
    expect(seen).to.deep.equal(['PENDING', 'PROCESSING', 'PROCESSING', 'COMPLETED']);
    expect((await platform(sandbox, 'GET', `/quotes/${quote.body.id}`)).body.status).to.equal('COMPLETED');
    const wallet = await platform(sandbox, 'GET', `/customers/internal-accounts?customerId=${ids.customerId}`);
    expect(wallet.body.data[0].balance.amount).to.equal(7_500);
  });
});
