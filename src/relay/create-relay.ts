/**
 * The partner relay: a standard fetch handler `(Request) => Promise<Response>`
 * (Node 18+, edge runtimes, Express through `toNodeHandler`) between the
 * widget and the service. It forwards only the wallet operations of
 * `operations.ts`, adds the platform's Basic credentials, and asks the host's
 * `authorize` hook whether this visitor may act on the wallet the request
 * touches. The platform credentials never reach the browser.
 *
 * This module wires the options into the steps and runs them in order; each
 * step is a module of its own (route, request-shape, body-members,
 * account-claim, ownership, admission, forward).
 */
import { checkAuthorized, claimedAccount, type Authorize } from './account-claim.js';
import { createAdmission, type Admit } from './admission.js';
import { createAnswerHeaders } from './answer-headers.js';
import { toResponse, type Answer, type Inbound } from './answer.js';
import { checkBodyMembers } from './body-members.js';
import { forward } from './forward.js';
import { inboundOf } from './inbound.js';
import { sayOnce, type SayOnce } from './setup-mistakes.js';
import { innerHandlers, relayMounts } from './inner-handlers.js';
import { nodeTransport } from './node-transport.js';
import { createFrameGate } from './frame-gate.js';
import { createOriginPolicy } from './origin-policy.js';
import { checkOwnership } from './ownership.js';
import {
  ChallengeBook,
  createPasskeyOptions,
  DEFAULT_CHALLENGE_TTL_MS,
  DEFAULT_CHALLENGES_PER_ACCOUNT,
  DEFAULT_STORE_TIMEOUT_MS,
  type PasskeyRegistrationConfig,
} from './passkey-registration.js';
import { Refusal, relayError } from './relay-error.js';
import { logEntry, type RelayLogEntry } from './request-log.js';
import { checkedQuery, readBody, relayPath } from './request-shape.js';
import { routeOf } from './route.js';
import { memoryStore, type RelayStore } from './store.js';
import { fetchTransport } from './transport.js';
import { createUpstream, toBrowser, type Upstream } from './upstream.js';

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
   * By default an `Origin` naming the request URL's host counts as same-origin
   * (`toNodeHandler` builds that URL from `Host`; self-hosted Next.js from the
   * hostname and port it serves). Set this behind a proxy that rewrites `Host`,
   * under self-hosted Next.js on any other host, or to check the scheme too.
   */
  publicOrigin?: string;
  /**
   * Isolated mode (docs/isolated-mode.md): the wallet frame's origin (e.g.
   * `https://wallet.shop.example`). Set, code and OAuth verifications, a
   * wallet's first credential and every signed request are taken only from it
   * (403 FORBIDDEN otherwise). When the relay is not on that origin, list it in
   * `allowedOrigins` too.
   */
  frameOrigin?: string;
  /** Called once per request with what may be logged: never bodies, headers, stamps or secrets. */
  onRequest?: (entry: RelayLogEntry) => void;
  /**
   * The fetch used upstream. By default, in Node (>= 20.16) the relay calls the
   * service through `node:http`/`node:https` with a pool of kept-alive
   * connections, and elsewhere (edge runtimes) through the global `fetch`.
   */
  fetch?: typeof fetch;
}

/** Creates the relay's fetch handler. */
export function createRelay(options: RelayOptions): (request: Request) => Promise<Response> {
  const relay = wire(options);
  const handle = (request: Inbound) => handleRequest(relay, request);
  const fetchHandler = async (request: Request): Promise<Response> => {
    const answer = await handle(inboundOf(request, relay.say));
    try {
      return toResponse(answer);
    } catch {
      // The relay's own fault (`handle` refuses every answer a Response cannot carry): never a rejection.
      return toResponse(relayError(500, 'INTERNAL_ERROR', 'The relay failed'));
    }
  };
  innerHandlers.set(fetchHandler, handle);
  relayMounts.set(fetchHandler, { basePath: relay.basePath });
  return fetchHandler;
}

/** What the steps work with, built once from the options. */
interface Wired {
  options: RelayOptions;
  basePath: string;
  maxBody: number;
  upstream: Upstream;
  origins: ReturnType<typeof createOriginPolicy>;
  authorize: Authorize;
  admit: Admit;
  passkeyOptions: ReturnType<typeof createPasskeyOptions>;
  stamp: (answer: Answer) => void;
  frameGate: ReturnType<typeof createFrameGate>;
  /** The server's console, for this relay's setup mistakes. */
  say: SayOnce;
}

