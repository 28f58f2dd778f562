/**
 * The session vault: the only IndexedDB code of the widget. Per wallet it
 * keeps the session id, credential, expiry and the non-extractable
 * `CryptoKeyPair` (a structured clone of the opaque key handle: no key bytes
 * ever reach storage or JavaScript).
 *
 * IndexedDB fails in many ways in the wild: missing, an `open` that never
 * settles, a lost connection, or `DataCloneError` when a `CryptoKey` cannot be
 * stored (iOS private modes). Every operation has a timeout, and on any
 * failure the vault falls back to memory for this page and warns once. It
 * never falls back to localStorage and never stores key bytes.
 *
 * The first IndexedDB use of a page costs tens of milliseconds (the browser
 * starts its database backend), too much for the first paint of a signed-out
 * wallet. So a save also leaves a hint in localStorage, a flag that says
 * only "a session may be stored here": without it the wallet can show its
 * sign-in at once and ask IndexedDB afterwards (`surelyEmpty`).
 */
import { del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { CredentialType } from '../../protocol/index.js';

export interface StoredSession {
  accountId: string;
  sessionId: string;
  /** The AuthMethod id the session was made with. */
  credentialId: string | undefined;
  credentialType: CredentialType | undefined;
  nickname: string;
  /** Expiry on the server's clock, ms since the epoch. */
  expiresAt: number;
  keyPair: CryptoKeyPair;
}

export interface VaultOptions {
  /** Per-operation timeout (default 3 s). */
  timeoutMs?: number;
  /** Called once when the vault falls back to memory. */
  onFallback?: (reason: string, cause: unknown) => void;
  databaseName?: string;
}

const TIMEOUT = Symbol('timeout');

/**
 * idb-keyval's store, but a good citizen: it closes its connection when
 * another page deletes or upgrades the database (`versionchange`), and opens
 * again on the next use, so "clear site data" and other tabs are never blocked.
 */
function openStore(databaseName: string, storeName: string): UseStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    const request = indexedDB.open(databaseName);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    const opening = promisifyRequest(request).then((connection) => {
      connection.onversionchange = () => {
        connection.close();
        db = undefined;
      };
      connection.onclose = () => {
        db = undefined;
      };
      return connection;
    });
    opening.catch(() => {
      db = undefined;
    });
    return (db = opening);
  };
  return (mode, callback) =>
    (db ?? open()).then((connection) => callback(connection.transaction(storeName, mode).objectStore(storeName)));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMEOUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class SessionVault {
  private readonly memory = new Map<string, StoredSession>();
  /** Counts the writes (save, remove) per account, so a read can tell it was overtaken. */
  private readonly versions = new Map<string, number>();
  private store: UseStore | undefined;
  private readonly timeoutMs: number;
  private fallbackReason: string | undefined;

  constructor(private readonly options: VaultOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 3_000;
  }

  private get databaseName(): string {
    return this.options.databaseName ?? 'embedded-wallet-elements';
  }

  /** `indexeddb` while persistence works; `memory` after a fallback (this page only). */
  get mode(): 'indexeddb' | 'memory' {
    return this.fallbackReason === undefined ? 'indexeddb' : 'memory';
  }

  private fallBack(reason: string, cause: unknown): void {
    if (this.fallbackReason !== undefined) return;
    this.fallbackReason = reason;
    this.options.onFallback?.(reason, cause);
  }

  private idb(): UseStore | undefined {
    if (this.fallbackReason !== undefined) return undefined;
    if (!this.store) {
      if (typeof indexedDB === 'undefined' || indexedDB === null) {
        this.fallBack('IndexedDB is not available', undefined);
        return undefined;
      }
      try {
        this.store = openStore(this.databaseName, 'sessions');
      } catch (cause) {
        this.fallBack('IndexedDB could not be opened', cause);
        return undefined;
      }
    }
    return this.store;
  }

  /** Runs one IndexedDB operation; undefined (and a fallback) when it fails or hangs. */
  private async attempt<T>(
    what: string,
    run: (store: UseStore) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    const store = this.idb();
    if (!store) return { ok: false };
    try {
      const value = await withTimeout(run(store), this.timeoutMs);
      if (value === TIMEOUT) {
        this.fallBack(`IndexedDB did not answer within ${this.timeoutMs} ms (${what})`, undefined);
        return { ok: false };
      }
      return { ok: true, value };
    } catch (cause) {
      const name = (cause as { name?: string } | null)?.name;
      this.fallBack(
        name === 'DataCloneError' ? 'This browser cannot store keys in IndexedDB' : `IndexedDB failed (${what})`,
        cause,
      );
      return { ok: false };
    }
  }

  /**
   * True when no session of ours can be stored in this browser: nothing in
   * memory, no hint that one was ever saved, and a localStorage that could
   * hold the hint (where it cannot be written its absence says nothing). Any
   * doubt answers false. Synchronous, and never touches IndexedDB.
   */
  surelyEmpty(): boolean {
    if (this.memory.size > 0 || this.hinted()) return false;
    try {
      const probe = `${this.hintKey}:probe`;
      localStorage.setItem(probe, '');
      localStorage.removeItem(probe);
      return true;
    } catch {
      return false;
    }
  }

  private get hintKey(): string {
    return `${this.databaseName}:stored`;
  }

  private hinted(): boolean {
    try {
      return localStorage.getItem(this.hintKey) !== null;
    } catch {
      return false;
    }
  }

  /** The hint that a session may be stored; a hint only, so a failure to write it is ignored. */
  private markStored(): void {
    try {
      localStorage.setItem(this.hintKey, '1');
    } catch {
      // Without the hint the next page asks IndexedDB after its first paint: slower, still right.
    }
  }

  async load(accountId: string): Promise<StoredSession | undefined> {
    if (this.memory.has(accountId)) return this.memory.get(accountId);
    const version = this.versionOf(accountId);
    // With the hint a session is expected: asking whether the database exists would only add a wait.
    if (!this.hinted() && !(await this.mayHoldSessions())) return undefined;
    const result = await this.attempt('read', (store) => get<StoredSession>(accountId, store));
    // A save or removal while this read was out is newer than what it read.
    if (this.versionOf(accountId) !== version) return this.memory.get(accountId);
    if (!result.ok || !isStoredSession(result.value)) return undefined;
    this.memory.set(accountId, result.value);
    this.markStored(); // found without a hint: saved by a version before it, or the hint was cleared
    return result.value;
  }

  private versionOf(accountId: string): number {
    return this.versions.get(accountId) ?? 0;
  }
  private wrote(accountId: string): void {
    this.versions.set(accountId, this.versionOf(accountId) + 1);
  }

  /**
   * False only when the browser says our database does not exist: then no
   * session is stored and the first paint need not wait for an open, which on
   * a fresh profile creates the database (tens of ms). No
   * `indexedDB.databases` or an error means "maybe"; no answer in time is
   * IndexedDB hanging, and the vault falls back to memory at once rather than
   * wait a second time for the open.
   */
  private async mayHoldSessions(): Promise<boolean> {
    if (this.fallbackReason !== undefined || this.store) return true;
    try {
      const list = indexedDB.databases?.();
      if (!list) return true;
      const names = await withTimeout(list, this.timeoutMs);
      if (names === TIMEOUT) {
        this.fallBack(`IndexedDB did not answer within ${this.timeoutMs} ms (list)`, undefined);
        return false;
      }
      return names.some((db) => db.name === this.databaseName);
    } catch {
      return true;
    }
  }

  /** Reads what storage holds now, bypassing the page's copy (another tab may have written). */
  async reload(accountId: string): Promise<StoredSession | undefined> {
    if (this.mode === 'memory') return this.memory.get(accountId);
    const result = await this.attempt('read', (store) => get<StoredSession>(accountId, store));
    if (!result.ok) return this.memory.get(accountId);
    if (isStoredSession(result.value)) this.memory.set(accountId, result.value);
    else this.memory.delete(accountId);
    return isStoredSession(result.value) ? result.value : undefined;
  }

  async save(session: StoredSession): Promise<void> {
    this.wrote(session.accountId);
    this.memory.set(session.accountId, session);
    this.markStored(); // before the write: a page closed mid-write must still look next time
    await this.attempt('write', (store) => set(session.accountId, session, store));
  }

  async remove(accountId: string): Promise<void> {
    this.wrote(accountId);
    this.memory.delete(accountId);
    await this.attempt('delete', (store) => del(accountId, store));
  }
}

function isStoredSession(value: unknown): value is StoredSession {
  const s = value as Partial<StoredSession> | undefined;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.sessionId === 'string' &&
    typeof s.expiresAt === 'number' &&
    typeof s.keyPair === 'object' &&
    s.keyPair !== null &&
    s.keyPair.privateKey instanceof CryptoKey
  );
}
