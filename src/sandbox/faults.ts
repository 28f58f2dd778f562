/**
 * Fault injection for tests and the QA demo: the next `count` requests that
 * match fail in a chosen way, before the sandbox handles them or after (an
 * "ambiguous" failure: the action happened, the client never hears so).
 */

export type FaultKind =
  /** Answer 500 INTERNAL_ERROR. */
  | '500'
  /** Hold the request open without answering (until `hangMs`, then drop it). */
  | 'hang'
  /** Close the connection without an answer. */
  | 'drop';

export interface FaultRule {
  /** HTTP method to match; any when omitted. */
  method?: string;
  /** Path below the version segment: an exact path, a prefix ending in `*`, or a RegExp. */
  path: string | RegExp;
  kind: FaultKind;
  /** How many matching requests fail (default 1). */
  count?: number;
  /** How many matching requests pass untouched before the fault applies (default 0): e.g. 1 to hit a signed retry, not its first call. */
  skip?: number;
  /** `before` (default): the request is not handled. `after`: handled, then the answer is lost. */
  phase?: 'before' | 'after';
  /** For `hang`: how long to hold the request before dropping it (default 60 s). */
  hangMs?: number;
}

const MAX_HANG_MS = 86_400_000;

interface ActiveFault extends FaultRule {
  remaining: number;
  toSkip: number;
}

export class Faults {
  private rules: ActiveFault[] = [];

  /** Arms a fault; matching requests consume it in order. */
  inject(rule: FaultRule): void {
    const count = rule.count ?? 1;
    if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('count must be an integer of at least 1');
    if (rule.skip !== undefined && !(Number.isSafeInteger(rule.skip) && rule.skip >= 0))
      throw new RangeError('skip must be a non-negative integer');
    // setTimeout cannot wait longer (it would fire at once), and a day is more than any test holds.
    if (rule.hangMs !== undefined && !(Number.isInteger(rule.hangMs) && rule.hangMs >= 0 && rule.hangMs <= MAX_HANG_MS))
      throw new RangeError(`hangMs must be an integer from 0 to ${MAX_HANG_MS}`);
    this.rules.push({ ...rule, remaining: count, toSkip: rule.skip ?? 0 });
  }

  /** Disarms every fault. */
  clear(): void {
    this.rules = [];
  }

  /** Takes the first armed fault matching this request, if any. */
  take(method: string, path: string): FaultRule | undefined {
    const rule = this.rules.find((r) => (!r.method || r.method === method) && matches(r.path, path));
    if (!rule) return undefined;
    if (rule.toSkip > 0) {
      rule.toSkip--;
      return undefined;
    }
    rule.remaining--;
    if (rule.remaining === 0) this.rules = this.rules.filter((r) => r !== rule);
    return rule;
  }
}

function matches(pattern: string | RegExp, path: string): boolean {
  if (pattern instanceof RegExp) return pattern.test(path);
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}
