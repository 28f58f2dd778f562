/**
 * The sandbox's clock. Every expiry and every quote transition reads it, and
 * tests move it forward instead of sleeping; quote and transaction states are
 * computed from it on read, so no timers run and nothing keeps the process up.
 */
export interface SandboxClock {
  /** Milliseconds since the epoch, on the sandbox's clock. */
  now(): number;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
}

export function createClock(start?: number): SandboxClock {
  let offset = start === undefined ? 0 : start - Date.now();
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      if (!(ms >= 0) || !Number.isFinite(ms))
        throw new RangeError('advance() takes a non-negative number of milliseconds');
      // Whole milliseconds: timestamps derived from the clock (token `exp`, ids) stay integers.
      offset += Math.round(ms);
    },
  };
}

/** ISO 8601 form of a clock reading, as the service writes date-times. */
export const iso = (ms: number): string => new Date(ms).toISOString();
