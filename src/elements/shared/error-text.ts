/**
 * One place that turns any error the client raises into text for the user:
 * the host's strings first, then the built-in default for the code. Never the
 * raw message of an unknown error (it may carry internals).
 */
import { defaultMessage } from '../../protocol/index.js';
import type { WalletStrings } from './strings.js';

export interface ErrorInfo {
  code: string;
  message: string;
  status?: number;
  reason?: string;
  requestId?: string;
  operation?: string;
  /** The field that failed a check (a quote's `destination.accountId`, a payload's `parameters.email`), when one did. */
  field?: string;
}

/** The typed summary of an error, for `ew-error` details and for display. */
export function describeError(error: unknown, operation: string): ErrorInfo {
  const e = (error ?? {}) as Partial<ErrorInfo> & { name?: string; details?: { field?: unknown } };
  const field = typeof e.field === 'string' ? e.field : e.details?.field;
  const code = typeof e.code === 'string' ? e.code : e.name === 'TypeError' ? 'INVALID_INPUT' : 'UNKNOWN';
  return {
    code,
    message: typeof e.message === 'string' ? e.message : String(error),
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    ...(typeof e.reason === 'string' ? { reason: e.reason } : {}),
    ...(typeof e.requestId === 'string' ? { requestId: e.requestId } : {}),
    operation: typeof e.operation === 'string' ? e.operation : operation,
    ...(typeof field === 'string' ? { field } : {}),
  };
}

/** User-facing text for an error. */
export function errorText(info: ErrorInfo, strings: WalletStrings): string {
  // The service's reason is the most precise thing to say about a failed sign-in.
  if (info.code === 'UNAUTHORIZED' && info.reason === 'Invalid OTP code') return strings.wrongCode;
  if (info.code === 'UNAUTHORIZED' && /expired/i.test(info.reason ?? '')) return strings.expiredCode;
  // A refused quote names the detail that failed, so support can tell a tampered quote from a wrong one.
  // The field names a quote member (`destination.accountId`): anything else came from an answer, not a check.
  if (info.code === 'QUOTE_NOT_SIGNABLE' && info.field && /^[A-Za-z.[\]0-9]{1,64}$/.test(info.field))
    return strings.quoteRefused(info.field);
  if (Object.hasOwn(strings.errors, info.code)) return strings.errors[info.code]!;
  // The crypto core's refusals: a bundle that fails verification, or a payload that is not what we asked to sign.
  if (/^(BAD_BUNDLE|BUNDLE_|ENCLAVE_|DECRYPT_FAILED|BAD_PLAINTEXT|BAD_CHECKSUM)/.test(info.code))
    return strings.answerFailedCheck;
  if (info.code.startsWith('PAYLOAD_')) return strings.payloadRefused;
  return defaultMessage(info.code);
}
