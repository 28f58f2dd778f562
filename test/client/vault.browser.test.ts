/**
 * The session vault's first read on a page: where the browser says the
 * database does not exist it answers "no session" without opening (an open
 * creates the database, tens of ms on a fresh profile, on the first paint's
 * path); wherever the browser cannot say, it opens and reads as before.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { SessionVault, type StoredSession } from '../../src/client/session/vault.js';
import { generateSigningKeyPair } from '../../src/crypto/index.js';

const names: string[] = [];
const fresh = () => {
  const name = `vault-test-${crypto.randomUUID()}`;
  names.push(name);
  return name;
};
const exists = async (name: string) => (await indexedDB.databases()).some((db) => db.name === name);

async function session(accountId: string): Promise<StoredSession> {
  return {
    accountId,
    sessionId: 'Session:1',
    credentialId: 'AuthMethod:1',
    credentialType: 'EMAIL_OTP',
    nickname: 'test',
    expiresAt: Date.now() + 60_000,
    keyPair: await generateSigningKeyPair(),
  };
}

const restore: (() => void)[] = [];
afterEach(async () => {
  restore.splice(0).forEach((undo) => undo());
  names.forEach(clearHint);
  await Promise.all(
    names.splice(0).map(
      (name) =>
        new Promise((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = request.onerror = request.onblocked = resolve;
        }),
    ),
  );
});

const clearHint = (name: string) => localStorage.removeItem(`${name}:stored`);

/** Replaces indexedDB.databases for one test. */
function databasesAs(value: IDBFactory['databases'] | undefined): void {
  const own = Object.getOwnPropertyDescriptor(indexedDB, 'databases');
  Object.defineProperty(indexedDB, 'databases', { value, configurable: true, writable: true });
  restore.push(() =>
    own ? Object.defineProperty(indexedDB, 'databases', own) : delete (indexedDB as { databases?: unknown }).databases,
  );
}

describe('session vault: the first read', () => {
  it('no database yet: no session, and the database is not created by asking', async () => {
    const name = fresh();
    const opened: string[] = [];
    const open = indexedDB.open.bind(indexedDB);
    const spy = (db: string, version?: number) => (opened.push(db), open(db, version));
    Object.defineProperty(indexedDB, 'open', { value: spy, configurable: true, writable: true });
    restore.push(() => delete (indexedDB as { open?: unknown }).open);

    expect(await new SessionVault({ databaseName: name }).load('InternalAccount:a')).to.equal(undefined);
    expect(opened, 'indexedDB.open calls').to.deep.equal([]);
    expect(await exists(name), 'database created').to.equal(false);
  });

  it('a stored session is read back by the next page, its key still usable and not extractable', async () => {
    const name = fresh();
    const saved = await session('InternalAccount:b');
    await new SessionVault({ databaseName: name }).save(saved);
    expect(await exists(name)).to.equal(true);

    const loaded = await new SessionVault({ databaseName: name }).load('InternalAccount:b');
    expect(loaded?.sessionId).to.equal('Session:1');
    expect(loaded?.keyPair.privateKey.extractable).to.equal(false);
    const signature = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      loaded!.keyPair.privateKey,
      new Uint8Array([1, 2, 3]),
    );
    expect(
      await crypto.subtle.verify(
        { name: 'ECDSA', hash: 'SHA-256' },
        saved.keyPair.publicKey,
        signature,
        new Uint8Array([1, 2, 3]),
      ),
    ).to.equal(true);
    // Another account of the same database: none.
    expect(await new SessionVault({ databaseName: name }).load('InternalAccount:other')).to.equal(undefined);
  });

  it('with the hint a save leaves, the next page reads without asking which databases exist', async () => {
    const name = fresh();
    await new SessionVault({ databaseName: name }).save(await session('InternalAccount:h'));
    let asked = 0;
    databasesAs(() => (asked++, Promise.resolve([])));
    expect((await new SessionVault({ databaseName: name }).load('InternalAccount:h'))?.sessionId).to.equal('Session:1');
    expect(asked, 'indexedDB.databases calls').to.equal(0);
  });

  // Without the hint (cleared, or saved by a version before it) the vault asks the browser first.
  for (const [what, databases] of [
    ['the browser lists the database', 'as is'],
    ['the browser has no indexedDB.databases', undefined],
    [
      'indexedDB.databases throws',
      () => {
        throw new Error('not here');
      },
    ],
    ['indexedDB.databases rejects', () => Promise.reject(new Error('no'))],
  ] as [string, IDBFactory['databases'] | undefined | 'as is'][]) {
    it(`no hint, ${what}: it opens and reads the stored session, and puts the hint back`, async () => {
      const name = fresh();
      await new SessionVault({ databaseName: name }).save(await session('InternalAccount:c'));
      clearHint(name);
      if (databases !== 'as is') databasesAs(databases);
      const loaded = await new SessionVault({ databaseName: name }).load('InternalAccount:c');
      expect(loaded?.sessionId).to.equal('Session:1');
      expect(localStorage.getItem(`${name}:stored`), 'the hint').to.equal('1');
    });
  }

  it('no hint, indexedDB.databases never answers: after the timeout the page works in memory (signed out), saying why; the stored session waits for the next page', async () => {
    const name = fresh();
    await new SessionVault({ databaseName: name }).save(await session('InternalAccount:d'));
    clearHint(name);
    databasesAs(() => new Promise(() => undefined));
    const reasons: string[] = [];
    const vault = new SessionVault({
      databaseName: name,
      timeoutMs: 200,
      onFallback: (reason) => reasons.push(reason),
    });
    expect(await vault.load('InternalAccount:d')).to.equal(undefined);
    expect([vault.mode, reasons]).to.deep.equal(['memory', ['IndexedDB did not answer within 200 ms (list)']]);
    restore.splice(0).forEach((undo) => undo());
    const next = await new SessionVault({ databaseName: name }).load('InternalAccount:d');
    expect(next?.sessionId).to.equal('Session:1');
  });
});
