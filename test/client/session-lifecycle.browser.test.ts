/** Expiry on the server's clock, auto-refresh, the action margin, and ACCOUNT_CHANGED. */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { fetchTransport, type Transport } from '../../src/protocol/index.js';
import type { WalletClient } from '../../src/client/index.js';
import { advanceSandbox, emailSignIn, expectRejects, makeClient, newWallet } from '../helpers/browser-stack.js';

const LIFETIME = 15 * 60_000;

function waitFor(client: WalletClient, type: string, match: (detail: any) => boolean = () => true): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within 10 s`)), 10_000);
    client.addEventListener(type, (event) => {
      const detail = (event as CustomEvent).detail;
      if (match(detail)) {
        clearTimeout(timer);
        resolve(detail);
      }
    });
  });
}

describe('session lifecycle', () => {
  it('fires expiring inside the refresh margin and refreshes automatically', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet, { refreshMarginMs: LIFETIME - 1_500 });
    const expiring = waitFor(client, 'expiring');
    const refreshed = waitFor(client, 'change', (d) => d.cause === 'refreshed');
    const first = await emailSignIn(client, wallet);
    const warning = await expiring;
    expect(warning.msLeft).to.be.within(0, LIFETIME);
    const after = await refreshed;
    expect(after.session.id).to.not.equal(first.id);
    client.close();
  });

  it('at expiry (server clock) the session is dropped and the state says why; timers re-check when the page becomes visible', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet, { autoRefresh: false });
    await emailSignIn(client, wallet);
    await advanceSandbox(LIFETIME + 1_000);
    await client.listCredentials(); // any answer carries the sandbox's Date
    const expired = waitFor(client, 'change', (d) => d.status === 'signed-out');
    document.dispatchEvent(new Event('visibilitychange'));
    expect((await expired).cause).to.equal('expired');
    await expectRejects(client.setWalletPrivacy(true), (e) => expect(e.code).to.equal('NOT_SIGNED_IN'));
    client.close();
  });

  it('a session gone from the service list is dropped: "expired" past its expiry, "revoked" before it', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet, { autoRefresh: false });
    await emailSignIn(client, wallet);
    await advanceSandbox(LIFETIME + 1_000);
    const causes: string[] = [];
    client.addEventListener('change', (e) => causes.push((e as CustomEvent).detail.cause));
    expect((await client.listSessions()).some((s) => s.current)).to.equal(false);
    expect([client.state.status, causes]).to.deep.equal(['signed-out', ['expired']]);
    client.close();
  });

  it('one source of state: at every change `state` is the detail and agrees with `session`; a closed client is signed out', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet, { autoRefresh: false });
    const seen: string[] = [];
    client.addEventListener('change', (e) => {
      const detail = (e as CustomEvent).detail;
      expect(client.state).to.equal(detail);
      expect(client.session).to.equal(detail.status === 'signed-in' ? detail.session : undefined);
      seen.push(`${detail.status}:${detail.cause}`);
    });
    await emailSignIn(client, wallet);
    await client.refreshSession();
    await client.signOut();
    await emailSignIn(client, wallet);
    expect(seen).to.deep.equal([
      'signed-in:signed-in',
      'signed-in:refreshed',
      'signed-out:signed-out',
      'signed-in:signed-in',
    ]);
    client.close();
    expect([client.state, client.session]).to.deep.equal([{ status: 'signed-out' }, undefined]);
  });

  it('a signed action with less than the action margin left refreshes first and keeps the action', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet, { autoRefresh: false, actionMarginMs: 60_000 });
    const first = await emailSignIn(client, wallet);
    await advanceSandbox(LIFETIME - 30_000);
    await client.listSessions();
    await client.setWalletPrivacy(true);
    expect(client.session!.id).to.not.equal(first.id);
    client.close();
  });

  it('a session that changes while an action runs: the action refuses with ACCOUNT_CHANGED and signs nothing', async () => {
    const wallet = await newWallet();
    const signed: string[] = [];
    const inner = fetchTransport('/api');
    const transport: Transport = async (request) => {
      if (request.headers?.['Service-Wallet-Signature']) signed.push(request.path);
      const response = await inner(request);
      // Another tab signs out between the challenge and the signature.
      if (response.status === 202 && request.method === 'PATCH') await client.signOut();
      return response;
    };
    const client: WalletClient = await makeClient(wallet, { transport });
    await emailSignIn(client, wallet);
    signed.length = 0;
    await expectRejects(client.setWalletPrivacy(true), (e) => expect(e.code).to.equal('ACCOUNT_CHANGED'));
    expect(signed.filter((path) => path.includes('internal-accounts'))).to.deep.equal([]);
    client.close();
  });
});
