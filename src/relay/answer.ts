/**
 * What the relay works with inside: the request as `Inbound` and its answer
 * as `Answer`, plain objects. The fetch handler builds them from a `Request`
 * (inbound.ts) and turns the answer into a `Response`; the Node adapter
 * builds them from `node:http` and writes the answer straight out, skipping
 * the Web objects (about a third of the relay's own CPU per call, measured
 * with `npm run bench`).
 */

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
