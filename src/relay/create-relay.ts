/**
 * The partner relay: a standard fetch handler `(Request) => Promise<Response>`
 * (Node 18+, edge runtimes, Express through `toNodeHandler`) between the
 * widget and the service. It forwards only the wallet operations of
 * `operations.ts`, adds the platform's Basic credentials, and asks the host's
 * `authorize` hook whether this visitor may act on the wallet the request
 * touches. The platform credentials never reach the browser.
 */
import { findOperation, type Operation } from './operations.js';
import { ChallengeBook, registrationOptions, type PasskeyRegistrationConfig } from './passkey-registration.js';
import { relayError } from './relay-error.js';

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
  /** Called once per request with what may be logged: never bodies, headers, stamps or secrets. */
  onRequest?: (entry: RelayLogEntry) => void;
  /** The fetch used upstream (default: global fetch). */
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

/** The header in which the widget names the wallet when the path carries only a credential or session id. */
export const ACCOUNT_HINT_HEADER = 'ew-account-id';

/** Request headers passed upstream; everything else (cookies, Authorization, ...) stays behind. */
const FORWARDED_REQUEST_HEADERS = ['service-wallet-signature', 'request-id', 'idempotency-key'];
/** Response headers passed back; the widget reads the server clock from Date. */
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'retry-after', 'date'];

class Refusal extends Error {
  constructor(readonly response: Response) {
    super('refused');
  }
}

