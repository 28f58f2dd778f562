/**
 * A read an element shows, keyed on its client (and, `perSession`, on the
 * session it was read under): read again when the key changes, and kept
 * only while its key is still the element's, so a slow answer for the last
 * account never shows under the next one. Progress and errors go through the
 * element's ClientController; the first answer makes the element ready.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WalletClient } from '../../client/index.js';
import type { ClientController } from './client-controller.js';
import type { ReadyController } from './ready.js';

export interface ClientReadOptions<T> {
  /** The operation's name, for `ew-error`. */
  action: string;
  read: (client: WalletClient) => Promise<T>;
  /** Read again after each new session (a sign-in, a refresh), and only while signed in. */
  perSession?: boolean;
  /** Runs after each read for the current client, answered or failed (a passkey registration prepared). */
  after?: (value: T | undefined) => Promise<void> | void;
}

type Host = ReactiveControllerHost & { client: WalletClient | undefined };

export class ClientRead<T> implements ReactiveController {
  /** The last answer for the current key. */
  value: T | undefined;
  private client: WalletClient | undefined;
  private sessionId: string | undefined;

  constructor(
    private readonly host: Host,
    private readonly tracker: ClientController,
    private readonly readiness: ReadyController,
    private readonly options: ClientReadOptions<T>,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const client = this.host.client;
    const sessionId = this.options.perSession ? client?.session?.id : undefined;
    if (!client || (this.options.perSession && !sessionId)) return;
    if (client === this.client && sessionId === this.sessionId) return;
    if (client !== this.client) {
      this.value = undefined;
      // A read still running for the client replaced must not hold this one back (its answer is dropped).
      this.tracker.reset();
    }
    this.client = client;
    this.sessionId = sessionId;
    void this.load();
  }

  /** Reads again now (Refresh, a section opened, a payment settled). */
  async load(): Promise<void> {
    const client = this.host.client;
    if (!client) return;
    const value = await this.tracker.run(this.options.action, () => this.options.read(client));
    if (client !== this.host.client) return; // asked for another client: that one's read shows
    if (value === undefined) this.readiness.failed(this.tracker.error);
    else {
      this.value = value;
      this.readiness.ready();
      this.host.requestUpdate();
    }
    await this.options.after?.(value);
  }
}
