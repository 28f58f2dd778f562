/**
 * A map of short-lived entries (pending Request-Ids, passkey challenges)
 * that forgets them a grace period after they expire, at O(1) amortised cost
 * per insertion. The grace keeps a late retry answered "expired" rather than
 * "unknown" for a while; after it the entry is gone, so a client that never
 * comes back costs nothing for good.
 */

/** How long an expired entry is still remembered, by default. */
export const FORGET_AFTER_EXPIRY_MS = 10 * 60_000;

export class ExpiringMap<V extends { expiresAt: number }> {
  // A Map iterates in insertion order. Each map holds entries of one lifetime, so that is also
  // expiry order and pruning stops at the first live entry; an entry out of order is only kept
  // longer, never dropped early.
  private readonly entries = new Map<string, V>();

  /** `graceMs`: how long an expired entry is still remembered (default `FORGET_AFTER_EXPIRY_MS`). */
  constructor(
    private readonly now: () => number,
    private readonly graceMs = FORGET_AFTER_EXPIRY_MS,
  ) {}

  /** Number of entries held, expired ones not yet forgotten included. */
  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /**
   * Stores `value`, first forgetting entries that are past their grace period. A key set again
   * moves to the end, so a key that is renewed over and over (a resource's newest request) does
   * not stay first and hold back the pruning of everything behind it.
   */
  set(key: string, value: V): this {
    this.prune();
    this.entries.delete(key);
    this.entries.set(key, value);
    return this;
  }

  private prune(): void {
    const cutoff = this.now() - this.graceMs;
    for (const [key, value] of this.entries) {
      if (value.expiresAt > cutoff) return;
      this.entries.delete(key);
    }
  }
}
