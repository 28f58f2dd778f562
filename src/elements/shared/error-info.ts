/**
 * The typed summary of any error an element meets, for `ew-error` details and
 * for display (strings/error-text.ts turns it into words).
 */

/** Codes of the page's setup, found by the elements themselves (wallet/config-check.ts, the wallet's key check). */
export type SetupErrorCode =
  'CONFIG_MISSING_ATTRIBUTE' | 'CONFIG_INVALID_ATTRIBUTE' | 'CONFIG_CONFLICTING_WALLETS' | 'CONFIG_ENCLAVE_KEYS';

/**
 * Isolated mode: the frame's window (a payment's confirmation, a passkey ceremony) could not open
 * (pop-ups blocked, or the page's COOP cut it off).
 */
export type WindowErrorCode = 'POPUP_BLOCKED';

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
