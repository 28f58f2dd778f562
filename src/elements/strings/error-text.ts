/**
 * One place that turns any error into words for the user: the locale's (and
 * the host's) `errors` entry for its code. Never the raw message of an error
 * (it may carry internals, or a relay's text), and never a code read as a
 * key it is not (`constructor`).
 */
import type { ErrorInfo } from '../shared/error-info.js';
import type { WalletStrings } from './table.js';

/** User-facing text for an error. */
export function errorText(info: ErrorInfo, strings: WalletStrings): string {
  // The service's reason is the most precise thing to say about a failed sign-in.
  if (info.code === 'UNAUTHORIZED' && info.reason === 'Invalid OTP code') return strings.wrongCode;
  if (info.code === 'UNAUTHORIZED' && /expired/i.test(info.reason ?? '')) return strings.expiredCode;
  // A refused quote names the detail that failed, so support can tell a tampered quote from a wrong one.
  // The field names a quote member (`destination.accountId`): anything else came from an answer, not a check.
  if (info.code === 'QUOTE_NOT_SIGNABLE' && info.field && /^[A-Za-z.[\]0-9]{1,64}$/.test(info.field))
    return strings.quoteRefused(info.field);
  const known = Object.hasOwn(strings.errors, info.code)
    ? strings.errors[info.code as keyof WalletStrings['errors']]
    : '';
  return known || strings.errors.UNKNOWN;
}
