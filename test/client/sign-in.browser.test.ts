import { expect } from 'chai';
import { createStore, get } from 'idb-keyval';
import { before, describe, it } from '#test-harness';
import { addVirtualAuthenticator } from '../helpers/authenticator.js';
import { exportPublicKey } from '../../src/crypto/index.js';
import type { WalletClient } from '../../src/client/index.js';
import {
  advanceSandbox,
  emailSignIn,
  makeClient,
  newWallet,
  platform,
  recording,
  sandboxSessions,
  testIdp,
  type TestWallet,
} from '../helpers/browser-stack.js';
import { exportableFormats } from '../helpers/private-keys.js';

/** Proves a client's session signs what the sandbox accepts: a signed privacy change. */
async function proveSigning(client: WalletClient, wallet: TestWallet, enabled: boolean): Promise<void> {
  await client.setWalletPrivacy(enabled);
  const wallets = await platform('GET', `/customers/internal-accounts?customerId=${wallet.customerId}`);
  expect(wallets.body.data[0].privateEnabled).to.equal(enabled);
}

describe('WalletClient sign-in (sandbox through the relay)', () => {
  before(async () => {
    await addVirtualAuthenticator();
  });

  it('email OTP: 3 calls in all (challenge, verify, signed verify); the TEK is the session key and is non-extractable', async () => {
    const wallet = await newWallet();
    const rec = recording();
    const client = await makeClient(wallet, { transport: rec.transport });
    const otp = await client.signInWithEmailOtp({ credentialId: wallet.emailCredentialId });
    expect(otp.destination).to.match(/@example\.com$/);
    expect(otp.channel).to.equal('email');
    const session = await otp.finish('000 000');
    expect(session.id).to.match(/^Session:/);
    expect(client.state.status).to.equal('signed-in');
    expect(rec.calls).to.deep.equal([
      `POST /auth/credentials/${wallet.emailCredentialId}/challenge`,
      `POST /auth/credentials/${wallet.emailCredentialId}/verify`,
      `POST /auth/credentials/${wallet.emailCredentialId}/verify`,
    ]);
    // The OTP travelled only sealed.
    expect(JSON.stringify(rec.requests.map((r) => r.body))).to.not.include('"000000"');
    await proveSigning(client, wallet, true);
    client.close();
  });

  it('SMS OTP sign-in, with a pasted "123-456"-style code', async () => {
    const wallet = await newWallet({ phone: true });
    const client = await makeClient(wallet);
    const otp = await client.signInWithSmsOtp({ credentialId: wallet.smsCredentialId! });
    expect(otp.channel).to.equal('sms');
    expect(otp.destination).to.equal('+14155550123');
    await otp.finish('000-000');
    await proveSigning(client, wallet, true);
    client.close();
  });

  for (const mode of ['sealed', 'client-held'] as const) {
    it(`${mode} mode: passkey registration and sign-in with the virtual authenticator (sign-in: 2 calls), OAuth register and sign-in (1 call)`, async () => {
      const wallet = await newWallet();
      const rec = recording();
      const client = await makeClient(wallet, { sessionKeyMode: mode, transport: rec.transport });
      await emailSignIn(client, wallet);

      const registered = await client.registerPasskey({ nickname: 'Test laptop', signIn: false });
      expect(registered.credential.type).to.equal('PASSKEY');
      expect(registered.credential.nickname).to.equal('Test laptop');

      rec.calls.length = 0;
      const prepared = await client.preparePasskeySignIn({ credentialId: registered.credential.id });
      expect(prepared.isFresh()).to.equal(true);
      const session = await prepared.start();
      expect(session.credentialType).to.equal('PASSKEY');
      expect(rec.calls).to.deep.equal([
        `POST /auth/credentials/${registered.credential.id}/challenge`,
        `POST /auth/credentials/${registered.credential.id}/verify`,
      ]);
      await proveSigning(client, wallet, mode === 'sealed');

      const oauth = await client.registerOAuth({ oidcTokenProvider: testIdp(client, `sub-${mode}`) });
      expect(oauth.type).to.equal('OAUTH');
      rec.calls.length = 0;
      const viaOAuth = await client.signInWithOAuth({
        credentialId: oauth.id,
        oidcTokenProvider: testIdp(client, `sub-${mode}`),
      });
      expect(viaOAuth.credentialType).to.equal('OAUTH');
      expect(rec.calls).to.deep.equal([`POST /auth/credentials/${oauth.id}/verify`]);
      await proveSigning(client, wallet, mode !== 'sealed');
      client.close();
    });
  }

  it('registerPasskey signs in with the new passkey by default', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    await emailSignIn(client, wallet);
    const { credential, session } = await client.registerPasskey({ nickname: 'Phone' });
    expect(session?.credentialId).to.equal(credential.id);
    client.close();
  });

  it('both key modes: exportKey on the stored private key rejects, and a reload (new client) restores a usable session from IndexedDB', async () => {
    for (const mode of ['sealed', 'client-held'] as const) {
      const wallet = await newWallet();
      const first = await makeClient(wallet, { sessionKeyMode: mode });
      await emailSignIn(first, wallet);
      await first.refreshSession(); // in sealed mode this makes the session key an imported scalar
      first.close();

      const reloaded = await makeClient(wallet, { sessionKeyMode: mode });
      expect(reloaded.state.status).to.equal('signed-in');
      const stored = await get(wallet.accountId, createStore('embedded-wallet-elements', 'sessions'));
      expect(stored.keyPair.privateKey.extractable).to.equal(false);
      expect(await exportableFormats(stored.keyPair.privateKey)).to.deep.equal([]);
      expect(await exportPublicKey(stored.keyPair.publicKey, 'compressed')).to.have.length(33);
      await proveSigning(reloaded, wallet, mode === 'sealed');
      reloaded.close();
    }
  });

  it('sessions: list marks this device; refresh replaces the session; revoke another device; sign out revokes at the service', async () => {
    const wallet = await newWallet();
    const laptop = await makeClient(wallet);
    await emailSignIn(laptop, wallet);
    await advanceSandbox(31_000);
    // Another device: its own storage and tab channel.
    const phone = await makeClient(wallet, { storageNamespace: `other-device-${wallet.accountId}` });
    await emailSignIn(phone, wallet);

    const listed = await laptop.listSessions();
    expect(listed).to.have.length(2);
    expect(listed.filter((s) => s.current).map((s) => s.id)).to.deep.equal([laptop.session!.id]);

    const before = laptop.session!.id;
    const refreshed = await laptop.refreshSession();
    expect(refreshed.id).to.not.equal(before);
    const afterRefresh = (await laptop.listSessions()).map((s) => s.id);
    expect(afterRefresh).to.include(refreshed.id).and.not.include(before);

    await laptop.revokeSession(phone.session!.id);
    expect((await laptop.listSessions()).map((s) => s.id)).to.deep.equal([refreshed.id]);
    // The phone learns it on its next look at the list: signed out here too, cause "revoked".
    const phoneStates: string[] = [];
    phone.addEventListener('change', (e) =>
      phoneStates.push(`${(e as CustomEvent).detail.status}:${(e as CustomEvent).detail.cause}`),
    );
    const seenByPhone = await phone.listSessions();
    expect(seenByPhone.some((s) => s.current)).to.equal(false);
    expect([phone.state.status, phoneStates]).to.deep.equal(['signed-out', ['signed-out:revoked']]);

    const out = await laptop.signOut();
    expect(out.revoked).to.equal(true);
    expect(laptop.state.status).to.equal('signed-out');
    const recorded = await sandboxSessions(wallet.accountId);
    expect(recorded.filter((s) => !s.revoked)).to.deep.equal([]);
    laptop.close();
    phone.close();
  });
});
