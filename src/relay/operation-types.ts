/**
 * What an entry of the relay's operation table (operations.ts) says: the
 * wallet it touches, the query parameters and body members it takes and
 * what binds each, and the rules a request must pass besides. `op` builds an
 * entry and refuses one that contradicts itself.
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

/** The credential types the service knows. */
export const CREDENTIAL_TYPES = ['EMAIL_OTP', 'SMS_OTP', 'OAUTH', 'PASSKEY'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/**
 * Parts of a request by name, each with what binds it: what makes a relay's
 * change of it harmless (the client checks it before stamping, it is sealed
 * or signed by a key the relay does not hold) or refused (by this relay or
 * the service). docs/security.md's table is generated from these.
 */
export type Members = Readonly<Record<string, string>>;

/** The body members an operation takes; the relay refuses any other (400 INVALID_INPUT) before the service is asked. */
export type BodyMembers =
  /** The same members on every call (`{}`: none); with `exactlyOne`, exactly one of those is given. */
  | { members: Members; exactlyOne?: readonly string[] }
  /**
   * Members per credential type: of the type the body's `type` names, or of
   * the credential in the path (`credential`: the relay learns its type in
   * the ownership lookup, and until then takes only members some type takes).
   */
  | { typeFrom: 'body' | 'credential'; types: Readonly<Record<CredentialType, Members>> };

/**
 * A rule a request must pass after authorization and the ownership check,
 * just before it is forwarded (admission.ts applies each).
 */
export type Admission =
  /** A passkey registration (body `type` PASSKEY) carries a challenge this relay issued for the wallet, unused. */
  'passkey-challenge';

export interface Operation {
  /** Stable name, given to `authorize` and the request log. */
  name: string;
  method: string;
  /** The service path, `{id}` standing for a service id. */
  path: string;
  pattern: RegExp;
  account: AccountSource;
  /** Query parameters it takes; any other, or any given twice, is refused. */
  query: readonly string[];
  /** The body members it takes; any other is refused. */
  body: BodyMembers;
  /** What binds the `{id}` in the path (undefined when it has none) and each query parameter. */
  boundBy: { id?: string; query: Members };
  /** Rules past authorization and ownership (none for most). */
  admit: readonly Admission[];
  /** A read whose ownership lookup is this very call: the lookup's answer is passed on, not asked for twice. */
  answeredByLookup: boolean;
}

/** The service's ids: `Kind:uuid`, e.g. `InternalAccount:6f1c…`. */
const ID = '[A-Za-z]+:[0-9a-fA-F-]{36}';

/** Is `value` shaped like a service id? Every id the relay hands to `authorize` or a lookup is. */
export const isServiceId = (value: unknown): value is string => typeof value === 'string' && ID_ONLY.test(value);
const ID_ONLY = new RegExp(`^${ID}$`);

/** An entry as the table declares it. */
interface Declared {
  name: string;
  method: string;
  path: string;
  account: AccountSource;
  /** What binds the path's `{id}`: required exactly when the path has one. */
  id?: string;
  query?: Members;
  body: BodyMembers;
  admit?: readonly Admission[];
  answeredByLookup?: boolean;
}

/** Only a read of what the quote or customer lookup itself reads can be answered by that lookup. */
const LOOKUP_READS: readonly AccountSource[] = ['quote', 'customer'];

export const op = (declared: Declared): Operation => {
  const { name, method, path, account, id, query = {}, body, admit = [], answeredByLookup = false } = declared;
  if (path.includes('{id}') !== (id !== undefined))
    throw new Error(`${name}: say what binds {id} exactly when the path has one`);
  if (answeredByLookup && (method !== 'GET' || !LOOKUP_READS.includes(account)))
    throw new Error(`${name}: only a GET of a quote or a customer's wallets is answered by its ownership lookup`);
  return {
    name,
    method,
    path,
    pattern: new RegExp(`^${path.replace('{id}', `(?<id>${ID})`)}$`),
    account,
    query: Object.keys(query),
    body,
    boundBy: { ...(id !== undefined ? { id } : {}), query },
    admit,
    answeredByLookup,
  };
};
