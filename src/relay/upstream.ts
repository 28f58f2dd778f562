/**
 * Calls to the service: platform credentials added, one deadline over a
 * relay request's every exchange (headers and bodies), each answer read in
 * full but never past a size cap, and every way it can fail turned into a
 * typed 502/504.
 */
import type { Answer } from './answer.js';
import { refuse } from './relay-error.js';
import { Deadline, type Transport } from './transport.js';

export interface UpstreamConfig {
  authorization: string;
  timeoutMs: number;
  maxResponseBytes: number;
  transport: Transport;
}

/** The service's answer, read and checked. */
export interface UpstreamAnswer {
  status: number;
  /** A response header by lower-case name, or null. */
  header(name: string): string | null;
  /** The body bytes; empty for 204/205 and for an empty body. */
  body: Uint8Array;
  /** The body parsed (it is JSON whenever there is one); undefined when empty. */
  json: unknown;
}

/** Statuses whose answer has no body (a Response with one would throw). */
const NULL_BODY = new Set([204, 205]);

const EMPTY = new Uint8Array(0);

/** A service clock further off ours than this is a broken `Date`, not a clock to follow. */
const MAX_CLOCK_OFFSET_MS = 24 * 60 * 60_000;

const decoder = new TextDecoder('utf-8', { fatal: true });

const isJson = (contentType: string | null) =>
  contentType !== null && /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(contentType.trim());

export function createUpstream(config: UpstreamConfig) {
  // The service's clock minus ours, from its latest `Date`: the relay's own answers carry
  // the service's time too, since clients take every `Date` as the service clock.
  let serviceOffsetMs = 0;
  // Built once: every call carries them.
  const bare = { authorization: config.authorization, accept: 'application/json' };
  const withBody = { ...bare, 'content-type': 'application/json' };
  const tooLarge = `answered more than ${config.maxResponseBytes} bytes`;

  const timedOut = (): never =>
    refuse(504, 'UPSTREAM_TIMEOUT', `The wallet service did not answer within ${config.timeoutMs} ms`);
  const unreachable = (): never => refuse(502, 'UPSTREAM_UNAVAILABLE', 'The wallet service could not be reached');
  const invalid = (why: string): never => refuse(502, 'UPSTREAM_INVALID_RESPONSE', `The wallet service ${why}`);

  return {
    /** The service's clock now, as well as the relay knows it. */
    serviceNow: () => Date.now() + serviceOffsetMs,

    /** The deadline of one relay request: every upstream call it makes shares it. */
    deadline: () => new Deadline(config.timeoutMs),

    /** One call; resolves only with a well-formed answer (JSON or no body), else throws a Refusal. */
    async call(
      deadline: Deadline,
      method: string,
      path: string,
      init: { body?: string; headers?: Record<string, string> } = {},
    ): Promise<UpstreamAnswer> {
      const sentAt = Date.now();
      const base = init.body !== undefined ? withBody : bare;
      let reply;
      try {
        reply = await config.transport(
          method,
          path,
          init.headers ? { ...base, ...init.headers } : base,
          init.body,
          deadline,
        );
      } catch {
        return deadline.passed ? timedOut() : unreachable();
      }
      const header = (name: string) => reply.header(name);
      const serviceTime = Date.parse(reply.header('date') ?? '');
      // `Date` is truncated to the second; +500 ms centres the estimate.
      const offset = Math.round(serviceTime + 500 - (sentAt + Date.now()) / 2);
      if (Math.abs(offset) <= MAX_CLOCK_OFFSET_MS) serviceOffsetMs = offset; // NaN fails this too
      // A redirect is not followed; an informational or out-of-range status is no answer at all.
      if (reply.status < 200 || (reply.status >= 300 && reply.status < 400) || reply.status > 599) {
        reply.discard();
        invalid(`answered with an unexpected status ${reply.status}`);
      }
      if (NULL_BODY.has(reply.status)) {
        reply.discard();
        return { status: reply.status, header, body: EMPTY, json: undefined };
      }
      if (Number(reply.header('content-length')) > config.maxResponseBytes) {
        reply.discard();
        invalid(tooLarge);
      }
      let body;
      try {
        body = await reply.read(config.maxResponseBytes);
      } catch {
        return deadline.passed ? timedOut() : invalid('broke off its answer');
      }
      if (body === 'too-large') return invalid(tooLarge);
      if (body.length === 0) return { status: reply.status, header, body, json: undefined };
      if (reply.unusable) invalid(reply.unusable);
      if (!isJson(reply.header('content-type'))) invalid('answered with a body that is not JSON');
      let json: unknown;
      try {
        json = JSON.parse(decoder.decode(body));
      } catch {
        return invalid('answered with a body that is not valid JSON');
      }
      return { status: reply.status, header, body, json };
    },
  };
}

export type Upstream = ReturnType<typeof createUpstream>;

/** The body as a JSON object, or undefined (no body, or JSON of another kind). */
export function jsonOf(answer: UpstreamAnswer): Record<string, unknown> | undefined {
  const value = answer.json;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Response headers passed back; the widget reads the server clock from Date. */
const FORWARDED_RESPONSE_HEADERS = ['retry-after', 'date'];

/**
 * The service's answer as the browser gets it: status, body and only the
 * forwarded headers. The content type is the relay's own: the service's was
 * checked to be JSON, but a value such as `application/json, text/html` would
 * be read by a browser as its last type.
 */
export function toBrowser(answer: UpstreamAnswer): Answer {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = answer.header(name);
    if (value !== null) headers[name] = value;
  }
  // Errors too, even empty: the widget takes a 404 that is not JSON for "no relay answers here".
  if (answer.body.length > 0 || answer.status >= 400) headers['content-type'] = 'application/json; charset=utf-8';
  return { status: answer.status, headers, body: answer.body.length ? answer.body : null };
}
