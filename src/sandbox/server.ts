/**
 * The sandbox's HTTP layer: Basic platform credentials, the version segment,
 * JSON bodies, error bodies in the service's shape, and fault injection around the handlers.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseHostHeader } from '../protocol/host-header.js';
import { ClientGone, readBody } from './body.js';
import type { Faults } from './faults.js';
import { ApiError, invalidInput } from './http-error.js';
import type { ApiResponse, Router } from './router.js';

/** The date-shaped version segment (YYYY-MM-DD) that ends the service's base address. */
export const API_VERSION = '2025-10-13';

export interface HttpLayer {
  api: Router;
  control: Router;
  faults: Faults;
  credentials: { username: string; password: string };
  /** Timers of hanging requests, cleared on close. */
  hangs: Set<NodeJS.Timeout>;
  /** The sandbox clock; answers carry it in `Date`, as the service's carry its own. */
  now: () => number;
  log?: (line: string) => void;
  /** Sees every request the sandbox answers (tests use it to prove what reached the service). */
  onRequest?: (entry: { method: string; path: string; status: number }) => void;
}

function authorised(header: string | undefined, credentials: HttpLayer['credentials']): boolean {
  if (!header?.startsWith('Basic ')) return false;
  const given = Buffer.from(header.slice(6), 'base64');
  const expected = Buffer.from(`${credentials.username}:${credentials.password}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function send(layer: HttpLayer, response: ServerResponse, result: ApiResponse): void {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    date: new Date(layer.now()).toUTCString(),
    ...result.headers,
  };
  if (result.status === 204 || result.body === undefined) {
    response.writeHead(result.status, headers).end();
    return;
  }
  const json = JSON.stringify(result.body);
  response.writeHead(result.status, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(json);
}

const errorResponse = (error: ApiError): ApiResponse => ({
  status: error.status,
  body: error.toBody(),
  headers: error.extra.headers ?? {},
});

/**
 * Handles one HTTP request. Never rejects (the server discards the promise, and
 * a rejection would end the process): whatever fails becomes an error answer,
 * or a closed connection once an answer has begun or the client has gone.
 */
export async function handle(layer: HttpLayer, request: IncomingMessage, response: ServerResponse): Promise<void> {
  try {
    await respond(layer, request, response);
  } catch (error) {
    if (!(error instanceof ClientGone)) {
      layer.log?.(
        `sandbox: failed to answer ${request.method} ${request.url}: ${(error as Error).stack ?? String(error)}`,
      );
    }
    if (response.headersSent || response.destroyed || error instanceof ClientGone) {
      response.destroy();
      return;
    }
    try {
      send(layer, response, errorResponse(new ApiError(500, 'INTERNAL_ERROR', 'Internal error')));
    } catch {
      response.destroy();
    }
  }
}

/**
 * The request target's path and query; undefined when it does not parse (an
 * absolute URI with a bad host), or when `Host` is missing or malformed
 * (which also refuses versionless HTTP/0.9-style lines, which carry none).
 */
function target(request: IncomingMessage): URL | undefined {
  if (!parseHostHeader(request.headers.host)) return undefined;
  try {
    return new URL(request.url ?? '/', 'http://sandbox');
  } catch {
    return undefined;
  }
}

async function respond(layer: HttpLayer, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = target(request);
  if (!url) {
    send(layer, response, errorResponse(invalidInput('The request target or Host header is malformed')));
    return;
  }
  const method = request.method ?? 'GET';
  let router: Router;
  let path: string;
  if (url.pathname.startsWith(`/${API_VERSION}/`)) {
    router = layer.api;
    path = url.pathname.slice(API_VERSION.length + 1);
  } else if (url.pathname.startsWith('/_sandbox/')) {
    router = layer.control;
    path = url.pathname.slice('/_sandbox'.length);
  } else {
    send(
      layer,
      response,
      errorResponse(new ApiError(404, 'NOT_FOUND', `Unknown path; the API lives under /${API_VERSION}/`)),
    );
    return;
  }
  let result: ApiResponse;
  let fault = undefined as ReturnType<Faults['take']>;
  try {
    if (!authorised(request.headers.authorization, layer.credentials)) {
      throw new ApiError(401, 'UNAUTHORIZED', 'Problem with the API credentials');
    }
    const body = await readBody(request, response);
    fault = router === layer.api ? layer.faults.take(method, path) : undefined;
    if (fault && fault.phase !== 'after') {
      inflict(layer, fault, response);
      return;
    }
    const match = router.match(method, path);
    if (match === 'not-found') throw new ApiError(404, 'NOT_FOUND', `No operation at ${path}`);
    if (match === 'method') throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`);
    result = await match.handler({
      method,
      path,
      params: match.params,
      query: url.searchParams,
      headers: request.headers,
      body,
    });
  } catch (error) {
    if (error instanceof ClientGone) throw error;
    if (error instanceof ApiError) {
      result = errorResponse(error);
    } else {
      layer.log?.(`sandbox: internal error on ${method} ${path}: ${(error as Error).stack ?? String(error)}`);
      result = errorResponse(new ApiError(500, 'INTERNAL_ERROR', 'Internal error'));
    }
  }
  layer.onRequest?.({ method, path, status: result.status });
  if (fault?.phase === 'after') {
    inflict(layer, fault, response);
    return;
  }
  send(layer, response, result);
}

function inflict(layer: HttpLayer, fault: NonNullable<ReturnType<Faults['take']>>, response: ServerResponse): void {
  if (fault.kind === '500') {
    send(layer, response, errorResponse(new ApiError(500, 'INTERNAL_ERROR', 'Injected sandbox fault')));
  } else if (fault.kind === 'drop') {
    response.socket?.destroy();
  } else {
    const timer = setTimeout(() => {
      layer.hangs.delete(timer);
      response.socket?.destroy();
    }, fault.hangMs ?? 60_000);
    layer.hangs.add(timer);
  }
}
