/**
 * What the relay works with inside: the request as `Inbound` and its answer
 * as `Answer`, plain objects. The fetch handler builds them from a `Request`
 * and turns the answer into a `Response`; the Node adapter builds them from
 * `node:http` and writes the answer straight out, skipping the Web objects
 * (about a third of the relay's own CPU per call, issue 17).
 */
import { readCapped } from './bytes.js';
import { refuse } from './relay-error.js';

/** The relay's answer before it becomes a `Response` or is written to a `ServerResponse`. */
export interface Answer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Uint8Array | string | null;
}

/** The request as the relay reads it. */
export interface Inbound {
  method: string;
  url: URL;
  /** A request header by lower-case name (repeated ones joined with `, `), or null. */
  header(name: string): string | null;
  /** The body bytes, undefined when there is none; a larger one than `limit` is refused (413). */
  body(limit: number): Promise<Uint8Array | undefined>;
  /** The `Request` the host's hooks get (built on first use where the request did not come as one). */
  readonly request: Request;
}

/** The answer as a `Response`. */
export function toResponse(answer: Answer): Response {
  return new Response(answer.body as BodyInit | null, { status: answer.status, headers: answer.headers });
}

/** The request a fetch handler was given, as the relay reads it. */
export function inboundOf(request: Request): Inbound {
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    request,
    async body(limit) {
      if (!request.body) return undefined;
      const bytes = await readCapped(request.body, limit);
      return bytes === 'too-large' ? tooLarge(limit) : bytes;
    },
  };
}

/** Refuses a body past `limit` bytes (413). */
export const tooLarge = (limit: number): never =>
  refuse(413, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${limit} bytes`);

/**
 * The relay behind each fetch handler `createRelay` made, for `toNodeHandler`
 * to call without building a `Request` and a `Response` per call.
 */
export const innerHandlers = new WeakMap<
  (request: Request) => Promise<Response>,
  (inbound: Inbound) => Promise<Answer>
>();

/** What `toNodeHandler` may check of the relay it mounts: where `createRelay` was told it is mounted. */
export const relayMounts = new WeakMap<(request: Request) => Promise<Response>, { basePath: string }>();
