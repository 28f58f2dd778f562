/**
 * The service's clock as seen from here: every answer's `Date` header gives
 * an offset from the device clock, so expiry decisions (sessions, quotes,
 * verification tokens) do not trust a device whose clock is wrong
 * (PROTOCOL.md, "Signed retry"). `Date` has one-second resolution; the
 * midpoint of the request's flight is used and the newest sample wins.
 */
export class ServerClock {
  private offsetMs = 0;
  private sampled = false;

  /** Records an answer's `Date` header seen between `sentAt` and `receivedAt` (device ms). */
  observe(dateHeader: string | null | undefined, sentAt: number, receivedAt: number): void {
    if (!dateHeader) return;
    const server = Date.parse(dateHeader);
    if (Number.isNaN(server)) return;
    // Date truncates to the second: the true time is up to 1 s later.
    this.offsetMs = Math.round(server + 500 - (sentAt + receivedAt) / 2);
    this.sampled = true;
  }

  /** Milliseconds since the epoch on the server's clock (the device's until a sample arrives). */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Device-clock minus server-clock difference, for diagnostics. */
  get offset(): number {
    return this.offsetMs;
  }

  get synced(): boolean {
    return this.sampled;
  }
}
