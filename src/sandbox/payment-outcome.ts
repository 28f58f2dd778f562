/**
 * Where an executed quote stands at a given time, computed from the sandbox
 * clock rather than timers. The destination account's magic suffix chooses
 * the path (docs/sandbox.md, "Rules it reproduces"); delays are the
 * sandbox's own, scaled to keep tests fast except where the service documents
 * one (003: about 6 minutes). Transfers and incoming UMA payments
 * walk paths of their own with the same `followPath`.
 */
import { magicSuffix } from './magic-suffix.js';

export type PaymentStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';

export interface Outcome {
  status: PaymentStatus;
  failureReason?: string;
  /** True once a debit has been given back to the internal account it left. */
  refunded: boolean;
  /** When the current status began (ms). */
  since: number;
}

export const SECOND = 1000;

/** One change of status, `at` ms after the start. */
export interface Step {
  at: number;
  status: PaymentStatus;
  failureReason?: string;
  refunded?: boolean;
}

/** The usual path of a payment that succeeds. */
export const SUCCESS: Step[] = [
  { at: SECOND, status: 'PROCESSING' },
  { at: 3 * SECOND, status: 'COMPLETED' },
];

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

/** The outcome at `now` of a payment that started at `start` and follows `path`. */
export function followPath(path: Step[], start: number, now: number): Outcome {
  let outcome: Outcome = { status: 'PENDING', refunded: false, since: start };
  for (const step of path) {
    if (now < start + step.at) break;
    outcome = {
      status: step.status,
      refunded: step.refunded ?? false,
      since: start + step.at,
      ...(step.failureReason ? { failureReason: step.failureReason } : {}),
    };
  }
  return outcome;
}

/** The outcome at `now` of a quote executed at `executedAt` to an account with `identifier`. */
export function outcomeAt(identifier: string, executedAt: number, now: number): Outcome {
  return followPath(PATHS[magicSuffix(identifier) ?? ''] ?? SUCCESS, executedAt, now);
}
