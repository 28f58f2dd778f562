/**
 * The wallet's credentials read ahead of a sign-in. Every sign-in starts from
 * them (which methods to show, which credential a code or passkey is for), so
 * a client made for elements reads them as soon as it knows it is signed out
 * (no session restored, a sign-out, an expiry) and hands that answer to the
 * next reader, instead of the first screen waiting for the read its sign-in
 * starts once drawn. A read ahead is kept for AHEAD_MS, and dropped once
 * signed in (a first sign-in may add a credential).
 */
import type { AuthMethod } from '../protocol/index.js';
import type { WalletState } from './session/state.js';

/** How long an answer read ahead is handed out: a sign-in screen asks for it within a frame or two. */
export const AHEAD_MS = 10_000;

export class CredentialsAhead {
  private ahead: { read: Promise<AuthMethod[]>; until: number } | undefined;

  constructor(
    private readonly readNow: () => Promise<AuthMethod[]>,
    /** Whether to read ahead at all (the elements' clients do; a headless client reads when asked). */
    private readonly enabled: boolean,
  ) {}

  /** Follows the client's state: signed out, read ahead; signed in, drop what was read. */
  follow(state: WalletState): void {
    if (!this.enabled || state.status === 'restoring') return;
    if (state.status === 'signed-in') return void (this.ahead = undefined);
    const read = this.readNow();
    read.catch(() => {}); // a failure is the taker's to say, as its own read's would be
    this.ahead = { read, until: Date.now() + AHEAD_MS };
  }

  /** The credentials: the answer read ahead, once, while it is fresh; else a read now. */
  read(): Promise<AuthMethod[]> {
    const ahead = this.ahead;
    this.ahead = undefined;
    return ahead && Date.now() < ahead.until ? ahead.read : this.readNow();
  }
}
