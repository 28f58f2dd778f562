/**
 * Tells the page's other tabs (same origin) about sign-in, sign-out and
 * refresh, through BroadcastChannel. Messages carry ids only; each tab reads
 * the session itself from the vault.
 */
export type TabMessage =
  | { type: 'signed-in'; accountId: string; sessionId: string }
  | { type: 'refreshed'; accountId: string; sessionId: string }
  | { type: 'signed-out'; accountId: string; sessionId: string | undefined };

export class TabSync {
  private readonly channel: BroadcastChannel | undefined;

  constructor(onMessage: (message: TabMessage) => void, name = 'embedded-wallet-elements') {
    if (typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(name);
    this.channel.onmessage = (event: MessageEvent<TabMessage>) => onMessage(event.data);
  }

  post(message: TabMessage): void {
    this.channel?.postMessage(message);
  }

  close(): void {
    this.channel?.close();
  }
}

/**
 * Runs `task` holding the named Web Lock, so one tab at a time does it (the
 * refresh). Without Web Locks it just runs.
 */
export async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return task();
  return locks.request(name, task) as Promise<T>;
}
