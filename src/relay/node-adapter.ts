/**
 * Mounts a fetch handler on `node:http` or Express:
 * `app.use('/api', toNodeHandler(relay))` or `http.createServer(toNodeHandler(relay))`.
 * Under Express, mount it before any body parser.
 *
 * Whatever a client sends (a malformed Host, an absolute URI with a bad host,
 * a body cut off mid-way, a body dripped one byte a second) ends in a JSON
 * 4xx/5xx or a closed socket: the returned function never rejects, so a
 * caller that ignores its promise cannot crash the process. Bodies are read
 * up to `maxBodyBytes` (413 at once past it; the connection is then closed
 * after a short grace in which the rest is read and dropped) within
 * `bodyTimeoutMs` (408 past it). A GET or HEAD with a body is refused (400).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer, Inbound } from './answer.js';
import { BODY_READ_FIRST, sayOnce, type SayOnce } from './setup-mistakes.js';
import { innerHandlers, relayMounts } from './inner-handlers.js';
import { tooLarge } from './relay-error.js';
import { RELAY_METHODS } from './route.js';
import { parseHostHeader } from '../protocol/host-header.js';
import { RELAY_MARK } from '../protocol/relay-mark.js';

type FetchHandler = (request: Request) => Promise<Response>;

export interface NodeHandlerOptions {
  /** Largest request body read (default 64 KiB). */
  maxBodyBytes?: number;
  /** Time allowed to receive the whole body (default 10 s). */
  bodyTimeoutMs?: number;
}

/** Methods `fetch` refuses to build a Request with (none is a relay method). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** How long a refused upload may go on being drained before its connection is cut. */
const CLOSE_GRACE_MS = 1_000;

class ClientFault extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request's URL from its target and `Host`, or a ClientFault when either is malformed. */
function requestUrl(req: IncomingMessage): URL {
  const host = req.headers.host ?? '';
  if (!parseHostHeader(host)) throw new ClientFault(400, 'INVALID_INPUT', 'The Host header is missing or malformed');
  // Express strips the mount path from req.url and keeps it in originalUrl.
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  // `//other/...` and `/\other/...` would parse as a URL naming another host.
  if (target.startsWith('//') || target.includes('\\'))
    throw new ClientFault(400, 'INVALID_INPUT', 'The request target is malformed');
  let url: URL;
  try {
    const base = new URL(`http://${host}`);
    // An absolute-form target (`GET http://other/...`) names its own host: only its path counts.
    const absolute = target.startsWith('/') ? undefined : new URL(target);
    url = new URL(absolute ? absolute.pathname + absolute.search : target, base);
    if (url.host !== base.host) throw new Error('host changed');
  } catch {
    throw new ClientFault(400, 'INVALID_INPUT', 'The request target or Host is malformed');
  }
  return url;
}

