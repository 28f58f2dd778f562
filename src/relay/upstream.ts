/**
 * Calls to the service: platform credentials added, one deadline over a
 * relay request's every exchange (headers and bodies), each answer read in
 * full but never past a size cap, and every way it can fail turned into a
 * typed 502/504.
 */
import { concat } from './bytes.js';
import { refuse, Refusal } from './relay-error.js';

export interface UpstreamConfig {
  serviceUrl: string;
  authorization: string;
  timeoutMs: number;
  maxResponseBytes: number;
  fetch: typeof fetch;
}

/** The service's answer, read and checked. */
export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  /** The body bytes; empty for 204/205 and for an empty body. */
  body: Uint8Array;
}

/** Statuses whose answer has no body (a Response with one would throw). */
const NULL_BODY = new Set([204, 205]);

const isJson = (contentType: string | null) =>
  contentType !== null && /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(contentType.trim());

export function createUpstream(config: UpstreamConfig) {
  // The service's clock minus ours, from its latest `Date`: the relay's own answers carry
  // the service's time too, since clients take every `Date` as the service clock.
  let serviceOffsetMs = 0;

  const timedOut = (): never =>
    refuse(504, 'UPSTREAM_TIMEOUT', `The wallet service did not answer within ${config.timeoutMs} ms`);
  const unreachable = (): never => refuse(502, 'UPSTREAM_UNAVAILABLE', 'The wallet service could not be reached');
  const invalid = (why: string): never => refuse(502, 'UPSTREAM_INVALID_RESPONSE', `The wallet service ${why}`);

  async function readCapped(response: Response, signal: AbortSignal): Promise<Uint8Array> {
    const declared = Number(response.headers.get('content-length'));
    if (declared > config.maxResponseBytes) {
      await response.body?.cancel().catch(() => undefined);
      invalid(`answered more than ${config.maxResponseBytes} bytes`);
    }
    if (!response.body) return new Uint8Array(0);
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > config.maxResponseBytes) {
          await reader.cancel().catch(() => undefined);
          invalid(`answered more than ${config.maxResponseBytes} bytes`);
        }
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof Refusal) throw error;
      if (signal.aborted) timedOut();
      invalid('broke off its answer');
    }
    return concat(chunks, size);
  }

  return {
    /** The service's clock now, as well as the relay knows it. */
    serviceNow: () => Date.now() + serviceOffsetMs,

    /** The deadline of one relay request: every upstream call it makes shares it. */
    deadline: () => AbortSignal.timeout(config.timeoutMs),

    /** One call; resolves only with a well-formed answer (JSON or no body), else throws a Refusal. */
    async call(
      signal: AbortSignal,
      method: string,
      path: string,
      init: { body?: string; headers?: Record<string, string> } = {},
    ): Promise<UpstreamAnswer> {
      const sentAt = Date.now();
      let response: Response;
      try {
        response = await config.fetch(`${config.serviceUrl}${path}`, {
          method,
          headers: {
            authorization: config.authorization,
            accept: 'application/json',
            ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...init.headers,
          },
          ...(init.body !== undefined ? { body: init.body } : {}),
          signal,
          redirect: 'manual',
        });
      } catch {
        return signal.aborted ? timedOut() : unreachable();
      }
      const serviceTime = Date.parse(response.headers.get('date') ?? '');
      // `Date` is truncated to the second; +500 ms centres the estimate.
      if (!Number.isNaN(serviceTime)) serviceOffsetMs = Math.round(serviceTime + 500 - (sentAt + Date.now()) / 2);
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel().catch(() => undefined);
        invalid(`answered with an unexpected status ${response.status}`);
      }
      if (NULL_BODY.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        return { status: response.status, headers: response.headers, body: new Uint8Array(0) };
      }
      const body = await readCapped(response, signal);
      if (body.length > 0 && !isJson(response.headers.get('content-type')))
        invalid('answered with a body that is not JSON');
      return { status: response.status, headers: response.headers, body };
    },
  };
}

export type Upstream = ReturnType<typeof createUpstream>;

/** A body read as a JSON object, or undefined. */
export function jsonOf(answer: UpstreamAnswer): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(new TextDecoder().decode(answer.body)) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Response headers passed back; the widget reads the server clock from Date. */
const FORWARDED_RESPONSE_HEADERS = ['retry-after', 'date'];

/**
 * The service's answer as the browser gets it: status, body and only the
 * forwarded headers. The content type is the relay's own: the service's was
 * checked to be JSON, but a value such as `application/json, text/html` would
 * be read by a browser as its last type.
 */
export function toBrowser(answer: UpstreamAnswer): Response {
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (answer.body.length > 0) headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(answer.body.length ? (answer.body as Uint8Array<ArrayBuffer>) : null, {
    status: answer.status,
    headers,
  });
}
