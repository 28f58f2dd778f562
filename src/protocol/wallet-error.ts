/**
 * The one error type of service calls and client flows. `code` is either a
 * service code (docs/protocol.md "Errors", passed through as sent) or one of the client's
 * own codes below; `status`, `reason`, `requestId` and `retryAfterMs` carry
 * what the service said. Crypto refusals stay `WalletCryptoError` and passkey
 * ceremony failures `PasskeyError`; all three have `code` and `message`.
 */

/** The service's published error codes. */
export type ServiceErrorCode =
  | 'UNAUTHORIZED'
  | 'INVALID_SIGNATURE'
  | 'WALLET_SIGNATURE_MISSING'
  | 'WALLET_SIGNATURE_MALFORMED'
  | 'WALLET_SIGNATURE_BODY_MISMATCH'
  | 'WALLET_SIGNATURE_INVALID'
  | 'REQUEST_ID_MISSING'
  | 'USER_NOT_FOUND'
  | 'QUOTE_NOT_FOUND'
  | 'TRANSACTION_NOT_FOUND'
  | 'INVALID_INPUT'
  | 'INTERNAL_ERROR'
  | 'SERVICE_SWITCH_ERROR'
  | 'METHOD_NOT_ALLOWED'
  | 'INVITATION_NOT_FOUND'
  | 'LOOKUP_REQUEST_NOT_FOUND'
  | 'TOKEN_NOT_FOUND'
  | 'BULK_UPLOAD_JOB_NOT_FOUND'
  | 'REFERENCE_NOT_FOUND'
  | 'UMA_NOT_FOUND'
  | 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND';

/** Codes the relay answers with itself (docs/relay.md), never forwarded from the service. */
export type RelayErrorCode =
  | 'RATE_LIMITED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'REQUEST_TIMEOUT'
  | 'UPSTREAM_TIMEOUT'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_INVALID_RESPONSE'
  | 'STORE_UNAVAILABLE'
  | 'RELAY_MISCONFIGURED';

/** Codes the client itself raises. */
export type ClientErrorCode =
  /** The request never got an answer (offline, DNS, connection reset). */
  | 'NETWORK_ERROR'
  /** No answer within the configured timeout. */
  | 'TIMEOUT'
  /** An answer that is not what the protocol promises (not JSON, missing members). */
  | 'INVALID_RESPONSE'
  /** An operation needs a session and there is none (or it expired). */
  | 'NOT_SIGNED_IN'
  /** The session expired; sign in again. */
  | 'SESSION_EXPIRED'
  /** The service no longer knows the session (revoked elsewhere, or replaced by a refresh whose answer was lost); sign in again. */
  | 'SESSION_REPLACED'
  /** The account or session changed (another tab) while an operation was running. */
  | 'ACCOUNT_CHANGED'
  /** Removing a credential needs a session of another credential, and there is none here. */
  | 'NO_OTHER_CREDENTIAL'
  /** A quote past its `expiresAt` (on the server's clock). */
  | 'QUOTE_EXPIRED'
  /** A quote whose source is not the signed-in wallet, or that has no payload to sign. */
  | 'QUOTE_NOT_SIGNABLE'
  /** The credential cannot be used with this method (e.g. an OTP id for passkey sign-in). */
  | 'WRONG_CREDENTIAL_TYPE'
  /** The action may have happened but the answer was lost, and reading the state back failed. */
  | 'OUTCOME_UNKNOWN'
  /** The service's answer said done, but the state read back says otherwise (a relay may have faked the answer). */
  | 'NOT_CONFIRMED'
  /** A prepared challenge (passkey) expired before it was used; prepare again. */
  | 'CHALLENGE_EXPIRED'
  /** The operation was cancelled through its AbortSignal. */
  | 'ABORTED'
  /** Setup: a 404 without the relay's JSON error, so no relay answers at the api-base. */
  | 'RELAY_NOT_FOUND'
  /** Setup: the relay on another origin did not answer this page (not in its allowedOrigins, or down). */
  | 'RELAY_UNREACHABLE'
  /** Setup: the page's Content-Security-Policy refused the connection to the relay. */
  | 'CONFIG_CSP_CONNECT_SRC';

/** Any code a WalletError may carry; unknown service codes pass through as strings. */
export type WalletErrorCode = ServiceErrorCode | RelayErrorCode | ClientErrorCode | (string & {});

export interface WalletErrorInit {
  status?: number;
  reason?: string;
  details?: Record<string, unknown>;
  requestId?: string;
  retryAfterMs?: number;
  operation?: string;
  cause?: unknown;
}

export class WalletError extends Error {
  override readonly name = 'WalletError';
  readonly code: WalletErrorCode;
  /** HTTP status, when the service answered. */
  readonly status: number | undefined;
  /** The failed check, on the 401s of wallet authentication (e.g. "Invalid OTP code"). */
  readonly reason: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  /** The signed request's id, when the error concerns one. */
  readonly requestId: string | undefined;
  /** From `Retry-After`: how long to wait before trying again. */
  readonly retryAfterMs: number | undefined;
  /** The client operation that failed (e.g. `signInWithEmailOtp`). */
  readonly operation: string | undefined;

  constructor(code: WalletErrorCode, message: string, init: WalletErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = code;
    this.status = init.status;
    this.reason = init.reason;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
    this.operation = init.operation;
  }

  /** True for failures after which the request may or may not have been applied. */
  get ambiguous(): boolean {
    return (
      this.code === 'TIMEOUT' ||
      this.code === 'NETWORK_ERROR' ||
      this.code === 'RELAY_UNREACHABLE' ||
      (this.status !== undefined && this.status >= 500)
    );
  }
}

export function isWalletError(error: unknown, code?: WalletErrorCode): error is WalletError {
  return error instanceof WalletError && (code === undefined || error.code === code);
}
