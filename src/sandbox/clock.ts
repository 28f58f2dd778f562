/**
 * The sandbox's clock. Every expiry and every quote transition reads it, and
 * tests move it forward instead of sleeping; quote and transaction states are
 * computed from it on read, so no timers run and nothing keeps the process up.
 */
export interface SandboxClock {
  /** Milliseconds since the epoch, on the sandbox's clock. */
  now(): number;
  /** Moves the clock forward by `ms` (at most `MAX_ADVANCE_MS`, and never past `LATEST_MS`). */
  advance(ms: number): void;
}

/** The most one advance may move the clock: ten years. */
export const MAX_ADVANCE_MS = 10 * 365 * 86_400_000;

/**
 * The clock never passes 9999-01-01: every date the sandbox derives from it
 * (now plus a lifetime) stays a valid Date with a four-digit ISO year.
 * Unbounded, one `advance(1e16)` made `new Date(now)` invalid and every later
 * call that writes a date failed.
 */
export const LATEST_MS = Date.UTC(9999, 0, 1);

export function createClock(start?: number): SandboxClock {
  if (start !== undefined && !(start >= 0 && start <= LATEST_MS))
    throw new RangeError(`now must be a time from 1970 to 9999 in ms, got ${start}`);
  let offset = start === undefined ? 0 : start - Date.now();
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      if (!(ms >= 0 && ms <= MAX_ADVANCE_MS))
        throw new RangeError(`advance() takes 0 to ${MAX_ADVANCE_MS} ms (ten years), got ${ms}`);
      // Whole milliseconds: timestamps derived from the clock (token `exp`, ids) stay integers.
      const step = Math.round(ms);
      if (Date.now() + offset + step > LATEST_MS) throw new RangeError('advance() would move the clock past 9999');
      offset += step;
    },
  };
}

/** ISO 8601 form of a clock reading, as the service writes date-times. */
export const iso = (ms: number): string => new Date(ms).toISOString();
