/**
 * Does the id in a path belong to the wallet the visitor was authorized for?
 * Asked of the service only after `authorize` accepted that wallet, with a
 * bounded number of calls; "someone else's" and "does not exist" get the
 * same 404, so an outsider learns nothing about ids it does not own.
 */
import { isServiceId, type Operation } from './operation-types.js';
import type { Deadline } from './transport.js';
import { refuse, Refusal } from './relay-error.js';
import { jsonOf, toBrowser, type Upstream, type UpstreamAnswer } from './upstream.js';

/** Pages of a credential or session list read before giving up (100 items each). */
const MAX_PAGES = 5;

const notFound = (): never => refuse(404, 'NOT_FOUND', 'No such credential, session or quote for this wallet');

/**
 * A failing service is the answer the caller gets (its status and error), not
 * a misleading 404; so is a lookup it answered 200 with something other than
 * a JSON object.
 */
function failOn(answer: UpstreamAnswer): void {
  if (answer.status >= 500) throw new Refusal(toBrowser(answer));
  if (answer.status === 200 && !jsonOf(answer))
    refuse(
      502,
      'UPSTREAM_INVALID_RESPONSE',
      'The wallet service answered a lookup with something other than a JSON object',
    );
}

async function inList(
  upstream: Upstream,
  deadline: Deadline,
  accountId: string,
  kind: 'credentials' | 'sessions',
  id: string,
) {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = `accountId=${encodeURIComponent(accountId)}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await upstream.call(deadline, 'GET', `/auth/${kind}?${query}`);
    failOn(answer);
    const list = jsonOf(answer);
    if (answer.status !== 200 || !list) notFound();
    const items = list!['data'];
    const found = Array.isArray(items)
      ? (items as ({ id?: unknown; type?: unknown } | null)[]).find((item) => item?.id === id)
      : undefined;
    if (found) return found;
    if (list!['hasMore'] !== true || typeof list!['nextCursor'] !== 'string') break;
    cursor = list!['nextCursor'] as string;
  }
  return notFound();
}

/** What the ownership check learned that the relay still needs. */
export interface Owned {
  /** For an operation answered by its lookup (`answeredByLookup`): that answer, so the relay does not ask twice. */
  answer?: UpstreamAnswer;
  /** For an `{id}` that is a credential: its `type` as the service lists it. */
  credential?: { credentialType: unknown };
}

/**
 * Checks that `id` (or, for a wallet read, the `customerId` query) belongs to
 * `accountId`, and returns what the lookup learned (`Owned`).
 */
export async function checkOwnership(
  upstream: Upstream,
  deadline: Deadline,
  operation: Operation,
  id: string | undefined,
  accountId: string,
  query: URLSearchParams,
): Promise<Owned> {
  switch (operation.account) {
    case 'credential':
      return { credential: { credentialType: (await inList(upstream, deadline, accountId, 'credentials', id!)).type } };
    case 'session':
      await inList(upstream, deadline, accountId, 'sessions', id!);
      return {};
    case 'quote': {
      const answer = await upstream.call(deadline, 'GET', `/quotes/${encodeURIComponent(id!)}`);
      failOn(answer);
      const source = jsonOf(answer)?.['source'] as { accountId?: unknown } | undefined;
      if (answer.status !== 200 || source?.accountId !== accountId) notFound();
      return operation.answeredByLookup ? { answer } : {};
    }
    case 'customer': {
      const customerId = id ?? query.get('customerId');
      if (!customerId) return refuse(400, 'INVALID_INPUT', 'customerId is required');
      // A malformed filter a service ignored would list every customer's accounts.
      if (!isServiceId(customerId)) return refuse(400, 'INVALID_INPUT', 'customerId is not a customer id');
      const answer = await upstream.call(
        deadline,
        'GET',
        `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`,
      );
      failOn(answer);
      const wallets = jsonOf(answer)?.['data'];
      const wallet = Array.isArray(wallets)
        ? (wallets as ({ id?: unknown; type?: unknown } | null)[]).find((w) => w?.type === 'EMBEDDED_WALLET')
        : undefined;
      if (answer.status !== 200 || wallet?.id !== accountId) notFound();
      return operation.answeredByLookup ? { answer } : {};
    }
    default:
      return {};
  }
}
