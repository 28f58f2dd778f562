/**
 * Keeps the overview's balance current: it is read again when a payment is set on an approval
 * inside the wallet, after each signed operation an element inside it performs (their events
 * reach the wallet, whose shadow root holds the overview), when the page is shown again, and
 * every `balance-refresh-seconds` of the wallet while the page is visible and signed in. Each
 * is a quiet read (the overview's `quietRead`): nothing said, nothing turned off, a failure keeps the last
 * balance with its age. Here, in the overview's own file, so a signed-out page does not carry it.
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
const pollMs = (seconds: string | undefined): number => (seconds === undefined ? 60_000 : Number(seconds) * 1000);

type Host = ReactiveControllerHost & HTMLElement & { client: WalletClient | undefined };

export class BalanceRefresh implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined;
  private polledEvery: number | undefined;
  /** Where the events arrive and the interval is set: the wallet around the overview, or the overview on its own. */
  private wallet: HTMLElement | undefined;
  private readonly onEvent = () => void this.read();
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') void this.read();
  };

  constructor(
    private readonly host: Host,
    /** Reads the balance again. */
    private readonly read: () => Promise<void>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    const root = this.host.getRootNode();
    this.wallet = root instanceof ShadowRoot ? (root.host as HTMLElement) : this.host;
    for (const type of READ_AGAIN_ON) this.wallet.addEventListener(type, this.onEvent);
    document.addEventListener('visibilitychange', this.onVisible);
  }

  hostDisconnected(): void {
    for (const type of READ_AGAIN_ON) this.wallet?.removeEventListener(type, this.onEvent);
    document.removeEventListener('visibilitychange', this.onVisible);
    this.stopPoll();
  }

  /** Polls only while signed in; a new interval restarts it. */
  hostUpdated(): void {
    const seconds = (this.wallet as { balanceRefreshSeconds?: string } | undefined)?.balanceRefreshSeconds;
    const every = this.host.client?.state.status === 'signed-in' ? pollMs(seconds) : 0;
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
