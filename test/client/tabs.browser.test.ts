/**
 * Several tabs of one origin (a second document in an iframe: its own window,
 * its own module instances): sign-out reaches every tab, and a refresh is
 * done by one tab at a time while the others adopt its result.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import type { WalletClient } from '../../src/client/index.js';
import {
  control,
  emailSignIn,
  makeClient,
  newWallet,
  sandboxKeys,
  sandboxSessions,
  type TestWallet,
} from '../helpers/browser-stack.js';

async function secondTab(wallet: TestWallet): Promise<{ client: WalletClient; frame: HTMLIFrameElement }> {
  const frame = document.createElement('iframe');
  frame.src = new URL('./fixtures/tab.html', import.meta.url).href;
  document.body.append(frame);
  const win = () => frame.contentWindow as (Window & { WalletClient?: typeof WalletClient }) | null;
  for (let i = 0; i < 200 && !win()?.WalletClient; i++) await new Promise((r) => setTimeout(r, 25));
  const Client = win()!.WalletClient!;
  const client = new Client({ apiBase: '/api', accountId: wallet.accountId, enclaveKeys: await sandboxKeys() });
  await client.ready;
  return { client, frame };
}

function nextChange(client: WalletClient, status: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${status}" change within 5 s`)), 5_000);
    client.addEventListener('change', (event) => {
      if ((event as CustomEvent<{ status: string }>).detail.status === status) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

describe('tabs', () => {
  it('sign-in in one tab reaches the other; sign-out in one tab signs the other out', async () => {
    const wallet = await newWallet();
    const first = await makeClient(wallet);
    const { client: second, frame } = await secondTab(wallet);
    expect(second.state.status).to.equal('signed-out');

    const signedIn = nextChange(second, 'signed-in');
    await emailSignIn(first, wallet);
    await signedIn;
    expect(second.session?.id).to.equal(first.session!.id);

    const signedOut = nextChange(second, 'signed-out');
    await first.signOut();
    await signedOut;
    expect(second.session).to.equal(undefined);
    first.close();
    second.close();
    frame.remove();
  });

  it('two tabs refreshing together make exactly one refresh; both end on the new session', async () => {
    const wallet = await newWallet();
    const first = await makeClient(wallet, { autoRefresh: false });
    const { client: second, frame } = await secondTab(wallet);
    const adopted = nextChange(second, 'signed-in');
    await emailSignIn(first, wallet);
    await adopted;
    const old = first.session!.id;
    await control('/relay-log', {}, 'DELETE');

    const [a, b] = await Promise.all([first.refreshSession(), second.refreshSession()]);
    expect(a.id).to.equal(b.id);
    expect(a.id).to.not.equal(old);
    const log = await control<{ operation: string; status: number }[]>('/relay-log', undefined, 'GET');
    const refreshes = log.filter((entry) => entry.operation === 'session.refresh');
    expect(refreshes.map((entry) => entry.status)).to.deep.equal([202, 201]); // one challenge, one signed retry
    const sessions = await sandboxSessions(wallet.accountId);
    expect(sessions.filter((s) => !s.revoked).map((s) => s.id)).to.deep.equal([a.id]);
    first.close();
    second.close();
    frame.remove();
  });
});
