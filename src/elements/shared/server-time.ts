/**
 * The service's clock for countdowns: `now` follows the host's client
 * (`serverNow()`, so a wrong device clock does not mislead the user) and the
 * host re-renders once a second while it is on the page and `counting()`
 * says a countdown is shown (by default, always).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WalletClient } from '../../client/index.js';

type Host = ReactiveControllerHost & { client: WalletClient | undefined };

export class ServerTimeController implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly host: Host,
    private readonly counting: () => boolean = () => true,
  ) {
    host.addController(this);
  }

  /** Milliseconds since the epoch on the service's clock (the device's until the client has heard from it). */
  get now(): number {
    return this.host.client?.serverNow() ?? Date.now();
  }

  hostConnected(): void {
    this.follow();
  }

  /** After each render: tick while a countdown is shown, stop once none is. */
  hostUpdated(): void {
    this.follow();
  }

  hostDisconnected(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private follow(): void {
    const counting = this.counting();
    if (counting && !this.timer) this.timer = setInterval(() => this.host.requestUpdate(), 1_000);
    if (!counting && this.timer) this.hostDisconnected();
  }
}
