/**
 * Where an executed quote stands at a given time, computed from the sandbox
 * clock rather than timers. The destination account's last three digits
 * choose the path (spec Part 4.9, "Quote with an external account
 * destination"); delays are the sandbox's own, scaled to keep tests fast
 * except where the spec names one (003: about 6 minutes).
 */

export type QuoteStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';

export interface Outcome {
  status: QuoteStatus;
  failureReason?: string;
  /** True once the debit has been given back to the wallet. */
  refunded: boolean;
  /** When the current status began (ms). */
  since: number;
}

const SECOND = 1000;

interface Step {
  at: number;
  status: QuoteStatus;
  failureReason?: string;
  refunded?: boolean;
}

/** The path of each magic suffix, as steps after execution. */
const PATHS: Record<string, Step[]> = {
  '002': [{ at: SECOND, status: 'FAILED', failureReason: 'EXECUTION_FAILED', refunded: true }],
  '003': [
    { at: SECOND, status: 'PROCESSING' },
    { at: 6 * 60 * SECOND, status: 'COMPLETED' },
  ],
  '004': [
    { at: SECOND, status: 'PROCESSING' },
    { at: 3 * SECOND, status: 'FAILED', failureReason: 'COUNTERPARTY_DELIVERY_FAILED', refunded: true },
  ],
  '005': [
    { at: SECOND, status: 'PROCESSING' },
    { at: 3 * SECOND, status: 'COMPLETED' },
    { at: 33 * SECOND, status: 'FAILED', failureReason: 'RETURNED_BY_RECEIVING_BANK', refunded: true },
  ],
  '006': [
    { at: SECOND, status: 'PROCESSING' },
    { at: 3 * SECOND, status: 'FAILED', failureReason: 'USER_CANCELLED', refunded: true },
  ],
  '007': [
    { at: SECOND, status: 'PROCESSING' },
    { at: 3 * SECOND, status: 'FAILED', failureReason: 'PAYOUT_AND_REFUND_FAILED', refunded: false },
  ],
};
const SUCCESS: Step[] = [
  { at: SECOND, status: 'PROCESSING' },
  { at: 3 * SECOND, status: 'COMPLETED' },
];

/** The outcome at `now` of a quote executed at `executedAt` to an account with `identifier`. */
export function outcomeAt(identifier: string, executedAt: number, now: number): Outcome {
  const path = PATHS[identifier.replace(/\D/g, '').slice(-3)] ?? SUCCESS;
  let outcome: Outcome = { status: 'PENDING', refunded: false, since: executedAt };
  for (const step of path) {
    if (now < executedAt + step.at) break;
    outcome = {
      status: step.status,
      refunded: step.refunded ?? false,
      since: executedAt + step.at,
      ...(step.failureReason ? { failureReason: step.failureReason } : {}),
    };
  }
  return outcome;
}
