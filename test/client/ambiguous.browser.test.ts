/**
 * Ambiguous failures of a signed retry (the answer is lost): the client reads
 * the state back and never makes a second change, or restarts from the first
 * call when the change did not happen. Checked in the sandbox's own state.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import {
  advanceSandbox,
  control,
  emailSignIn,
  expectRejects,
  makeClient,
  newWallet,
  sandboxSessions,
  testIdp,
} from '../helpers/browser-stack.js';

describe('ambiguous signed retries', () => {
  it('a revoke applied but its answer dropped: read back, resolved, exactly one session revoked', async () => {
    const wallet = await newWallet();
    const laptop = await makeClient(wallet);
    await emailSignIn(laptop, wallet);
    await advanceSandbox(31_000);
    const phone = await makeClient(wallet, { storageNamespace: `phone-${wallet.accountId}` });
    await emailSignIn(phone, wallet);
    // Let the first call (202) through; drop the signed retry's answer after the sandbox applied it.
    await control('/faults', { method: 'DELETE', path: '/auth/sessions/*', kind: 'drop', phase: 'after', skip: 1 });
    await laptop.revokeSession(phone.session!.id);
    const sessions = await sandboxSessions(wallet.accountId);
    expect(sessions.filter((s) => s.revoked).map((s) => s.id)).to.deep.equal([phone.session!.id]);
    expect(laptop.state.status).to.equal('signed-in');
    laptop.close();
    phone.close();
  });

  it('a credential added but its answer dropped: read back, exactly one new credential', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    await emailSignIn(client, wallet);
    await control('/faults', { method: 'POST', path: '/auth/credentials', kind: 'drop', phase: 'after', skip: 1 });
    const credential = await client.registerOAuth({ oidcTokenProvider: testIdp(client) });
    expect(credential.type).to.equal('OAUTH');
    const stored = await control<{ type: string }[]>(
      `/credentials?accountId=${encodeURIComponent(wallet.accountId)}`,
      undefined,
      'GET',
    );
    expect(stored.map((c) => c.type).sort()).to.deep.equal(['EMAIL_OTP', 'OAUTH']);
    client.close();
  });

  it('a retry that failed before the sandbox applied it: restarted from the first call, exactly one change', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    await emailSignIn(client, wallet);
    await control('/faults', { method: 'POST', path: '/auth/credentials', kind: '500', skip: 1 });
    await client.registerOAuth({ oidcTokenProvider: testIdp(client) });
    const stored = await control<{ type: string }[]>(
      `/credentials?accountId=${encodeURIComponent(wallet.accountId)}`,
      undefined,
      'GET',
    );
    expect(stored.filter((c) => c.type === 'OAUTH')).to.have.length(1);
    client.close();
  });

  describe('a refresh the sandbox applied but whose answer was lost', () => {
    const dropRefreshAnswer = () =>
      control('/faults', { method: 'POST', path: '/auth/sessions/*', kind: 'drop', phase: 'after', skip: 1 });

    it('sealed key: signed out with SESSION_REPLACED, never "signed in" with the replaced session', async () => {
      const wallet = await newWallet();
      const client = await makeClient(wallet);
      await emailSignIn(client, wallet);
      const old = client.session!.id;
      await dropRefreshAnswer();
      await expectRejects(client.refreshSession(), (e) => expect(e.code).to.equal('SESSION_REPLACED'));
      expect(client.state).to.deep.equal({ status: 'signed-out', cause: 'replaced' });
      const sessions = await sandboxSessions(wallet.accountId);
      expect(sessions.find((s) => s.id === old)?.revoked, 'the old session was replaced').to.equal(true);
      // A reload finds nothing stored either.
      const reloaded = await makeClient(wallet);
      expect(reloaded.state.status).to.equal('signed-out');
      reloaded.close();
      client.close();
    });

    it('client-held key: the new session is found in the list and re-opened; it signs', async () => {
      const wallet = await newWallet();
      const client = await makeClient(wallet, { sessionKeyMode: 'client-held' });
      await emailSignIn(client, wallet);
      const old = client.session!.id;
      await dropRefreshAnswer();
      const next = await client.refreshSession();
      expect(next.id).to.not.equal(old);
      const sessions = await sandboxSessions(wallet.accountId);
      expect(sessions.find((s) => s.id === old)?.revoked).to.equal(true);
      expect(sessions.find((s) => s.id === next.id)?.revoked).to.equal(false);
      expect(client.state.status).to.equal('signed-in');
      await client.setWalletPrivacy(true);
      client.close();
    });

    it('a refresh that failed before the sandbox applied it: restarted, one new session, still signed in', async () => {
      const wallet = await newWallet();
      const client = await makeClient(wallet);
      await emailSignIn(client, wallet);
      const old = client.session!.id;
      await control('/faults', { method: 'POST', path: '/auth/sessions/*', kind: '500', skip: 1 });
      const next = await client.refreshSession();
      const active = (await sandboxSessions(wallet.accountId)).filter((s) => !s.revoked).map((s) => s.id);
      expect(active).to.deep.equal([next.id]);
      expect(next.id).to.not.equal(old);
      await client.setWalletPrivacy(true);
      client.close();
    });
  });
});
