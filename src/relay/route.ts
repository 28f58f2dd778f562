/**
 * Which of the relay's endpoints a request's method and path reach: an
 * operation of the table (operations.ts), with the id in its path, or the
 * relay's own passkey registration options. Any other path is 404, another
 * method on a known path 405 with `Allow`.
 */
import type { Operation } from './operation-types.js';
import { OPERATIONS } from './operations.js';
import { refuse } from './relay-error.js';

/** The relay's own endpoint (not forwarded): WebAuthn registration options with a challenge it issued. */
export const PASSKEY_OPTIONS_PATH = '/passkeys/registration-options';

const METHOD_ORDER = ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'];
const inOrder = (methods: string[]) => METHOD_ORDER.filter((m) => methods.includes(m));

/** Every method the relay answers: the operations' and CORS preflights. */
export const RELAY_METHODS: readonly string[] = inOrder([...OPERATIONS.map((o) => o.method), 'OPTIONS']);

/**
 * What the relay forwards at `path`: the methods it takes there (empty when
 * none) and, for `method`, the operation and the id in the path. One pass.
 */
export function matchPath(
  method: string,
  path: string,
): { allow: string[]; found?: { operation: Operation; id: string | undefined } } {
  const methods: string[] = [];
  let found: { operation: Operation; id: string | undefined } | undefined;
  for (const operation of OPERATIONS) {
    const match = operation.pattern.exec(path);
    if (!match) continue;
    methods.push(operation.method);
    if (operation.method === method) found = { operation, id: match.groups?.['id'] };
  }
  return { allow: inOrder(methods), ...(found ? { found } : {}) };
}

/**
 * Where a relay whose `basePath` the request missed seems to be mounted: the part of `pathname`
 * before a path the relay answers (`/api/other` of `/api/other/auth/credentials`), or undefined
 * when no tail of it is a wallet call.
 */
export function mountOf(pathname: string): string | undefined {
  // From the shortest tail up, no deeper than the deepest wallet call (`/auth/credentials/{id}/verify`).
  for (let at = pathname.length, depth = 0; depth < MAX_CALL_DEPTH; depth++) {
    at = pathname.lastIndexOf('/', at - 1);
    if (at <= 0) return undefined;
    const tail = pathname.slice(at);
    if (tail === PASSKEY_OPTIONS_PATH || matchPath('', tail).allow.length > 0) return pathname.slice(0, at);
  }
  return undefined;
}

/** The most segments a wallet call's path has. */
const MAX_CALL_DEPTH = 4;

/** Where a request goes: an operation of the table, with the id in its path, or the passkey options. */
export type Target = { operation: Operation; id: string | undefined } | 'passkey-options';

/**
 * The methods the relay takes at `path` and, unless `method` is OPTIONS (a
 * CORS preflight, answered from those methods alone), where the request goes.
 * Refuses a path it answers no method at (404) and a method it does not take
 * there (405, naming those it takes).
 */
export function routeOf(method: string, path: string): { allow: readonly string[]; target?: Target } {
  const { allow, found } =
    path === PASSKEY_OPTIONS_PATH ? { allow: ['POST'], found: undefined } : matchPath(method, path);
  if (!allow.length) refuse(404, 'NOT_FOUND', 'This relay does not forward that operation');
  if (method === 'OPTIONS') return { allow };
  if (!allow.includes(method))
    refuse(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here`, { allow: [...allow, 'OPTIONS'].join(', ') });
  return { allow, target: found ?? 'passkey-options' };
}
