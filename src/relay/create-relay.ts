/**
 * The partner relay: a standard fetch handler `(Request) => Promise<Response>`
 * (Node 18+, edge runtimes, Express through `toNodeHandler`) between the
 * widget and the service. It forwards only the wallet operations of
 * `operations.ts`, adds the platform's Basic credentials, and asks the host's
 * `authorize` hook whether this visitor may act on the wallet the request
 * touches. The platform credentials never reach the browser.
 */
import { toResponse, type Answer, type Inbound } from './answer.js';
import { checkAuthorized, claimedAccount, type Authorize } from './account-claim.js';
import { createAdmission } from './admission.js';
import { inboundOf } from './inbound.js';
import { innerHandlers, relayMounts } from './inner-handlers.js';
import { checkBodyMembers } from './body-members.js';
import { createOriginPolicy } from './origin-policy.js';
import { checkOwnership } from './ownership.js';
import {
  ChallengeBook,
  DEFAULT_CHALLENGE_TTL_MS,
  DEFAULT_CHALLENGES_PER_ACCOUNT,
  DEFAULT_STORE_TIMEOUT_MS,
  createPasskeyOptions,
  type PasskeyRegistrationConfig,
} from './passkey-registration.js';
import { Refusal, relayError } from './relay-error.js';
import { memoryStore, type RelayStore } from './store.js';
import { nodeTransport } from './node-transport.js';
import { fetchTransport } from './transport.js';
import { createUpstream, toBrowser } from './upstream.js';
import { checkedQuery, readBody, relayPath } from './request-shape.js';
import { routeOf } from './route.js';

export interface RelayOptions {
  /** The service base address including the version segment, e.g. `https://api.example.com/2025-10-13`. */
  serviceUrl: string;
  /** Platform credentials (`api_token_id`, `api_client_secret`). */
  credentials: { username: string; password: string };
  /**
   * Decides whether the visitor behind `request` (your session cookie, your
   * auth header) may act on wallet `accountId`. Without this, any visitor
   * could act on any wallet. `false` answers 403.
   */
  authorize(input: { request: Request; accountId: string; operation: string }): boolean | Promise<boolean>;
  /** Enables `POST {basePath}/passkeys/registration-options`. */
  passkeys?: PasskeyRegistrationConfig;
  /** Path prefix the relay is mounted at (e.g. `/api`); stripped before matching. */
  basePath?: string;
  /** Upstream timeout (default 15 s); past it the browser gets 504 UPSTREAM_TIMEOUT. */
  timeoutMs?: number;
  /** Largest accepted request body (default 64 KiB). */
  maxBodyBytes?: number;
  /** Largest service answer passed on (default 1 MiB); past it, 502. Read in chunks, never buffered beyond. */
  maxResponseBytes?: number;
  /**
   * Where the relay keeps passkey registration challenges (default: this
   * process's memory). Behind several instances, give every instance the same
   * shared store, e.g. `redisStore(...)`.
   */
  store?: RelayStore;
  /** How long a `store` operation may take before the relay answers 503 STORE_UNAVAILABLE (default 2 s). */
  storeTimeoutMs?: number;
  /**
   * Origins besides the relay's own whose pages may call it (CORS, with
   * credentials). By default only same-origin pages may change state.
   */
  allowedOrigins?: readonly string[];
  /** Extra request headers listed origins may send (e.g. a CSRF header `authorize` reads). */
  allowedHeaders?: readonly string[];
  /**
   * The relay's own origin as browsers see it (e.g. `https://app.example.com`).
   * By default an `Origin` naming the request's `Host` counts as same-origin;
   * set this behind a proxy that rewrites `Host`, or to check the scheme too.
   */
  publicOrigin?: string;
  /** Called once per request with what may be logged: never bodies, headers, stamps or secrets. */
  onRequest?: (entry: RelayLogEntry) => void;
  /**
   * The fetch used upstream. By default, in Node (>= 20.16) the relay calls the
   * service through `node:http`/`node:https` with a pool of kept-alive
   * connections, and elsewhere (edge runtimes) through the global `fetch`.
   */
  fetch?: typeof fetch;
}

export interface RelayLogEntry {
  method: string;
  /** Path below the mount point, without the query. */
  path: string;
  /** Operation name, or undefined when refused before matching one. */
  operation: string | undefined;
  status: number;
  durationMs: number;
}

/** Request headers passed upstream; everything else (cookies, Authorization, ...) stays behind. */
const FORWARDED_REQUEST_HEADERS = ['service-wallet-signature', 'request-id', 'idempotency-key'];

