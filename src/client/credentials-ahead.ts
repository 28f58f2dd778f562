/**
 * The wallet's credentials read ahead of a sign-in. Every sign-in starts from
 * them (which methods to show, which credential a code or passkey is for), so
 * a client made for elements reads them as soon as it knows it is signed out
 * (no session restored, a sign-out, an expiry) and hands that answer to the
 * next reader, instead of the first screen waiting for the read its sign-in
 * starts once drawn. A read ahead is kept for AHEAD_MS, and dropped once
 * signed in (a first sign-in may add a credential). None is made when a
 * reader read them within AHEAD_MS (a sign-in drawn while a stored session
 * was being looked for, then not found, has its answer already).
 */
import type { AuthMethod } from '../protocol/index.js';
import type { WalletState } from './session/state.js';

/** How long an answer read ahead is handed out: a sign-in screen asks for it within a frame or two. */
export const AHEAD_MS = 10_000;

export class CredentialsAhead {
  private ahead: { read: Promise<AuthMethod[]>; until: number } | undefined;
  private readAt = -Infinity;

  constructor(
    private readonly readNow: () => Promise<AuthMethod[]>,
    /** Whether to read ahead at all (the elements' clients do; a headless client reads when asked). */
    private readonly enabled: boolean,
    /** A monotonic clock in ms: a wall clock set back must not keep an answer fresh. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Follows the client's state: signed out, read ahead; signed in, drop what was read. */
  follow(state: WalletState): void {
    if (state.status === 'signed-in') this.ahead = undefined;
    else if (state.status === 'signed-out') this.start();
  }

  /**
   * Reads ahead now, unless an answer read ahead or read by a reader is still fresh. The client
   * calls it as it is made when it knows, without waiting for storage, that no session is stored.
   */
  start(): void {
    const now = this.now();
    if (!this.enabled || now - this.readAt < AHEAD_MS || (this.ahead && now < this.ahead.until)) return;
    const read = this.readNow();
    // A read that failed (offline for a moment, a 429) is not handed out: the reader asks anew.
    read.catch(() => {
      if (this.ahead?.read === read) this.ahead = undefined;
    });
    this.ahead = { read, until: now + AHEAD_MS };
  }

  /** The credentials: the answer read ahead, once, while it is fresh; else a read now. */
  read(): Promise<AuthMethod[]> {
    const ahead = this.ahead;
    this.ahead = undefined;
    this.readAt = this.now();
    return ahead && this.now() < ahead.until ? ahead.read : this.readNow();
  }
}