/** Creates the relay's fetch handler. */
export function createRelay(options: RelayOptions): (request: Request) => Promise<Response> {
  const serviceUrl = options.serviceUrl.replace(/\/+$/, '');
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBody = options.maxBodyBytes ?? 64 * 1024;
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${btoa(`${options.credentials.username}:${options.credentials.password}`)}`;
  const challenges = new ChallengeBook(options.passkeys?.challengeTtlMs ?? 300_000);
  // The service's clock minus ours, from its latest `Date`. The relay's own answers carry
  // the service's time too: clients take every `Date` as the service clock, and one from
  // a different clock would skew their expiry and token-freshness decisions.
  let serviceOffsetMs = 0;

  /** A call to the service with the platform credentials and a timeout. */
  async function upstream(
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    try {
      const sentAt = Date.now();
      const response = await doFetch(`${serviceUrl}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        ...(init.body !== undefined ? { body: init.body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      const serviceTime = Date.parse(response.headers.get('date') ?? '');
      // `Date` is truncated to the second; +500 ms centres the estimate.
      if (!Number.isNaN(serviceTime)) serviceOffsetMs = Math.round(serviceTime + 500 - (sentAt + Date.now()) / 2);
      return response;
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new Refusal(
          relayError(504, 'UPSTREAM_TIMEOUT', `The wallet service did not answer within ${timeoutMs} ms`),
        );
      }
      throw new Refusal(relayError(502, 'UPSTREAM_UNAVAILABLE', 'The wallet service could not be reached'));
    }
  }

  async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
    try {
      return (await response.json()) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }

  /** The service's answer as the browser gets it: status, body and only the forwarded headers. */
  async function passOn(answer: Response): Promise<Response> {
    const headers = new Headers({ 'cache-control': 'no-store' });
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return new Response(answer.status === 204 ? null : await answer.arrayBuffer(), { status: answer.status, headers });
  }

  /** A failed lookup's answer, handed to the browser as the service gave it. */
  const passedOn = async (response: Response) => new Refusal(await passOn(response));

  /**
   * Does `accountId` own the credential or active session `id`? Asks the
   * service's list, every page of it. A failing service is the answer the
   * caller gets (its status and error), not a misleading 404.
   */
  async function owns(accountId: string, kind: 'credentials' | 'sessions', id: string): Promise<boolean> {
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const query = `accountId=${encodeURIComponent(accountId)}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await upstream('GET', `/auth/${kind}?${query}`);
      if (!response.ok) throw await passedOn(response);
      const answer = await readJson(response);
      const list = answer?.['data'];
      if (Array.isArray(list) && list.some((item) => (item as { id?: unknown }).id === id)) return true;
      if (answer?.['hasMore'] !== true || typeof answer['nextCursor'] !== 'string') return false;
      cursor = answer['nextCursor'];
    }
    return false;
  }

  /** The wallet an operation touches, resolved from the service when the path does not say. */
  async function resolveAccount(
    operation: Operation,
    id: string | undefined,
    request: Request,
    url: URL,
    body: Record<string, unknown>,
  ): Promise<string> {
    const hint = request.headers.get(ACCOUNT_HINT_HEADER) ?? undefined;
    const notFound = () =>
      new Refusal(relayError(404, 'NOT_FOUND', 'No such credential, session or quote for this wallet'));
    switch (operation.account) {
      case 'body':
        if (typeof body['accountId'] === 'string') return body['accountId'];
        break;
      case 'query': {
        const accountId = url.searchParams.get('accountId');
        if (accountId) return accountId;
        break;
      }
      case 'path':
        return id!;
      case 'credential':
      case 'session':
        if (!hint) break;
        if (!(await owns(hint, operation.account === 'credential' ? 'credentials' : 'sessions', id!))) throw notFound();
        return hint;
      case 'quote': {
        const response = await upstream('GET', `/quotes/${encodeURIComponent(id!)}`);
        if (response.status >= 500) throw await passedOn(response);
        const source = (await readJson(response))?.['source'] as { accountId?: unknown } | undefined;
        if (!response.ok || typeof source?.accountId !== 'string') throw notFound();
        return source.accountId;
      }
      case 'customer': {
        const customerId = id ?? url.searchParams.get('customerId');
        if (!customerId) break;
        const response = await upstream(
          'GET',
          `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`,
        );
        if (response.status >= 500) throw await passedOn(response);
        const wallets = ((await readJson(response))?.['data'] ?? []) as { id?: unknown; type?: unknown }[];
        const wallet = Array.isArray(wallets) ? wallets.find((w) => w.type === 'EMBEDDED_WALLET') : undefined;
        if (!response.ok || typeof wallet?.id !== 'string') throw notFound();
        return wallet.id;
      }
    }
    throw new Refusal(
      relayError(
        400,
        'INVALID_INPUT',
        `Cannot tell which wallet this ${operation.name} is for (send ${ACCOUNT_HINT_HEADER})`,
      ),
    );
  }

  async function authorise(request: Request, accountId: string, operation: string): Promise<void> {
    let allowed = false;
    try {
      allowed = (await options.authorize({ request, accountId, operation })) === true;
    } catch {
      allowed = false;
    }
    if (!allowed) throw new Refusal(relayError(403, 'FORBIDDEN', 'You may not act on this wallet'));
  }

  async function readBody(request: Request): Promise<{ text: string | undefined; json: Record<string, unknown> }> {
    const declared = Number(request.headers.get('content-length') ?? '0');
    if (declared > maxBody)
      throw new Refusal(relayError(413, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${maxBody} bytes`));
    if (!request.body) return { text: undefined, json: {} };
    const reader = request.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBody) {
        await reader.cancel();
        throw new Refusal(relayError(413, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${maxBody} bytes`));
      }
      chunks.push(value);
    }
    const text = new TextDecoder().decode(concat(chunks, size));
    if (!text.trim()) return { text: undefined, json: {} };
    try {
      const json = JSON.parse(text) as unknown;
      if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('not an object');
      return { text, json: json as Record<string, unknown> };
    } catch {
      throw new Refusal(relayError(400, 'INVALID_INPUT', 'The request body must be a JSON object'));
    }
  }

  async function passkeyOptions(request: Request, body: Record<string, unknown>): Promise<Response> {
    const config = options.passkeys;
    if (!config) return relayError(404, 'NOT_FOUND', 'Passkey registration is not enabled on this relay');
    const accountId = body['accountId'];
    if (typeof accountId !== 'string') return relayError(400, 'INVALID_INPUT', 'accountId is required');
    await authorise(request, accountId, 'passkey.registration-options');
    const user = await config.user({ request, accountId });
    const listed = await upstream('GET', `/auth/credentials?accountId=${encodeURIComponent(accountId)}`);
    const existing = ((await readJson(listed))?.['data'] ?? []) as { credentialId?: unknown }[];
    const exclude = Array.isArray(existing)
      ? existing.map((c) => c.credentialId).filter((c): c is string => typeof c === 'string')
      : [];
    const challenge = challenges.issue(accountId, Date.now());
    return new Response(JSON.stringify(registrationOptions(config, challenge, user, exclude)), {
      status: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      },
    });
  }

  async function route(
    request: Request,
    url: URL,
    path: string,
    entry: { operation: string | undefined },
  ): Promise<Response> {
    const method = request.method.toUpperCase();
    if (method === 'POST' && path === '/passkeys/registration-options') {
      entry.operation = 'passkey.registration-options';
      return passkeyOptions(request, (await readBody(request)).json);
    }
    const found = findOperation(method, path);
    if (!found) return relayError(404, 'NOT_FOUND', 'This relay does not forward that operation');
    entry.operation = found.operation.name;
    const body = await readBody(request);
    const accountId = await resolveAccount(found.operation, found.id, request, url, body.json);
    await authorise(request, accountId, found.operation.name);
    if (found.operation.name === 'credential.register' && body.json['type'] === 'PASSKEY') {
      const problem = challenges.admit(
        body.json['challenge'],
        accountId,
        request.headers.has('request-id'),
        Date.now(),
      );
      if (problem) return relayError(400, 'INVALID_INPUT', `Passkey registration refused: ${problem}`);
    }
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const answer = await upstream(method, `${path}${url.search}`, {
      ...(body.text !== undefined ? { body: body.text } : {}),
      headers,
    });
    return passOn(answer);
  }

  return async function relay(request: Request): Promise<Response> {
    const started = Date.now();
    const url = new URL(request.url);
    let path = url.pathname;
    try {
      path = decodeURIComponent(path);
    } catch {
      // Left as is; it will not match an operation.
    }
    if (basePath && path.startsWith(basePath)) path = path.slice(basePath.length) || '/';
    const entry: { operation: string | undefined } = { operation: undefined };
    let response: Response;
    try {
      response = await route(request, url, path, entry);
    } catch (error) {
      response = error instanceof Refusal ? error.response : relayError(500, 'INTERNAL_ERROR', 'The relay failed');
    }
    if (!response.headers.has('date'))
      response.headers.set('date', new Date(Date.now() + serviceOffsetMs).toUTCString());
    options.onRequest?.({
      method: request.method,
      path,
      operation: entry.operation,
      status: response.status,
      durationMs: Date.now() - started,
    });
    return response;
  };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