function wire(options: RelayOptions): Wired {
  const serviceUrl = options.serviceUrl.replace(/\/+$/, '');
  const upstream = createUpstream({
    authorization: `Basic ${btoa(`${options.credentials.username}:${options.credentials.password}`)}`,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxResponseBytes: options.maxResponseBytes ?? 1024 * 1024,
    transport: options.fetch
      ? fetchTransport(serviceUrl, options.fetch)
      : (nodeTransport(serviceUrl) ?? fetchTransport(serviceUrl, fetch)),
  });
  // Called as the method it is declared as: a hook may read `this`.
  const authorize: Authorize = (input) => options.authorize(input);
  const challenges = new ChallengeBook(
    options.store ?? memoryStore(),
    options.passkeys?.challengeTtlMs ?? DEFAULT_CHALLENGE_TTL_MS,
    options.passkeys?.challengesPerAccount ?? DEFAULT_CHALLENGES_PER_ACCOUNT,
    options.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS,
  );
  const say = sayOnce();
  return {
    options,
    basePath: (options.basePath ?? '').replace(/\/+$/, ''),
    maxBody: options.maxBodyBytes ?? 64 * 1024,
    upstream,
    origins: createOriginPolicy(options, say),
    authorize,
    admit: createAdmission(challenges),
    passkeyOptions: createPasskeyOptions(options, { challenges, upstream, authorize }),
    stamp: createAnswerHeaders(upstream.serviceNow),
    frameGate: createFrameGate(options.frameOrigin),
    say,
  };
}

/** One request, start to end: never throws; every answer stamped, given its CORS headers and logged. */
async function handleRequest(relay: Wired, request: Inbound): Promise<Answer> {
  const started = Date.now();
  const entry: { operation: string | undefined } = { operation: undefined };
  let path = request.url.pathname;
  let answer: Answer;
  try {
    path = relayPath(request.url, relay.basePath, request.header('ew-account-id') !== null, relay.say);
    answer = await route(relay, request, path, entry);
  } catch (error) {
    answer = error instanceof Refusal ? error.answer : relayError(500, 'INTERNAL_ERROR', 'The relay failed');
  }
  relay.stamp(answer);
  relay.origins.decorate(request, answer);
  relay.options.onRequest?.(logEntry(request.method, path, entry.operation, answer.status, Date.now() - started));
  return answer;
}

/**
 * The steps from the path to the answer, in order; each refuses by throwing
 * a Refusal. Nothing is asked of the service before `authorize` has accepted
 * the wallet the request names.
 */
async function route(
  relay: Wired,
  request: Inbound,
  path: string,
  entry: { operation: string | undefined },
): Promise<Answer> {
  const method = request.method.toUpperCase();
  const { allow, target } = routeOf(method, path);
  if (!target) return relay.origins.preflight(request, allow);
  relay.origins.checkStateChange(request, request.url, method);
  if (target === 'passkey-options') {
    entry.operation = 'passkey.registration-options';
    checkedQuery(request.url, []);
    return relay.passkeyOptions(request, (await readBody(request, relay.maxBody)).json);
  }
  const { operation, id } = target;
  entry.operation = operation.name;
  relay.frameGate(request, operation.name);
  const query = checkedQuery(request.url, operation.query);
  const body = await readBody(request, relay.maxBody);
  checkBodyMembers(operation, body.json);
  const accountId = claimedAccount(operation, id, request, query, body.json);
  await checkAuthorized(relay.authorize, request, accountId, operation.name);
  const deadline = relay.upstream.deadline();
  const owned = await checkOwnership(relay.upstream, deadline, operation, id, accountId, query);
  if (owned.answer) return toBrowser(owned.answer);
  // The credential's type is known now: its own members only (a passkey's key is no code's).
  if (owned.credential) checkBodyMembers(operation, body.json, owned.credential);
  await relay.admit(operation, { request, accountId, body });
  return forward(relay.upstream, deadline, request, { method, path, query, body: body.text });
}
