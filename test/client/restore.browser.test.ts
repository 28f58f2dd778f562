/**
 * The restore on a page load, against the real sandbox and IndexedDB: a
 * browser that never stored a session is signed out without waiting for
 * IndexedDB (its first use costs tens of ms); a stored session comes back,
 * also one saved without the vault's localStorage hint (an older version of
 * the widget, or site data partly cleared), after the first paint.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { WalletClient, type WalletState } from '../../src/client/index.js';

type EnclaveKeys = Awaited<ReturnType<typeof sandboxKeys>>;
import { emailSignIn, makeClient, newWallet, sandboxKeys } from '../helpers/browser-stack.js';

const undo: (() => void)[] = [];
afterEach(() => undo.splice(0).forEach((fn) => fn()));

/** Counts indexedDB.open calls until the test ends. */
function countOpens(): string[] {
  const opened: string[] = [];
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    opened.push(name);
    return open.call(this, name, version);
  };
  undo.push(() => (IDBFactory.prototype.open = open));
  return opened;
}

const namespace = () => `restore-${crypto.randomUUID()}`;

/** Resolves with the next state the client reports. */
const nextState = (client: WalletClient) =>
  new Promise<WalletState>((resolve) =>
    client.addEventListener('change', (e) => resolve((e as CustomEvent<WalletState>).detail), { once: true }),
  );

/** A wallet signed in on an earlier page (closed since), with or without the vault's flag. */
async function storedEarlier(flag: boolean) {
  const wallet = await newWallet();
  const storageNamespace = namespace();
  const first = await makeClient(wallet, { storageNamespace });
  await emailSignIn(first, wallet);
  const sessionId = first.state.status === 'signed-in' ? first.state.session.id : undefined;
  first.close();
  if (!flag) localStorage.removeItem(`${storageNamespace}:stored`);
  return { wallet, storageNamespace, sessionId };
}

/** The next page's client, made synchronously with its `ready` not awaited, so listeners added next hear everything. */
const nextPage = (wallet: { accountId: string }, storageNamespace: string, enclaveKeys: EnclaveKeys) =>
  new WalletClient({ apiBase: '/api', accountId: wallet.accountId, enclaveKeys, storageNamespace });

describe('restore on page load', () => {
  it('never stored a session: ready resolves signed out, and IndexedDB is not opened on the way', async () => {
    const wallet = await newWallet();
    const opened = countOpens();
    const storageNamespace = namespace();
    const client = await makeClient(wallet, { storageNamespace });
    expect(client.state.status).to.equal('signed-out');
    expect(opened, 'indexedDB.open before ready').to.deep.equal([]);
    // Asked afterwards, still without creating the database.
    await new Promise((r) => setTimeout(r, 100));
    expect(opened).to.deep.equal([]);
    expect((await indexedDB.databases()).map((db) => db.name)).not.to.include(storageNamespace);
    client.close();
  });

  it('signed in on one page: the next page restores the session before ready resolves', async () => {
    const { wallet, storageNamespace, sessionId } = await storedEarlier(true);
    expect(localStorage.getItem(`${storageNamespace}:stored`), 'hint').to.equal('1');

    const next = await makeClient(wallet, { storageNamespace });
    expect(next.state.status).to.equal('signed-in');
    expect(next.state.status === 'signed-in' && next.state.session.id).to.equal(sessionId);
    await next.setWalletPrivacy(true); // the restored key still signs
    next.close();
  });

  it('a session stored without the hint: signed out at once, then restored before ready resolves', async () => {
    const { wallet, storageNamespace } = await storedEarlier(false);
    const next = nextPage(wallet, storageNamespace, await sandboxKeys());
    const states: string[] = [];
    next.addEventListener('change', (e) => {
      const state = (e as CustomEvent<WalletState>).detail;
      states.push(`${state.status} (${'cause' in state ? state.cause : ''})`);
    });
    await next.ready;
    expect(states).to.deep.equal(['signed-out (restored)', 'signed-in (restored)']);
    expect(localStorage.getItem(`${storageNamespace}:stored`), 'hint written again').to.equal('1');
    await next.setWalletPrivacy(false);
    next.close();
  });

  it('a sign-in while the late read is out is not undone by it', async () => {
    const { wallet, storageNamespace } = await storedEarlier(false);
    // Hold the late read until the new sign-in is done.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const databases = indexedDB.databases.bind(indexedDB);
    indexedDB.databases = async () => {
      await held;
      return databases();
    };
    undo.push(() => delete (indexedDB as { databases?: unknown }).databases);

    const next = nextPage(wallet, storageNamespace, await sandboxKeys());
    await nextState(next); // signed out at once
    await emailSignIn(next, wallet);
    await next.signOut();
    release();
    await next.ready;
    expect(next.state.status, 'the sign-out stands').to.equal('signed-out');
    const again = await makeClient(wallet, { storageNamespace });
    expect(again.state.status, 'nothing stored after the sign-out').to.equal('signed-out');
    again.close();
    next.close();
  });

  it('localStorage blocked (it throws): the session is read from IndexedDB as before', async () => {
    const { wallet, storageNamespace } = await storedEarlier(true);
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    undo.push(() => (Storage.prototype.getItem = getItem));

    const next = await makeClient(wallet, { storageNamespace });
    expect(next.state.status).to.equal('signed-in');
    next.close();
  });
});
