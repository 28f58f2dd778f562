/**
 * The relay's state (passkey registration challenges and their per-wallet
 * counters), behind four atomic operations so it can live in a store every
 * relay instance shares. `memoryStore()` is the default for one process;
 * `redisStore()` shares it across instances. Every entry expires by TTL in
 * the store itself, and every operation is O(1).
 */
export interface RelayStore {
  /** Stores `value` under `key` for `ttlMs` unless `key` exists; true when stored. */
  create(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** The value under `key`, or undefined when absent or expired. */
  get(key: string): Promise<string | undefined>;
  /**
   * Atomically replaces the value under `key` by `next`, or deletes it when
   * `next` is undefined, only if it is still `expected`. The new value expires
   * `ttlMs` from now when given, else keeps the old one's expiry. True when
   * replaced: of two instances racing, exactly one wins.
   */
  replace(key: string, expected: string, next: string | undefined, ttlMs?: number): Promise<boolean>;
  /**
   * Adds one to the counter under `key`, which expires `ttlMs` after its first
   * increment. Returns the new count and the time left before it resets.
   */
  increment(key: string, ttlMs: number): Promise<{ count: number; resetInMs: number }>;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/** Entries examined for expiry on each write: enough to keep pace with the writes themselves. */
const SWEEP_PER_WRITE = 4;

/**
 * One process's store. Expired entries go on read and, a few at a time, on
 * every write: a Map keeps insertion order, and with one TTL per kind of
 * entry that is close to expiry order, so the oldest entries are looked at first.
 */
export function memoryStore(now: () => number = Date.now): RelayStore & { readonly size: number } {
  const entries = new Map<string, Entry>();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    let looked = 0;
    const time = now();
    for (const [key, entry] of entries) {
      if (++looked > SWEEP_PER_WRITE) break;
      if (entry.expiresAt <= time) entries.delete(key);
    }
  };

  return {
    /** Entries held, expired ones not yet swept included. */
    get size() {
      return entries.size;
    },
    async create(key, value, ttlMs) {
      sweep();
      if (live(key)) return false;
      entries.set(key, { value, expiresAt: now() + ttlMs });
      return true;
    },
    async get(key) {
      return live(key)?.value;
    },
    async replace(key, expected, next, ttlMs) {
      const entry = live(key);
      if (!entry || entry.value !== expected) return false;
      if (next === undefined) entries.delete(key);
      else if (ttlMs === undefined) entry.value = next;
      else {
        // Moved to the end: the sweep looks at the oldest expiries first.
        entries.delete(key);
        entries.set(key, { value: next, expiresAt: now() + ttlMs });
      }
      return true;
    },
    async increment(key, ttlMs) {
      sweep();
      const entry = live(key);
      if (!entry) {
        entries.set(key, { value: '1', expiresAt: now() + ttlMs });
        return { count: 1, resetInMs: ttlMs };
      }
      entry.value = String(Number(entry.value) + 1);
      return { count: Number(entry.value), resetInMs: entry.expiresAt - now() };
    },
  };
}
