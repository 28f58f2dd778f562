/**
 * The relay's default way to the service in Node: `node:http` (or
 * `node:https`) through one keep-alive `Agent` per relay, so a wallet call
 * reuses a warm connection instead of paying for `fetch`'s per-request
 * machinery and a new socket. Measured with `npm run bench`: the
 * global `fetch` to the service was most of the relay's CPU.
 *
 * The module is reached through `process.getBuiltinModule` (Node >= 20.16),
 * never a static import, so `embedded-wallet-elements/relay` still loads in
 * edge runtimes, which fall back to `fetch`.
 *
 * A kept-alive connection the service closes just as it is reused fails with
 * a reset before any answer: a read (GET, HEAD) is then sent once more on a
 * fresh connection; anything else fails (the relay answers 502), since it may
 * have been acted on. Not even DELETE, idempotent as it is (RFC 9110, section
 * 9.2.2): the wallet's are signed, and a repeat would answer 404 (or a reused
 * Request-Id) for a revocation that took place, where 502 says "unknown". Idle connections are dropped
 * before the service would drop them: after its `Keep-Alive: timeout` hint
 * less a second (Node's Agent reads it), and after 4 s at most.
 */
import type * as NodeHttp from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Exchange, Transport } from './transport.js';

type HttpModule = typeof NodeHttp;

/** Methods repeated on a fresh connection: the safe ones (RFC 9110, section 9.2.1). */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How a reused connection the service had already closed fails. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

/** Idle time after which a pooled connection is closed (Node servers close theirs after 5 s). */
const IDLE_MS = 4_000;

/** A body thrown away is drained (keeping the connection) up to this size, past it the connection is cut. */
const DRAIN_BYTES = 64 * 1024;

const EMPTY = new Uint8Array(0);

/** `node:http` or `node:https` when running in Node (or a runtime that offers them the same way). */
function builtin(id: 'node:http' | 'node:https'): HttpModule | undefined {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return typeof runtime?.getBuiltinModule === 'function' ? (runtime.getBuiltinModule(id) as HttpModule) : undefined;
}

/** The relay's view of one answer from the service (exported for its tests). */
export function exchange(request: Pick<ClientRequest, 'destroy'>, response: IncomingMessage): Exchange {
  const coding = response.headers['content-encoding'];
  return {
    status: response.statusCode ?? 0,
    header(name) {
      const value = response.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    // The relay asks for `identity`; compressed bytes passed on without their coding would be garbage.
    ...(coding !== undefined && coding.trim().toLowerCase() !== 'identity'
      ? { unusable: `answered with a content coding it was not asked for (${coding.slice(0, 40)})` }
      : {}),
    discard() {
      let seen = 0;
      response.on('data', (chunk: Uint8Array) => {
        if ((seen += chunk.length) > DRAIN_BYTES) request.destroy();
      });
      response.resume();
    },
    read: (cap) =>
      new Promise((resolve, reject) => {
        const chunks: Uint8Array[] = [];
        let size = 0;
        let settled = false;
        response.on('data', (chunk: Uint8Array) => {
          size += chunk.length;
          if (size > cap) {
            settled = true;
            request.destroy();
            resolve('too-large');
          } else chunks.push(chunk);
        });
        response.once('end', () => {
          settled = true;
          resolve(size === 0 ? EMPTY : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
        });
        // A reset, the deadline (the request is destroyed), or a close before the end: no whole answer.
        // 'close' follows every 'end' too: the error (and its stack) is made only when it counts.
        response.once('error', reject);
        response.once('close', () => {
          if (!settled) reject(new Error('The connection closed before the answer was complete'));
        });
      }),
  };
}

/**
 * A keep-alive transport to `serviceUrl`, or undefined where `node:http`
 * cannot be had (the relay then uses `fetch`).
 */
export function nodeTransport(serviceUrl: string): Transport | undefined {
  const url = new URL(serviceUrl);
  const http = builtin(url.protocol === 'https:' ? 'node:https' : 'node:http');
  if (!http) return undefined;
  const agent = new http.Agent({ keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' });
  const protocol = url.protocol;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1'); // an IPv6 literal without its brackets
  const port = url.port ? Number(url.port) : undefined;
  const prefix = url.pathname.replace(/\/+$/, '');

  return (method, path, headers, body, deadline) =>
    new Promise((resolve, reject) => {
      const bytes = body === undefined ? undefined : Buffer.from(body);
      const send = (mayRetry: boolean) => {
        const remaining = deadline.remainingMs();
        if (remaining <= 0) return reject(new Error('The deadline has passed'));
        let answered = false;
        const request = http.request({
          protocol,
          hostname,
          port,
          agent,
          method,
          path: prefix + path,
          headers: bytes
            ? { ...headers, 'accept-encoding': 'identity', 'content-length': String(bytes.length) }
            : { ...headers, 'accept-encoding': 'identity' },
        });
        // One timer over the exchange, headers and body: cheaper than an AbortSignal per call.
        const timer = setTimeout(() => {
          deadline.expire();
          request.destroy(new Error('The deadline has passed'));
        }, remaining);
        request.once('close', () => clearTimeout(timer));
        request.once('response', (response) => {
          answered = true;
          resolve(exchange(request, response));
        });
        // `on`, not `once`: a second 'error' with no listener would be thrown.
        request.on('error', (error: NodeJS.ErrnoException) => {
          clearTimeout(timer);
          if (
            !answered &&
            mayRetry &&
            request.reusedSocket &&
            STALE_SOCKET.has(error.code ?? '') &&
            SAFE.has(method) &&
            !deadline.passed
          )
            attempt(false);
          else reject(error);
        });
        request.end(bytes);
      };
      const attempt = (mayRetry: boolean) => {
        try {
          send(mayRetry);
        } catch (error) {
          reject(error as Error); // a header Node refuses, say: the relay answers 502
        }
      };
      attempt(true);
    });
}
