/**
 * Errors reach the caller typed, with the service's code and reason; after
 * each the stored session is unchanged and the next attempt succeeds.
 */
import { expect } from 'chai';
import { before, describe, it } from '#test-harness';
import { addVirtualAuthenticator } from '../helpers/authenticator.js';
import { fetchTransport, WalletError, type Transport } from '../../src/protocol/index.js';
import type { WalletClient } from '../../src/client/index.js';
import {
  advanceSandbox,
  control,
  emailSignIn,
  expectRejects,
  makeClient,
  newWallet,
  platform,
  quoteFor,
} from '../helpers/browser-stack.js';

async function unchangedAndWorking(client: WalletClient, sessionId: string): Promise<void> {
  expect(client.state.status).to.equal('signed-in');
  expect(client.session?.id).to.equal(sessionId);
  expect((await client.listSessions()).some((s) => s.id === sessionId && s.current)).to.equal(true);
}

describe('WalletClient errors (sandbox through the relay)', () => {
  before(async () => {
    await addVirtualAuthenticator();
  });

  it('a wrong OTP code: UNAUTHORIZED / "Invalid OTP code"; the same step then succeeds', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    const otp = await client.signInWithEmailOtp({ credentialId: wallet.emailCredentialId });
    await expectRejects(otp.finish('123456'), (e) => {
      expect(e).to.be.instanceOf(WalletError);
      expect([e.code, e.status, e.reason, e.operation]).to.deep.equal([
        'UNAUTHORIZED',
        401,
        'Invalid OTP code',
        'signInWithEmailOtp',
      ]);
    });
    await expectRejects(otp.finish('12ab'), (e) => expect(e.code).to.equal('INVALID_INPUT'));
    expect(client.state.status).to.equal('signed-out');
    await otp.finish('000000');
    expect(client.state.status).to.equal('signed-in');
    client.close();
  });

  it('resend inside the interval: RATE_LIMITED with retryAfterMs, and resendAvailableAt on the server clock', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    const otp = await client.signInWithEmailOtp({ credentialId: wallet.emailCredentialId });
    // The wait starts with the code sent, before any refusal.
    expect(otp.resendAvailableAt - client.serverNow()).to.be.within(25_000, 30_000);
    await expectRejects(otp.resend(), (e) => {
      expect([e.code, e.status]).to.deep.equal(['RATE_LIMITED', 429]);
      expect(e.retryAfterMs).to.be.within(25_000, 30_000);
    });
    expect(otp.resendAvailableAt - client.serverNow()).to.be.within(20_000, 30_000);
    await advanceSandbox(31_000);
    await otp.resend();
    expect(otp.resendAvailableAt - client.serverNow()).to.be.within(25_000, 30_000);
    await otp.finish('000000');
    client.close();
  });

  it('an expired OTP and an expired passkey challenge are typed; preparing again works', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    const otp = await client.signInWithEmailOtp({ credentialId: wallet.emailCredentialId });
    await advanceSandbox(11 * 60_000);
    await expectRejects(otp.finish('000000'), (e) =>
      expect([e.code, e.reason]).to.deep.equal(['UNAUTHORIZED', 'Code expired; request a new one']),
    );
    await otp.resend();
    await otp.finish('000000');
    const { credential } = await client.registerPasskey({ signIn: false });
    const sessionId = client.session!.id;

    const prepared = await client.preparePasskeySignIn({ credentialId: credential.id });
    await advanceSandbox(6 * 60_000);
    await expectRejects(prepared.start(), (e) =>
      expect([e.code, e.reason]).to.deep.equal(['UNAUTHORIZED', 'Challenge expired']),
    );
    expect(client.session!.id).to.equal(sessionId);
    const again = await client.preparePasskeySignIn({ credentialId: credential.id });
    expect(prepared.isFresh()).to.equal(false);
    await again.start();
    expect(client.session!.credentialType).to.equal('PASSKEY');
    client.close();
  });

  it('a reused Request-Id: UNAUTHORIZED / "Request-Id already used"; the session is unchanged and the next call succeeds', async () => {
    const wallet = await newWallet();
    let used: string | undefined;
    let replay = false;
    const inner = fetchTransport('/api');
    const transport: Transport = async (request) => {
      const id = request.headers?.['Request-Id'];
      if (id && replay && used) return inner({ ...request, headers: { ...request.headers, 'Request-Id': used } });
      if (id) used = id;
      return inner(request);
    };
    const client = await makeClient(wallet, { transport });
    await emailSignIn(client, wallet);
    const sessionId = client.session!.id;
    await client.setWalletPrivacy(true);
    replay = true;
    await expectRejects(client.setWalletPrivacy(false), (e) =>
      expect([e.code, e.reason]).to.deep.equal(['UNAUTHORIZED', 'Request-Id already used']),
    );
    replay = false;
    await unchangedAndWorking(client, sessionId);
    await client.setWalletPrivacy(false);
    client.close();
  });

  it('a session revoked from another device: its refused stamp signs it out (SESSION_REPLACED, nothing left to fail after a reload)', async () => {
    const wallet = await newWallet();
    const laptop = await makeClient(wallet);
    await emailSignIn(laptop, wallet);
    await advanceSandbox(31_000);
    const phone = await makeClient(wallet, { storageNamespace: `phone-${wallet.accountId}` });
    await emailSignIn(phone, wallet);
    await phone.revokeSession(laptop.session!.id);
    await expectRejects(laptop.setWalletPrivacy(true), (e) => {
      expect(e.code).to.equal('SESSION_REPLACED');
      expect([e.cause.code, e.cause.status]).to.deep.equal(['WALLET_SIGNATURE_INVALID', 401]);
    });
    expect(laptop.state).to.deep.equal({ status: 'signed-out', cause: 'revoked' });
    const reloaded = await makeClient(wallet);
    expect(reloaded.state.status).to.equal('signed-out');
    reloaded.close();
    laptop.close();
    phone.close();
  });

  it("approveQuote: 0 calls; the signature executes at the sandbox; an expired quote is QUOTE_EXPIRED; another wallet's is QUOTE_NOT_SIGNABLE", async () => {
    const wallet = await newWallet();
    const requests: string[] = [];
    const inner = fetchTransport('/api');
    const client = await makeClient(wallet, { transport: (r) => (requests.push(r.path), inner(r)) });
    await emailSignIn(client, wallet);
    const quote = await quoteFor(wallet);
    requests.length = 0;
    const approval = await client.approveQuote(quote);
    expect(requests).to.deep.equal([]);
    expect(approval.quoteId).to.equal(quote.id);
    expect((await client.approveQuote(quote)).idempotencyKey).to.equal(approval.idempotencyKey);
    const executed = await platform('POST', `/quotes/${quote.id}/execute`, undefined, {
      'Service-Wallet-Signature': approval.signature,
      'Idempotency-Key': approval.idempotencyKey,
    });
    expect(executed.status).to.equal(200);
    await advanceSandbox(4_000);
    expect((await platform('GET', `/quotes/${quote.id}`)).body.status).to.equal('COMPLETED');

    const other = await newWallet();
    await expectRejects(client.approveQuote({ ...(await quoteFor(other)) }), (e) =>
      expect(e.code).to.equal('QUOTE_NOT_SIGNABLE'),
    );
    const stale = await quoteFor(wallet);
    await advanceSandbox(5 * 60_000 + 1_000);
    await client.listSessions(); // any answer carries the server's Date
    await expectRejects(client.approveQuote(stale), (e) => expect(e.code).to.equal('QUOTE_EXPIRED'));
    client.close();
  });

  it('a 500 and a timeout injected by the sandbox: INTERNAL_ERROR and TIMEOUT; the session is unchanged and the next call succeeds', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet, { requestTimeoutMs: 1_000 });
    await emailSignIn(client, wallet);
    const sessionId = client.session!.id;
    await control('/faults', { method: 'GET', path: '/auth/sessions', kind: '500' });
    await expectRejects(client.listSessions(), (e) =>
      expect([e.code, e.status, e.ambiguous]).to.deep.equal(['INTERNAL_ERROR', 500, true]),
    );
    await unchangedAndWorking(client, sessionId);
    await control('/faults', { method: 'GET', path: '/auth/sessions', kind: 'hang', hangMs: 3_000 });
    await expectRejects(client.listSessions(), (e) => expect(e.code).to.equal('TIMEOUT'));
    await unchangedAndWorking(client, sessionId);
    client.close();
  });

  it('removing the credential this device signed in with: NO_OTHER_CREDENTIAL before any call', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    await emailSignIn(client, wallet);
    await expectRejects(client.revokeCredential(wallet.emailCredentialId), (e) =>
      expect(e.code).to.equal('NO_OTHER_CREDENTIAL'),
    );
    // With a passkey session, the email credential can go.
    await client.registerPasskey();
    await client.revokeCredential(wallet.emailCredentialId);
    expect((await client.listCredentials()).map((c) => c.type)).to.deep.equal(['PASSKEY']);
    client.close();
  });

  it('export opens to 12 BIP-39 words; contact change is signed and applied', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    await emailSignIn(client, wallet);
    const mnemonic = await client.exportWallet();
    expect(mnemonic.split(' ')).to.have.length(12);
    const updated = await client.updateContact({ email: `new-${Date.now()}@example.com` });
    expect(String(updated['email'])).to.match(/^new-/);
    client.close();
  });
});
