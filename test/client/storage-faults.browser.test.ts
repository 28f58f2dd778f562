/**
 * IndexedDB failing in the ways it does in the wild. Sign-in must still work
 * for the page with a warning the host can show, or the user is cleanly
 * signed out; `ready` always settles and nothing is thrown uncaught.
 */
import { expect } from 'chai';
import { afterEach, beforeEach, describe, it } from '#test-harness';
import { WalletClient } from '../../src/client/index.js';
import { emailSignIn, makeClient, newWallet, sandboxKeys } from '../helpers/browser-stack.js';

const undo: (() => void)[] = [];
function patch<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  undo.push(() =>
    own ? Object.defineProperty(target, key, own) : delete (target as Record<PropertyKey, unknown>)[key as PropertyKey],
  );
}

let uncaught: unknown[] = [];
const onUncaught = (event: PromiseRejectionEvent | ErrorEvent) =>
  uncaught.push('reason' in event ? event.reason : event.error);

/** Signs in and checks the client works for this page, in memory, with a warning. */
async function worksInMemory(
  client: WalletClient,
  wallet: Awaited<ReturnType<typeof newWallet>>,
  warnings: string[],
): Promise<void> {
  await emailSignIn(client, wallet);
  expect(client.state.status).to.equal('signed-in');
  await client.setWalletPrivacy(true);
  expect(warnings.length, 'storage-warning events').to.equal(1);
  expect(client.storageWarning).to.be.a('string');
}

async function clientWithWarnings(wallet: Awaited<ReturnType<typeof newWallet>>) {
  const warnings: string[] = [];
  const client = new WalletClient({
    apiBase: '/api',
    accountId: wallet.accountId,
    enclaveKeys: await sandboxKeys(),
    storageTimeoutMs: 1_000, // the faulted operations wait it out; the real ones must not meet it
    storageNamespace: `faults-${wallet.accountId}`,
  });
  client.addEventListener('storage-warning', (e) =>
    warnings.push((e as CustomEvent<{ reason: string }>).detail.reason),
  );
  await client.ready;
  return { client, warnings };
}

describe('storage faults', () => {
  beforeEach(() => {
    uncaught = [];
    window.addEventListener('unhandledrejection', onUncaught);
    window.addEventListener('error', onUncaught);
  });
  afterEach(() => {
    while (undo.length) undo.pop()!();
    window.removeEventListener('unhandledrejection', onUncaught);
    window.removeEventListener('error', onUncaught);
    expect(uncaught, 'uncaught errors').to.deep.equal([]);
  });

  it('no indexedDB at all: works in memory with a warning', async () => {
    patch(window, 'indexedDB', undefined as unknown as IDBFactory);
    const wallet = await newWallet();
    const { client, warnings } = await clientWithWarnings(wallet);
    await worksInMemory(client, wallet, warnings);
    expect(warnings[0]).to.match(/not available/);
    client.close();
  });

  it('put throws DataCloneError (a CryptoKey cannot be stored): works in memory with a warning', async () => {
    patch(IDBObjectStore.prototype, 'put', function () {
      throw new DOMException('CryptoKey cannot be cloned', 'DataCloneError');
    } as IDBObjectStore['put']);
    const wallet = await newWallet();
    const { client, warnings } = await clientWithWarnings(wallet);
    await worksInMemory(client, wallet, warnings);
    expect(warnings[0]).to.match(/cannot store keys/);
    client.close();
  });

  it('open never settles, nothing stored yet: ready resolves without waiting, sign-in works in memory with a warning', async () => {
    patch(IDBFactory.prototype, 'open', function () {
      return { onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null } as unknown as IDBOpenDBRequest;
    } as IDBFactory['open']);
    const wallet = await newWallet();
    // The browser says the database does not exist: no session to restore, no open to wait for.
    const { client, warnings } = await clientWithWarnings(wallet);
    expect(warnings).to.have.length(0);
    expect(client.state.status).to.equal('signed-out');
    // Storing the session is what meets the hung open: the timeout, then memory.
    await emailSignIn(client, wallet);
    expect(warnings).to.have.length(1);
    expect(client.storageWarning).to.match(/did not answer/);
    await client.setWalletPrivacy(true);
    client.close();
  });

  it('open never settles, a database there: ready still resolves, and sign-in works in memory with a warning', async () => {
    const wallet = await newWallet();
    // A database from an earlier visit (and the vault's hint that it saved there), made with the
    // real open before it starts hanging.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(`faults-${wallet.accountId}`);
      request.onsuccess = () => (request.result.close(), resolve());
      request.onerror = () => reject(request.error);
    });
    localStorage.setItem(`faults-${wallet.accountId}:stored`, '1');
    patch(IDBFactory.prototype, 'open', function () {
      return { onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null } as unknown as IDBOpenDBRequest;
    } as IDBFactory['open']);
    const { client, warnings } = await clientWithWarnings(wallet);
    expect(warnings).to.have.length(1);
    expect(client.state.status).to.equal('signed-out');
    expect(client.storageWarning).to.match(/did not answer/);
    await emailSignIn(client, wallet);
    await client.setWalletPrivacy(true);
    client.close();
  });

  it('the connection is lost (transaction throws InvalidStateError): works in memory with a warning', async () => {
    const wallet = await newWallet();
    const { client, warnings } = await clientWithWarnings(wallet);
    patch(IDBDatabase.prototype, 'transaction', function () {
      throw new DOMException('The database connection is closing.', 'InvalidStateError');
    } as IDBDatabase['transaction']);
    await worksInMemory(client, wallet, warnings);
    client.close();
  });

  it('storage wiped between reloads: the next page load is cleanly signed out', async () => {
    const wallet = await newWallet();
    const namespace = `wiped-${wallet.accountId}`;
    const first = await makeClient(wallet, { storageNamespace: namespace });
    await emailSignIn(first, wallet);
    first.close();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(namespace);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    const reloaded = await makeClient(wallet, { storageNamespace: namespace });
    expect(reloaded.state.status).to.equal('signed-out');
    expect(reloaded.storageWarning).to.equal(undefined);
    reloaded.close();
  });
});