/** Creates the relay's fetch handler. */
export function createRelay(options: RelayOptions): (request: Request) => Promise<Response> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const maxBody = options.maxBodyBytes ?? 64 * 1024;
  const serviceUrl = options.serviceUrl.replace(/\/+$/, '');
  const upstream = createUpstream({
    authorization: `Basic ${btoa(`${options.credentials.username}:${options.credentials.password}`)}`,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxResponseBytes: options.maxResponseBytes ?? 1024 * 1024,
    transport: options.fetch
      ? fetchTransport(serviceUrl, options.fetch)
      : (nodeTransport(serviceUrl) ?? fetchTransport(serviceUrl, fetch)),
  });
  const origins = createOriginPolicy(options);
  // Called as the method it is declared as: a hook may read `this`.
  const authorize: Authorize = (input) => options.authorize(input);
  const challenges = new ChallengeBook(
    options.store ?? memoryStore(),
    options.passkeys?.challengeTtlMs ?? DEFAULT_CHALLENGE_TTL_MS,
    options.passkeys?.challengesPerAccount ?? DEFAULT_CHALLENGES_PER_ACCOUNT,
    options.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS,
  );
  const admit = createAdmission(challenges);
  const passkeyOptions = createPasskeyOptions(options, { challenges, upstream, authorize });

  async function route(request: Inbound, path: string, entry: { operation: string | undefined }): Promise<Answer> {
    const url = request.url;
    const method = request.method.toUpperCase();
    const { allow, target } = routeOf(method, path);
    if (!target) return origins.preflight(request, allow);
    origins.checkStateChange(request, url, method);
    if (target === 'passkey-options') {
      entry.operation = 'passkey.registration-options';
      checkedQuery(url, []);
      return passkeyOptions(request, (await readBody(request, maxBody)).json);
    }
    const { operation, id } = target;
    entry.operation = operation.name;
    const query = checkedQuery(url, operation.query);
    const body = await readBody(request, maxBody);
    checkBodyMembers(operation, body.json);
    const accountId = claimedAccount(operation, id, request, query, body.json);
    await checkAuthorized(authorize, request, accountId, operation.name);
    const deadline = upstream.deadline();
    const owned = await checkOwnership(upstream, deadline, operation, id, accountId, query);
    if (owned.answer) return toBrowser(owned.answer);
    // The credential's type is known now: its own members only (a passkey's key is no code's).
    if (owned.credential) checkBodyMembers(operation, body.json, owned.credential);
    await admit(operation, { request, accountId, body });
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.header(name);
      if (value !== null) headers[name] = value;
    }
    const search = query.size ? `?${query}` : '';
    const answer = await upstream.call(deadline, method, `${path}${search}`, {
      ...(body.text !== undefined ? { body: body.text } : {}),
      headers,
    });
    return toBrowser(answer);
  }

  // `Date` for the relay's own answers, formatted once a second.
  let dateSecond = NaN;
  let dateText = '';
  const httpDate = () => {
    const now = upstream.serviceNow();
    if (Math.floor(now / 1000) !== dateSecond) {
      dateSecond = Math.floor(now / 1000);
      dateText = new Date(now).toUTCString();
    }
    return dateText;
  };

  async function handle(request: Inbound): Promise<Answer> {
    const started = Date.now();
    const entry: { operation: string | undefined } = { operation: undefined };
    let path = request.url.pathname;
    let answer: Answer;
    try {
      path = relayPath(request.url, basePath);
      answer = await route(request, path, entry);
    } catch (error) {
      answer = error instanceof Refusal ? error.answer : relayError(500, 'INTERNAL_ERROR', 'The relay failed');
    }
    answer.headers['date'] ??= httpDate();
    answer.headers['x-content-type-options'] = 'nosniff';
    origins.decorate(request, answer);
    options.onRequest?.({
      method: logSafe(request.method),
      path: logSafe(path),
      operation: entry.operation,
      status: answer.status,
      durationMs: Date.now() - started,
    });
    return answer;
  }

  const relay = async (request: Request): Promise<Response> => {
    const answer = await handle(inboundOf(request));
    try {
      return toResponse(answer);
    } catch {
      // The relay's own fault (`handle` refuses every answer a Response cannot carry): never a rejection.
      return toResponse(relayError(500, 'INTERNAL_ERROR', 'The relay failed'));
    }
  };
  innerHandlers.set(relay, handle);
  relayMounts.set(relay, { basePath });
  return relay;
}

/**
 * A request-controlled string as a log field: anything outside printable
 * ASCII (a `%0A` decoded to a newline, say), the space, `"` and `=` that
 * delimit fields in text logs, and the backslash itself written as an escape,
 * so one request is one log line and cannot forge another or another field.
 */
function logSafe(value: string): string {
  return value.replace(/[^\x21\x23-\x3c\x3e-\x5b\x5d-\x7e]/gu, (c) =>
    c === '\\' ? '\\\\' : `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}
