/**
 * How requests leave the browser. By default `fetch` to the relay's base URL
 * with the service's paths below it; a host may pass its own `Transport`
 * instead (its own HTTP client, auth headers, a native bridge).
 */
import { noteAnswer, unreachable, watchConnectRefusals } from './unreachable.js';
import { WalletError } from './wallet-error.js';

export interface WireRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Service path with query, e.g. `/auth/sessions?accountId=...`. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface WireResponse {
  status: number;
  headers: { get(name: string): string | null };
  /** Parsed JSON body; undefined when empty or not JSON. */
  body: unknown;
}

/**
 * Sends one request; rejects only with a WalletError (NETWORK_ERROR, TIMEOUT, ABORTED, or the
 * setup problems CONFIG_CSP_CONNECT_SRC and RELAY_UNREACHABLE: see unreachable.ts).
 */
export type Transport = (request: WireRequest) => Promise<WireResponse>;

export interface FetchTransportOptions {
  /** Per-request timeout (default 20 s). */
  timeoutMs?: number;
  /** Extra headers on every request (e.g. a CSRF token your relay expects). */
  headers?: Record<string, string>;
  /** Cookie policy (default `same-origin`). */
  credentials?: RequestCredentials;
  fetch?: typeof fetch;
}

/** A Transport over `fetch` to `baseUrl` (the relay mount point, e.g. `/api/wallet`). */
export function fetchTransport(baseUrl: string, options: FetchTransportOptions = {}): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  watchConnectRefusals();
  return async (request) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const url = `${base}${request.path}`;
    const startedAt = typeof performance === 'undefined' ? 0 : performance.now();
    let response: Response;
    try {
      response = await doFetch(url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
          ...request.headers,
        },
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        credentials: options.credentials ?? 'same-origin',
        signal,
      });
    } catch (cause) {
      if (request.signal?.aborted) throw new WalletError('ABORTED', 'The request was cancelled', { cause });
      if (timeout.aborted) throw new WalletError('TIMEOUT', `No answer within ${timeoutMs} ms`, { cause });
      throw await unreachable(url, startedAt, cause);
    }
    noteAnswer(url);
    let body: unknown;
    try {
      const text = await response.text();
      body = text ? JSON.parse(text) : undefined;
    } catch (cause) {
      if (timeout.aborted) throw new WalletError('TIMEOUT', `No answer within ${timeoutMs} ms`, { cause });
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body };
  };
}
