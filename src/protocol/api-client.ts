/**
 * Turns transport answers into typed results and typed errors, and keeps the
 * server clock. Every error body of the service (`{status, code, message,
 * reason?, details?}`, docs/protocol.md "Errors") becomes a WalletError with those members;
 * an error without such a body keeps its HTTP status under a generic code.
 */
import { parseRetryAfter } from './retry-after.js';
import { ServerClock } from './server-clock.js';
import type { Transport, WireRequest, WireResponse } from './transport.js';
import { RELAY_MARK } from './relay-mark.js';
import { WalletError } from './wallet-error.js';

export interface ApiCall extends WireRequest {
  /** The client operation, attached to errors (e.g. `signInWithEmailOtp`). */
  operation: string;
}

export interface ApiResult<T> {
  status: number;
  body: T;
  headers: WireResponse['headers'];
}

const FALLBACK_CODE: Record<number, string> = {
  400: 'INVALID_INPUT',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  502: 'UPSTREAM_UNAVAILABLE',
  504: 'UPSTREAM_TIMEOUT',
};

/** For the developer (ew-error's message, the console): what an answer no relay made at the relay's address means. */
export const RELAY_NOT_FOUND_MESSAGE =
  "Another server answered at api-base: mount the relay there, with createRelay's basePath equal to the mount path";

/** RELAY_NOT_FOUND for `response`, an answer without the relay's mark (no relay saw the request). */
const relayNotFound = (response: WireResponse, operation: string) =>
  new WalletError('RELAY_NOT_FOUND', RELAY_NOT_FOUND_MESSAGE, { status: response.status, operation });

/** Maps one non-2xx answer to a WalletError (the HTTP boundary's one mapper). */
export function errorFromResponse(response: WireResponse, operation: string, requestId?: string): WalletError {
  const body = (typeof response.body === 'object' && response.body !== null ? response.body : {}) as Record<
    string,
    unknown
  >;
  // The relay marks every answer (relay-mark.ts): a 404 without its mark, HTML or a framework's own
  // JSON, is some other server's, so no relay answers at the api-base.
  if (response.status === 404 && !response.headers.get(RELAY_MARK)) return relayNotFound(response, operation);
  const code =
    typeof body['code'] === 'string'
      ? body['code']
      : (FALLBACK_CODE[response.status] ?? (response.status >= 500 ? 'INTERNAL_ERROR' : 'UNKNOWN'));
  const message = typeof body['message'] === 'string' ? body['message'] : `HTTP ${response.status}`;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), response.headers.get('date'));
  return new WalletError(code, message, {
    status: response.status,
    operation,
    ...(typeof body['reason'] === 'string' ? { reason: body['reason'] } : {}),
    ...(typeof body['details'] === 'object' && body['details'] !== null
      ? { details: body['details'] as Record<string, unknown> }
      : {}),
    ...(requestId ? { requestId } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

export class ApiClient {
  readonly clock = new ServerClock();

  constructor(
    private readonly transport: Transport,
    /** Headers on every call (the relay's wallet hint). */
    private readonly headers: () => Record<string, string> = () => ({}),
  ) {}

  /** Sends a call; resolves for 2xx (202 included), rejects with WalletError otherwise. */
  async call<T = Record<string, unknown>>(call: ApiCall): Promise<ApiResult<T>> {
    const { operation, ...request } = call;
    const sentAt = Date.now();
    let response: WireResponse;
    try {
      response = await this.transport({ ...request, headers: { ...this.headers(), ...request.headers } });
    } catch (error) {
      if (error instanceof WalletError) throw error;
      throw new WalletError('NETWORK_ERROR', 'The request failed before an answer arrived', {
        operation,
        cause: error,
      });
    }
    this.clock.observe(response.headers.get('date'), sentAt, Date.now());
    if (response.status < 200 || response.status >= 300) {
      throw errorFromResponse(response, operation, request.headers?.['Request-Id']);
    }
    if (response.status !== 204 && (typeof response.body !== 'object' || response.body === null)) {
      // Unmarked, it is another server's page (a single-page app answering every path with its HTML).
      if (!response.headers.get(RELAY_MARK)) throw relayNotFound(response, operation);
      throw new WalletError('INVALID_RESPONSE', `${operation}: the answer is not a JSON object`, {
        status: response.status,
        operation,
      });
    }
    return { status: response.status, body: response.body as T, headers: response.headers };
  }
}
