/**
 * The request as the relay reads it, before it knows whose wallet it is: the
 * path below the mount point, the query and the JSON body, each in the one
 * spelling the relay forwards. Whatever is read here is what is authorized
 * and what the service gets.
 */
import type { Inbound } from './answer.js';
import type { SayOnce } from './setup-mistakes.js';
import { refuse, tooLarge } from './relay-error.js';
import { mountOf } from './route.js';

/** The JSON object body, and the exact text forwarded (undefined: no body). */
export interface Body {
  text: string | undefined;
  json: Record<string, unknown>;
}

const decoder = new TextDecoder();

/**
 * A percent-escape of `/` or of an unreserved character (RFC 3986, section
 * 2.3: letters, digits, `-._~`). No client needs one (service ids escape only
 * their `:`), and each is another spelling of a path: `%2F` turns one segment
 * into two, `%65xport` is `export`. A proxy, firewall or log in front of the
 * relay that matches the raw path would see another operation than the one forwarded.
 */
const NEEDLESS_ESCAPE = /%(?:2[d-f]|3\d|[46][1-9a-f]|[57][\da]|5f|7e)/i;

/**
 * The path below `basePath` (no trailing `/`), decoded; refused when outside
 * it, undecodable, or spelled with escapes no client needs (NEEDLESS_ESCAPE).
 * `walletCall`: the request says it comes from the wallet (`Ew-Account-Id`), so
 * one outside `basePath` is the relay mounted elsewhere, which `say` tells the server.
 */
export function relayPath(url: URL, basePath: string, walletCall = false, say?: SayOnce): string {
  const raw = url.pathname;
  if (basePath && raw !== basePath && !raw.startsWith(`${basePath}/`)) {
    // The wallet's call under another prefix: the relay is mounted where its basePath does not say. Still
    // a 404 (a probe that copies the header must not look like the relay failing), with the fix as its code.
    const mount = walletCall ? mountOf(raw) : undefined;
    if (mount === undefined) refuse(404, 'NOT_FOUND', `This relay answers under ${basePath}/ only`);
    const fix = `it is reached at "${mount}" but createRelay has basePath "${basePath}": set basePath: "${mount}"`;
    say?.(fix, 'basePath');
    refuse(404, 'RELAY_MISCONFIGURED', fix);
  }
  if (NEEDLESS_ESCAPE.test(raw.slice(basePath.length)))
    refuse(400, 'INVALID_INPUT', 'The path escapes a "/" or a character that needs no escape');
  try {
    return decodeURIComponent(raw.slice(basePath.length)) || '/';
  } catch {
    return refuse(400, 'INVALID_INPUT', 'The path has an invalid percent-escape');
  }
}

/** The query as forwarded: only the `allowed` parameters, each at most once, re-encoded. */
export function checkedQuery(url: URL, allowed: readonly string[]): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (!allowed.includes(name)) refuse(400, 'INVALID_INPUT', `Unknown query parameter ${JSON.stringify(name)}`);
    if (query.has(name)) refuse(400, 'INVALID_INPUT', `Query parameter ${name} is given more than once`);
    query.append(name, value);
  }
  return query;
}

/**
 * The JSON object body, at most `maxBody` bytes, and the text to forward:
 * re-serialised from what the relay read, so the service acts on exactly
 * what was authorized (a repeated key cannot mean one wallet here and
 * another upstream).
 */
export async function readBody(request: Inbound, maxBody: number): Promise<Body> {
  if (Number(request.header('content-length') ?? '0') > maxBody) tooLarge(maxBody);
  const bytes = await request.body(maxBody);
  if (!bytes?.length) return { text: undefined, json: {} };
  const text = decoder.decode(bytes);
  if (!text.trim()) return { text: undefined, json: {} };
  try {
    const json = JSON.parse(text) as unknown;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('not an object');
    return { text: JSON.stringify(json), json: json as Record<string, unknown> };
  } catch {
    return refuse(400, 'INVALID_INPUT', 'The request body must be a JSON object');
  }
}
