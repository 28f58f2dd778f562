/**
 * The relay set up wrongly by the app that mounts it (not a visitor's doing):
 * answered `RELAY_MISCONFIGURED` with the fix (500, or 404 for a call that
 * missed `basePath`), and the fix said once on the server's console
 * (docs/relay.md, "When it is set up wrongly").
 */

/**
 * The relay reads each request's body itself: it forwards exactly the bytes the browser signed
 * over. A framework that read the body first leaves nothing to read; the fix depends on how the
 * relay was mounted.
 */
export const BODY_READ_FIRST = {
  /** A parser that leaves its result on the Node request (`req.body`): express.json(), body-parser, NestJS on Express. */
  parser:
    "the request body was read before the relay (a body parser such as express.json() ran first): mount the relay before any body parser (NestJS: app.use() it before app.init() or app.listen(), not in a module's middleware)",
  /** A framework that parses bodies itself and keeps the result elsewhere (Fastify, by default). */
  framework:
    'the request body was read before the relay (the framework parsed it: Fastify does by default): serve the relay\'s routes where no body parser runs (Fastify: in a plugin that calls removeAllContentTypeParsers(), docs/relay.md "Fastify")',
  /** A fetch handler given a Request whose body was already read. */
  fetch:
    "the request body was read before the relay (request.json() or the framework ran first): give the relay the request as it came (Hono: c.req.raw; Next.js: the route handler's request)",
} as const;

/**
 * A page's call reached the relay with a URL on another host than the one the browser called
 * (its `Host` or `X-Forwarded-Host`): a proxy rewrote `Host`, or the framework builds request
 * URLs from its own settings, so every call looks cross-origin.
 */
export const SEEN_HOST_DIFFERS =
  "the request URL the relay was handed names another host than the browser called (a proxy that rewrites Host, or a framework that builds the URL from its own hostname and port: self-hosted Next.js does): set createRelay's publicOrigin to the origin of your pages";

/** Says a setup mistake on the server's console: once for each `kind` (by default the message itself). */
export type SayOnce = (message: string, kind?: string) => void;

/**
 * A console for one relay (or one Node handler): each mistake said once, so a busy server logs
 * it once. A message a request can vary (a path) takes a fixed kind, so no visitor can fill the
 * console, or the memory of what was said.
 */
export function sayOnce(): SayOnce {
  const said = new Set<string>();
  return (message, kind = message) => {
    if (said.has(kind)) return;
    said.add(kind);
    console.error(`embedded-wallet-elements relay: ${message}`);
  };
}
