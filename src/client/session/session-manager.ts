/**
 * The signed-in state of one wallet on this page: what the vault holds, what
 * the other tabs say, and when the session nears expiry on the server's
 * clock. Timers are re-checked when the page becomes visible again, because
 * browsers throttle timers in background tabs.
 */
import type { AuthSession, CredentialType, ServerClock } from '../../protocol/index.js';
import { WalletError } from '../../protocol/index.js';
import { TabSync, type TabMessage } from './tab-sync.js';
import { toInfo, type SessionInfo, type WalletState } from './state.js';
import type { SessionVault, StoredSession } from './vault.js';

type ChangeCause =
  'restored' | 'signed-in' | 'refreshed' | 'signed-out' | 'expired' | 'revoked' | 'replaced' | 'other-tab';

export type SessionEvent =
  { type: 'change'; state: WalletState } | { type: 'expiring'; session: SessionInfo; msLeft: number };

export class SessionManager {
  // The session and the state said about it: written together, by `hold` only.
  private current: StoredSession | undefined;
  private stateValue: WalletState = { status: 'restoring' };
  private readonly tabs: TabSync;
  private expiringTimer: ReturnType<typeof setTimeout> | undefined;
  private expiredTimer: ReturnType<typeof setTimeout> | undefined;
  private warnedExpiring = false;
  private closed = false;
  /** Bumped whenever the session here changes (set, unset): a late restore must not undo a change. */
  private generation = 0;
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') this.checkExpiry();
  };

  private readonly accountId: string;
  private readonly refreshMarginMs: number;
  private readonly maxSessionMs: number;
  private readonly stillListed: ((sessionId: string) => Promise<boolean>) | undefined;

  constructor(
    config: {
      accountId: string;
      channel: string;
      refreshMarginMs: number;
      /** The longest session the client accepts (`maxSessionSeconds`), plus the service clock's slack. */
      maxSessionMs: number;
      /** Asks the service whether a session is still active (the session list). */
      stillListed?: (sessionId: string) => Promise<boolean>;
    },
    private readonly vault: SessionVault,
    private readonly clock: ServerClock,
    private readonly emit: (event: SessionEvent) => void,
  ) {
    this.accountId = config.accountId;
    this.refreshMarginMs = config.refreshMarginMs;
    this.maxSessionMs = config.maxSessionMs;
    this.stillListed = config.stillListed;
    this.tabs = new TabSync((message) => void this.fromOtherTab(message), config.channel);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.onVisible);
  }

  get session(): StoredSession | undefined {
    return this.current;
  }

  /** The state: `restoring` until storage answers, then signed in with the session held, or signed out. */
  get state(): WalletState {
    return this.stateValue;
  }

  /**
   * Loads the stored session; an expired one is dropped. When the vault is
   * surely empty the wallet is signed out at once (the first paint need not
   * wait for IndexedDB) and storage is still read: a session saved before the
   * vault's hint existed comes back ('restored' again), unless anything
   * happened to the session meanwhile. Resolves once storage has answered
   * either way.
   */
  async restore(): Promise<void> {
    if (this.vault.surelyEmpty()) {
      const generation = this.generation;
      await Promise.resolve(); // listeners added right after the client was made hear this too
      this.restoredEmpty();
      const late = await this.vault.load(this.accountId);
      if (!late || this.closed || this.generation !== generation) return;
      if (late.expiresAt > this.clock.now()) this.set(late, 'restored');
      else await this.vault.remove(this.accountId);
      return;
    }
    const stored = await this.vault.load(this.accountId);
    if (stored && stored.expiresAt > this.clock.now()) {
      this.set(stored, 'restored');
    } else {
      if (stored) await this.vault.remove(this.accountId);
      this.restoredEmpty();
    }
  }

  /** Nothing to restore: signed out, unless a session came meanwhile (a sign-in while storage was read). */
  private restoredEmpty(): void {
    if (this.current) return;
    this.hold(undefined, 'restored');
    this.emitChange(this.stateValue);
  }

  /** Stores a session answered by the service, and tells the other tabs. */
  async adopt(
    answer: AuthSession,
    keyPair: CryptoKeyPair,
    credential: { id: string | undefined; type: CredentialType | undefined },
    cause: 'signed-in' | 'refreshed',
  ): Promise<SessionInfo> {
    const expiresAt = Date.parse(answer.expiresAt);
    if (typeof answer.id !== 'string' || Number.isNaN(expiresAt)) {
      throw new WalletError('INVALID_RESPONSE', 'The session answer has no id or expiresAt');
    }
    // A session of another wallet (or of another credential than the one signed in with) is not
    // this sign-in's: adopting it would sign the user out at the next session list and orphan theirs.
    if (answer.accountId !== this.accountId) {
      throw new WalletError('INVALID_RESPONSE', 'The session answer names another wallet');
    }
    if (credential.id !== undefined && answer.credentialId !== undefined && answer.credentialId !== credential.id) {
      throw new WalletError('INVALID_RESPONSE', 'The session answer names another sign-in method');
    }
    // No session outlives what this client let the service grant (the signed lifetime limit): a
    // relay's far expiry must not keep a dead session "signed in".
    const latest = this.clock.now() + this.maxSessionMs;
    const stored: StoredSession = {
      accountId: this.accountId,
      sessionId: answer.id,
      credentialId: answer.credentialId ?? credential.id,
      credentialType: answer.type ?? credential.type,
      nickname: answer.nickname ?? '',
      expiresAt: Math.min(expiresAt, latest),
      keyPair,
    };
    await this.vault.save(stored);
    this.set(stored, cause);
    this.tabs.post({ type: cause, accountId: this.accountId, sessionId: stored.sessionId });
    return toInfo(stored);
  }

  /**
   * Forgets the session here and in every tab. `replaced`: the service
   * replaced it (a refresh whose answer was lost), so it can sign nothing.
   */
  async clear(cause: 'signed-out' | 'expired' | 'revoked' | 'replaced'): Promise<void> {
    const sessionId = this.current?.sessionId;
    const state = this.unset(cause);
    await this.vault.remove(this.accountId);
    this.tabs.post({ type: 'signed-out', accountId: this.accountId, sessionId });
    this.emitChange(state);
  }

  /**
   * The session to sign with, checked to be the one an operation started
   * with: a sign-out or another sign-in in another tab must not let a pending
   * action sign with a different session.
   */
  signerFor(sessionId: string): () => CryptoKeyPair {
    return () => {
      const now = this.current;
      if (!now || now.sessionId !== sessionId) {
        throw new WalletError('ACCOUNT_CHANGED', 'The wallet session changed while this action was running');
      }
      return now.keyPair;
    };
  }

  /**
   * The session is past its expiry on the server's clock: clears it. When the
   * clock is not believed (an offset the relay's `Date` alone set) the
   * service's list decides first: a session it still lists stays, and the
   * clock goes back to the device's. Resolves true when the session was cleared.
   */
  async expire(): Promise<boolean> {
    const session = this.current;
    if (!session) return true;
    if (!this.clock.believed && this.stillListed) {
      const listed = await this.stillListed(session.sessionId).catch(() => false);
      if (listed && this.current === session) {
        this.clock.distrust();
        this.schedule();
        if (session.expiresAt > this.clock.now()) return false;
      }
    }
    if (this.current === session) await this.clear('expired');
    return true;
  }

  /** Re-reads the vault (another tab may have refreshed) and returns what it holds. */
  async reloadFromVault(): Promise<StoredSession | undefined> {
    const stored = await this.vault.reload(this.accountId);
    if (stored && stored.sessionId !== this.current?.sessionId && stored.expiresAt > this.clock.now())
      this.set(stored, 'other-tab');
    return this.current;
  }

  close(): void {
    this.closed = true;
    this.unset(undefined); // signed out on this page, with no event (the stored session stays)
    this.tabs.close();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.onVisible);
  }

  private async fromOtherTab(message: TabMessage): Promise<void> {
    if (message.accountId !== this.accountId) return;
    this.generation++; // news from another tab is newer than a late restore still reading
    if (message.type === 'signed-out') {
      if (!this.current || (message.sessionId && message.sessionId !== this.current.sessionId)) return;
      this.emitChange(this.unset('other-tab'));
      return;
    }
    const stored = await this.vault.reload(this.accountId);
    if (stored && stored.sessionId === message.sessionId) this.set(stored, 'other-tab');
  }

  private set(stored: StoredSession, cause: ChangeCause): void {
    this.generation++;
    this.hold(stored, cause);
    this.warnedExpiring = false;
    this.schedule();
    this.emitChange(this.stateValue);
  }

  /** Drops the session here; returns the state that says so (its `change` event is the caller's to send). */
  private unset(cause: ChangeCause | undefined): WalletState {
    this.generation++;
    this.hold(undefined, cause);
    clearTimeout(this.expiringTimer);
    clearTimeout(this.expiredTimer);
    return this.stateValue;
  }

  /** The one writer of the session and of the state said about it, so the two always agree. */
  private hold(stored: StoredSession | undefined, cause: ChangeCause | undefined): void {
    this.current = stored;
    const withCause = cause === undefined ? {} : { cause };
    this.stateValue = stored
      ? { status: 'signed-in', session: toInfo(stored), ...withCause }
      : { status: 'signed-out', ...withCause };
  }

  /** Announces `state`, unless a later change replaced it while its caller awaited storage. */
  private emitChange(state: WalletState): void {
    if (state === this.stateValue) this.emit({ type: 'change', state });
  }

  private schedule(): void {
    clearTimeout(this.expiringTimer);
    clearTimeout(this.expiredTimer);
    if (!this.current) return;
    const left = this.current.expiresAt - this.clock.now();
    // Timers beyond ~24.8 days overflow; sessions last minutes, but stay safe.
    const cap = (ms: number) => Math.min(Math.max(ms, 0), 2 ** 31 - 1);
    if (!this.warnedExpiring)
      this.expiringTimer = setTimeout(() => this.checkExpiry(), cap(left - this.refreshMarginMs));
    this.expiredTimer = setTimeout(() => this.checkExpiry(), cap(left));
  }

  /** Fires `expiring` once inside the margin and clears the session at expiry. */
  checkExpiry(): void {
    const session = this.current;
    if (!session) return;
    const left = session.expiresAt - this.clock.now();
    if (left <= 0) {
      void this.expire();
      return;
    }
    if (left <= this.refreshMarginMs && !this.warnedExpiring) {
      this.warnedExpiring = true;
      this.emit({ type: 'expiring', session: toInfo(session), msLeft: left });
    }
    this.schedule();
  }
}
