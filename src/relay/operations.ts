/**
 * The wallet operations a relay forwards (PROTOCOL.md, "Flows"), and where
 * each one names the wallet it touches. Anything else is refused: the relay
 * holds the platform's credentials and must not become a general proxy.
 */

/** How to find the internal account an operation acts on. */
export type AccountSource =
  /** `accountId` in the JSON body. */
  | 'body'
  /** `accountId` in the query. */
  | 'query'
  /** The `{id}` path segment is the account. */
  | 'path'
  /** `{id}` is a credential: must belong to the hinted account. */
  | 'credential'
  /** `{id}` is a session: must be an active session of the hinted account. */
  | 'session'
  /** `{id}` is a quote: its source account. */
  | 'quote'
  /** `{id}` (or the `customerId` query) is a customer: its embedded wallet. */
  | 'customer';

export interface Operation {
  /** Stable name, given to `authorize` and the request log. */
  name: string;
  method: string;
  pattern: RegExp;
  account: AccountSource;
  /** Query parameters it takes; any other, or any given twice, is refused. */
  query: readonly string[];
  /** The body members it takes, where the relay knows them all; any other is refused. */
  body?: readonly string[];
}

const LIST_QUERY = ['accountId', 'limit', 'cursor'];

/** The service's ids: `Kind:uuid`, e.g. `InternalAccount:6f1c…`. */
const ID = '[A-Za-z]+:[0-9a-fA-F-]{36}';

/** Is `value` shaped like a service id? Every id the relay hands to `authorize` or a lookup is. */
export const isServiceId = (value: unknown): value is string => typeof value === 'string' && ID_ONLY.test(value);
const ID_ONLY = new RegExp(`^${ID}$`);

const op = (
  name: string,
  method: string,
  path: string,
  account: AccountSource,
  query: readonly string[] = [],
  body?: readonly string[],
): Operation => ({
  name,
  method,
  pattern: new RegExp(`^${path.replace('{id}', `(?<id>${ID})`)}$`),
  account,
  query,
  ...(body ? { body } : {}),
});

export const OPERATIONS: readonly Operation[] = [
  op('credential.register', 'POST', '/auth/credentials', 'body'),
  op('credential.list', 'GET', '/auth/credentials', 'query', LIST_QUERY),
  op('auth.challenge', 'POST', '/auth/credentials/{id}/challenge', 'credential'),
  op('auth.verify', 'POST', '/auth/credentials/{id}/verify', 'credential'),
  op('credential.revoke', 'DELETE', '/auth/credentials/{id}', 'credential'),
  op('session.list', 'GET', '/auth/sessions', 'query', LIST_QUERY),
  op('session.refresh', 'POST', '/auth/sessions/{id}/refresh', 'session'),
  op('session.revoke', 'DELETE', '/auth/sessions/{id}', 'session'),
  op('wallet.export', 'POST', '/internal-accounts/{id}/export', 'path', [], ['clientPublicKey']),
  op('wallet.privacy', 'PATCH', '/internal-accounts/{id}', 'path', [], ['privateEnabled']),
  op('wallet.get', 'GET', '/customers/internal-accounts', 'customer', ['customerId']),
  op('customer.contact', 'PATCH', '/customers/{id}', 'customer'),
  op('quote.get', 'GET', '/quotes/{id}', 'quote'),
];

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
