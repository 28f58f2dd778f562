/**
 * Keeps the wallet's balance current: it is read again when a payment is set on an approval
 * inside the wallet, after each signed operation an element inside it performs (their events
 * say so), when the page is shown again, and every `pollMs` while the page is visible and
 * the wallet signed in. Reads go through `read` (the overview's own load).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WalletClient } from '../../client/index.js';

/** Events after which money may have moved or a payment is asked for: the balance is read again. */
const READ_AGAIN_ON = [
  'ew-quote-change',
  'ew-payment-settled',
  'ew-signature',
  'ew-credential-added',
  'ew-credential-removed',
  'ew-session-revoked',
  'ew-wallet-exported',
] as const;

/** The light poll's interval from `balance-refresh-seconds`; by default a minute, so a balance changed elsewhere shows within one. */
export const pollMs = (seconds: string | undefined): number =>
  seconds === undefined ? 60_000 : Number(seconds) * 1000;

type Host = ReactiveControllerHost & HTMLElement & { client: WalletClient | undefined };

export class BalanceRefresh implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined;
  private polledEvery: number | undefined;
  private readonly onEvent = () => void this.read();
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') void this.read();
  };

  constructor(
    private readonly host: Host,
    /** Reads the balance again (nothing when no overview is shown). */
    private readonly read: () => Promise<void>,
    /** The poll's interval in ms; 0 or less: no poll. */
    private readonly pollMs: () => number,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    for (const type of READ_AGAIN_ON) this.host.addEventListener(type, this.onEvent);
    document.addEventListener('visibilitychange', this.onVisible);
  }

  hostDisconnected(): void {
    for (const type of READ_AGAIN_ON) this.host.removeEventListener(type, this.onEvent);
    document.removeEventListener('visibilitychange', this.onVisible);
    this.stopPoll();
  }

  /** Polls only while signed in; a new interval restarts it. */
  hostUpdated(): void {
    const every = this.host.client?.state.status === 'signed-in' ? this.pollMs() : 0;
    if (every === this.polledEvery) return;
    this.stopPoll();
    if (!(every > 0)) return;
    this.polledEvery = every;
    // A hidden page is not polled (its timers are throttled anyway); it reads again when shown.
    this.timer = setInterval(() => document.visibilityState === 'visible' && void this.read(), every);
  }

  private stopPoll(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.polledEvery = undefined;
  }
}
