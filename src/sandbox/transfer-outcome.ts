/**
 * Where a same-currency transfer (POST /transfer-in, /transfer-out) stands at
 * a given time: the external account's magic suffix picks the path (docs/sandbox.md,
 * "Transfers"). "Fails immediately" is FAILED from the
 * moment the transfer is made; the documented "about 30 seconds" of 005 is kept.
 * Money moves with the status (balance.ts): a transfer in credits once
 * COMPLETED; a transfer out debits at once and gives it back when it fails.
 */
import { followPath, SECOND, SUCCESS, type Outcome, type Step } from './payment-outcome.js';
import { magicSuffix } from './magic-suffix.js';

const PATHS: Record<string, Step[]> = {
  '002': [{ at: 0, status: 'FAILED', failureReason: 'INSUFFICIENT_FUNDS', refunded: true }],
  '003': [{ at: 0, status: 'FAILED', failureReason: 'ACCOUNT_CLOSED_OR_INVALID', refunded: true }],
  '004': [
    { at: SECOND, status: 'PROCESSING' },
    { at: 3 * SECOND, status: 'FAILED', failureReason: 'BANK_REJECTED', refunded: true },
  ],
  '005': [{ at: 30 * SECOND, status: 'FAILED', failureReason: 'TRANSFER_TIMED_OUT', refunded: true }],
};

/** The outcome at `now` of a transfer made at `createdAt` with the external account `identifier`. */
export function transferOutcomeAt(identifier: string, createdAt: number, now: number): Outcome {
  return followPath(PATHS[magicSuffix(identifier) ?? ''] ?? SUCCESS, createdAt, now);
}
