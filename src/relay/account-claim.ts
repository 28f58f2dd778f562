/**
 * Whose wallet a request acts on, and whether this visitor may: the wallet
 * is read from the request alone (path, query, body or the widget's hint
 * header) and put to the partner's `authorize` hook before the service is
 * asked anything, so a refused visitor costs no upstream call.
 */
import type { Inbound } from './answer.js';
import { isServiceId, type Operation } from './operation-types.js';
import { refuse } from './relay-error.js';

/** The header in which the widget names the wallet when the path carries only a credential or session id. */
export const ACCOUNT_HINT_HEADER = 'ew-account-id';

/** The partner's hook: may the visitor behind `request` act on wallet `accountId`? */
export type Authorize = (input: {
  request: Request;
  accountId: string;
  operation: string;
}) => boolean | Promise<boolean>;

/**
 * The wallet the request claims to act on, where `operation` says to find
 * it; refused (400) unless it is a service id.
 */
export function claimedAccount(
  operation: Operation,
  id: string | undefined,
  request: Inbound,
  query: URLSearchParams,
  body: Record<string, unknown>,
): string {
  const claimed =
    operation.account === 'body'
      ? body['accountId']
      : operation.account === 'query'
        ? query.get('accountId')
        : operation.account === 'path'
          ? id
          : request.header(ACCOUNT_HINT_HEADER);
  if (isServiceId(claimed)) return claimed;
  if (typeof claimed === 'string' && claimed)
    refuse(400, 'INVALID_INPUT', `${JSON.stringify(claimed.slice(0, 80))} is not a wallet id`);
  const where =
    operation.account === 'body' || operation.account === 'query' ? 'accountId' : `the ${ACCOUNT_HINT_HEADER} header`;
  return refuse(400, 'INVALID_INPUT', `Cannot tell which wallet this ${operation.name} is for (send ${where})`);
}

/** Refuses (403) unless `authorize` answers exactly `true`; a hook that throws refuses too. */
export async function checkAuthorized(
  authorize: Authorize,
  inbound: Inbound,
  accountId: string,
  operation: string,
): Promise<void> {
  let allowed = false;
  try {
    // A getter: under `toNodeHandler` the Request is built only if the hook reads it.
    allowed =
      (await authorize({
        get request() {
          return inbound.request;
        },
        accountId,
        operation,
      })) === true;
  } catch {
    allowed = false;
  }
  if (!allowed) refuse(403, 'FORBIDDEN', 'You may not act on this wallet');
}
