/**
 * The relay reads each request's body itself: it forwards exactly the bytes
 * the browser signed over. A framework that read the body first leaves
 * nothing to read, and the relay answers RELAY_MISCONFIGURED with the fix for
 * the way it was mounted (docs/relay.md, "Mounting it").
 */

export const BODY_READ_FIRST = {
  /** A parser that leaves its result on the Node request (`req.body`): express.json(), body-parser, NestJS on Express. */
  parser:
    'the request body was read before the relay (a body parser such as express.json() ran first): mount the relay before any body parser',
  /** A framework that parses bodies itself and keeps the result elsewhere (Fastify, by default). */
  framework:
    'the request body was read before the relay (the framework parsed it: Fastify does by default): serve the relay\'s routes where no body parser runs (Fastify: in a plugin that calls removeAllContentTypeParsers(), docs/relay.md "Fastify")',
  /** A fetch handler given a Request whose body was already read. */
  fetch:
    "the request body was read before the relay (request.json() or the framework ran first): give the relay the request as it came (Hono: c.req.raw; Next.js: the route handler's request)",
} as const;

const said = new Set<string>();

/** Says `message` on the server's console, once per process: the partner's fix, not the visitor's. */
export function sayOnce(message: string): void {
  if (said.has(message)) return;
  said.add(message);
  console.error(`embedded-wallet-elements relay: ${message}`);
}
