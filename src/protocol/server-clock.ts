/**
 * The service's clock as seen from here: every answer's `Date` header gives
 * an offset from the device clock, so expiry decisions (sessions, quotes,
 * verification tokens) do not trust a device whose clock is wrong
 * (docs/protocol.md, "Time"). `Date` has one-second resolution; the
 * midpoint of the request's flight is used and the newest sample wins.
 *
 * The `Date` header comes through the relay, so an offset beyond
 * {@link MAX_BELIEVED_OFFSET_MS} is used but not believed: nothing is wiped on
 * its word alone (`believed`; the session manager asks the service first).
 * Once the service has shown such an offset wrong, `distrust` goes back to the
 * device clock and ignores offsets beyond the bound from then on.
 */
export const MAX_BELIEVED_OFFSET_MS = 5 * 60_000;

export class ServerClock {
  private offsetMs = 0;
  private sampled = false;
  private capped = false;

  /** Records an answer's `Date` header seen between `sentAt` and `receivedAt` (device ms). */
  observe(dateHeader: string | null | undefined, sentAt: number, receivedAt: number): void {
    if (!dateHeader) return;
    const server = Date.parse(dateHeader);
    if (Number.isNaN(server)) return;
    // Date truncates to the second: the true time is up to 1 s later.
    const offset = Math.round(server + 500 - (sentAt + receivedAt) / 2);
    if (this.capped && Math.abs(offset) > MAX_BELIEVED_OFFSET_MS) return;
    this.offsetMs = offset;
    this.sampled = true;
  }

  /** False while the offset from the device clock is beyond {@link MAX_BELIEVED_OFFSET_MS}. */
  get believed(): boolean {
    return Math.abs(this.offsetMs) <= MAX_BELIEVED_OFFSET_MS;
  }

  /** The service contradicted the offset: the device clock from now on, and offsets beyond the bound ignored. */
  distrust(): void {
    this.offsetMs = 0;
    this.capped = true;
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
