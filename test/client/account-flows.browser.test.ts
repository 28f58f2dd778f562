/**
 * The account flows (src/client/account/) load when first used: a sign-in,
 * a refresh and a sign-out need none of them; the first settings or list
 * call loads them once, and every such method then works through the door.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { loadAccount } from '../../src/client/account/load-account.js';
import { emailSignIn, makeClient, newWallet } from '../helpers/browser-stack.js';

describe('the account flows load on first use', () => {
  it('signing in, refreshing and signing out load nothing; the first list loads them, once', async () => {
    expect(loadAccount.file).to.equal('embedded-wallet-account.js');
    const wallet = await newWallet();
    const client = await makeClient(wallet, { autoRefresh: false });
    await emailSignIn(client, wallet);
    await client.refreshSession();
    await client.signOut();
    expect(loadAccount.current, 'after sign-in, refresh and sign-out').to.equal(undefined);

    await emailSignIn(client, wallet);
    const sessions = await client.listSessions();
    expect(sessions.filter((s) => s.current).map((s) => s.id)).to.deep.equal([client.session!.id]);
    const loaded = loadAccount.current;
    expect(loaded).to.not.equal(undefined);
    expect(await client.accountContact()).to.match(/@example\.com$/);
    expect((await client.getWallet()).id).to.equal(wallet.accountId);
    expect(loadAccount.current, 'loaded once').to.equal(loaded);
    client.close();
  });

  it("revoking this device's own session from the list signs out here, with the state saying so", async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet, { autoRefresh: false });
    const session = await emailSignIn(client, wallet);
    const changes: unknown[] = [];
    client.addEventListener('change', (e) => changes.push(e.detail));
    await client.revokeSession(session.id);
    expect(client.state).to.deep.equal({ status: 'signed-out', cause: 'signed-out' });
    expect(changes).to.deep.equal([client.state]);
    expect(client.session).to.equal(undefined);
    client.close();
  });
});
