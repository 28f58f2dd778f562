/**
 * Lists that belong to a signed-in session (devices, sign-in methods) reload
 * when the session they were read under changes: a sign-in, a refresh, or a
 * client for another wallet. The host's `load()` does the reading.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WalletClient } from '../../client/index.js';

type Host = ReactiveControllerHost & { client: WalletClient | undefined; load(): Promise<void> };

export class FollowSessionController implements ReactiveController {
  private client: WalletClient | undefined;
  private sessionId: string | undefined;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostUpdate(): void {
    const client = this.host.client;
    const sessionId = client?.session?.id;
    if (!sessionId || (client === this.client && sessionId === this.sessionId)) return;
    this.client = client;
    this.sessionId = sessionId;
    void this.host.load();
  }
}