/** Reads the body within the limits; a ClientFault past them or when the client breaks off. */
async function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit)
    throw new ClientFault(413, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${limit} bytes`);
  const read = (async () => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > limit) throw new ClientFault(413, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${limit} bytes`);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  })();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ClientFault(408, 'REQUEST_TIMEOUT', `The body did not arrive within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([read, deadline]);
  } catch (error) {
    read.catch(() => undefined); // the loser ends when the socket closes
    if (error instanceof ClientFault) throw error;
    throw new ClientFault(400, 'INVALID_INPUT', 'The request body was cut off');
  } finally {
    clearTimeout(timer);
  }
}

/** The request's headers as a `Headers`, each repeated one appended. */
function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/**
 * A `node:http` request as the relay reads it: headers straight from Node
 * (which has joined repeated ones as `Headers` would), the body already read,
 * and the `Request` for the host's hooks built only when one asks for it.
 */
function inboundOf(req: IncomingMessage, url: URL, method: string, body: Buffer | undefined): Inbound {
  let request: Request | undefined;
  return {
    method,
    url,
    header(name) {
      const value = req.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    body: async (limit) => (body?.length ? (body.length > limit ? tooLarge(limit) : body) : undefined),
    get request() {
      return (request ??= new Request(url, {
        method,
        headers: headersOf(req),
        ...(body?.length ? { body: new Uint8Array(body) } : {}),
      }));
    },
  };
}

/** Writes the relay's answer (its headers are final: nothing to copy). */
function write(res: ServerResponse, answer: Answer): void {
  if (res.headersSent || res.destroyed) return;
  const body = answer.body ?? undefined;
  const length = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  // A body's length up front: one write, no chunked framing for the client to undo. None on a
  // bodiless answer (204), nor to HEAD, where it would have to be the length a GET would get.
  const sized = length > 0 && res.req?.method !== 'HEAD';
  const headers = sized ? { ...answer.headers, 'content-length': String(length) } : answer.headers;
  res.writeHead(answer.status, headers).end(body);
}

/**
 * A relay set up wrongly in the app that mounts it (not the client's doing):
 * answered 500 with the fix, said once on the server's console (setup-mistakes.ts).
 */
function misconfigured(say: SayOnce, message: string, kind?: string): ClientFault {
  say(message, kind);
  return new ClientFault(500, 'RELAY_MISCONFIGURED', message);
}

/**
 * Whether a body parser (express.json(), say) read the request's body before
 * the relay could. Read from the stream itself: body-parser 1.x sets an empty
 * `req.body` even for requests it leaves alone.
 */
function bodyAlreadyRead(req: IncomingMessage): boolean {
  const declared = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  return declared && (req.readableEnded || req.readableDidRead);
}

/**
 * Whether Express mounted the relay where `basePath` cannot be reached (the
 * relay reads the full original URL): a mount on a prefix of `basePath` (a
 * router on /api with its route on /wallet/*) is fine; a mount beside or
 * below it, or any mount with no `basePath`, is not. A mount that took the
 * whole path (`rest`, what Express left of it in `req.url`, is `/`) is not
 * judged. Express matches paths case-insensitively, and so does this.
 */
function mountMisses(mountedAt: string, basePath: string, rest: string | undefined): boolean {
  const mount = mountedAt.toLowerCase().replace(/\/+$/, '');
  const base = basePath.toLowerCase();
  if (mount === '') return false;
  // A mount whose pattern took the whole path (NestJS applies a module's middleware with
  // `app.use('/api/wallet/*path')`) says nothing of where the relay's other paths go.
  if (rest === undefined || /^\/?(\?|$)/.test(rest)) return false;
  return !(base === mount || base.startsWith(`${mount}/`));
}

function faultResponse(fault: ClientFault): Response {
  return new Response(JSON.stringify({ status: fault.status, code: fault.code, message: fault.message }), {
    status: fault.status,
    headers: {
      ...(fault.status === 405 ? { allow: RELAY_METHODS.join(', ') } : {}),
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      [RELAY_MARK]: '1',
      // The rest of the request was not read: the connection cannot carry another.
      connection: 'close',
    },
  });
}

async function send(req: IncomingMessage, res: ServerResponse, response: Response, close: boolean): Promise<void> {
  if (res.headersSent || res.destroyed) return;
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (close) {
    // `Connection: close` makes Node end the connection after this answer. Reading on
    // until then lets a client still uploading see the answer instead of a reset; a
    // client that keeps sending is cut off shortly after.
    req.resume();
    res.once('finish', () => setTimeout(() => res.socket?.destroy(), CLOSE_GRACE_MS).unref());
  }
  res.end(body);
}

export function toNodeHandler(
  handler: FetchHandler,
  options: NodeHandlerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const limit = options.maxBodyBytes ?? 64 * 1024;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 10_000;
  // A relay from `createRelay` is called without a Request and a Response per call.
  const inner = innerHandlers.get(handler);
  const basePath = relayMounts.get(handler)?.basePath;
  const say = sayOnce();
  return async (req, res) => {
    try {
      const url = requestUrl(req);
      // Express tells where it mounted us: basePath must be reachable from there.
      const mountedAt = (req as IncomingMessage & { baseUrl?: unknown }).baseUrl;
      if (typeof mountedAt === 'string' && basePath !== undefined && mountMisses(mountedAt, basePath, req.url))
        // Lower-cased, as Express matched it: a client's casing adds no new console line.
        // One line for the mistake: a parameterised mount (`/:shop/wallet`) must not add one per shop.
        throw misconfigured(
          say,
          `it is mounted at "${mountedAt.toLowerCase()}" but createRelay has basePath "${basePath}": set basePath: "${mountedAt.toLowerCase()}"`,
          'mount',
        );
      const method = req.method ?? 'GET';
      const bodiless = method === 'GET' || method === 'HEAD';
      if (
        bodiless &&
        (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined)
      )
        throw new ClientFault(400, 'INVALID_INPUT', `A ${method} request has no body`);
      if (!bodiless && bodyAlreadyRead(req))
        // A parser that keeps its result on the request (Express's) or a framework that keeps it elsewhere.
        throw misconfigured(
          say,
          (req as IncomingMessage & { body?: unknown }).body === undefined
            ? BODY_READ_FIRST.framework
            : BODY_READ_FIRST.parser,
        );
      const body = bodiless ? undefined : await readBody(req, limit, bodyTimeoutMs);
      if (inner) {
        if (FORBIDDEN_METHODS.has(method)) throw new ClientFault(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed`);
        let answer: Answer;
        try {
          answer = await inner(inboundOf(req, url, method, body));
        } catch {
          return await send(req, res, faultResponse(new ClientFault(500, 'INTERNAL_ERROR', 'The relay failed')), false);
        }
        return write(res, answer);
      }
      let request: Request;
      try {
        request = new Request(url, {
          method,
          headers: headersOf(req),
          ...(body?.length ? { body: new Uint8Array(body) } : {}),
        });
      } catch {
        // fetch refuses CONNECT, TRACE and TRACK outright; none is a relay method.
        throw new ClientFault(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed`);
      }
      let response: Response;
      try {
        response = await handler(request);
      } catch {
        response = faultResponse(new ClientFault(500, 'INTERNAL_ERROR', 'The relay failed'));
      }
      await send(req, res, response, false);
    } catch (error) {
      const fault =
        error instanceof ClientFault ? error : new ClientFault(400, 'INVALID_INPUT', 'The request is malformed');
      // Best effort: the socket may be gone already (a client that broke off).
      await send(req, res, faultResponse(fault), true).catch(() => res.destroy());
    }
  };
}
