/**
 * Error answers in the service's shape (docs/protocol.md, "Errors"): `{status, code,
 * message, details?}`, plus `reason` on the 401s of wallet authentication.
 * Codes the service publishes are used as published; where it names none (unknown
 * credential, session or account; quote state conflicts; rate limits) the
 * sandbox uses the codes documented in docs/sandbox.md.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { reason?: string; details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }

  /** The JSON body of this error. */
  toBody(): Record<string, unknown> {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.extra.reason ? { reason: this.extra.reason } : {}),
      ...(this.extra.details ? { details: this.extra.details } : {}),
    };
  }
}

/** 400 INVALID_INPUT, naming what was wrong. */
export const invalidInput = (message: string, details?: Record<string, unknown>): ApiError =>
  new ApiError(400, 'INVALID_INPUT', message, details ? { details } : {});

/** 401 UNAUTHORIZED during wallet authentication, with the failed check as `reason`. */
export const authFailed = (reason: string): ApiError =>
  new ApiError(401, 'UNAUTHORIZED', 'Authentication failed', { reason });

/** 404 with the resource's code. */
export const notFound = (code: string, what: string): ApiError => new ApiError(404, code, `${what} not found`);
