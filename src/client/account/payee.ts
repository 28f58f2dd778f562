/**
 * Whom a payment goes to, as the service describes the destination account:
 * the beneficiary's name and how the rail checked it, the bank, the last
 * characters of the account number, the currency. Read through the relay's
 * allowlisted read of the signed-in customer's external accounts
 * (`GET /customers/external-accounts?customerId=`). Nothing here is signed:
 * an approval shows it beside the account id the payload commits to, and says
 * which of the two the signature covers.
 */
import { WalletError, type DataList } from '../../protocol/index.js';
import type { ClientContext } from '../context.js';

/** The service's comparison of the given beneficiary name with the account holder's. */
export type NameCheck =
  'MATCHED' | 'PARTIAL_MATCH' | 'NOT_MATCHED' | 'UNSUPPORTED' | 'CHECKED_BY_RECEIVING_FI' | 'PENDING';

export interface Payee {
  /** The external account (`ExternalAccount:…`), the one asked for. */
  id: string;
  /** ISO 4217 code of the account. */
  currency: string;
  /** The rail's verified name when it returned one, else the name given when the account was added. */
  name: string | undefined;
  /** True when `name` is the rail's verified one. */
  nameVerified: boolean;
  /** How the given name compared with the account holder's; undefined when the service does not say. */
  nameCheck: NameCheck | undefined;
  /** The bank's name, when the account type carries one. */
  bank: string | undefined;
  /** The last four characters of the account number, IBAN or CLABE. */
  last4: string | undefined;
  /** The service's `accountType`, e.g. `USD_ACCOUNT`. */
  accountType: string;
}

const NAME_CHECKS: readonly string[] = [
  'MATCHED',
  'PARTIAL_MATCH',
  'NOT_MATCHED',
  'UNSUPPORTED',
  'CHECKED_BY_RECEIVING_FI',
  'PENDING',
];
/** The identifiers whose last characters are shown; a PIX key (an email or phone, say) is not cut. */
const NUMBERED = ['accountNumber', 'iban', 'clabeNumber'];
/** Pages read at most: a customer has a handful of payees; a relay that pages forever is cut short. */
const MAX_PAGES = 5;

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : undefined;

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The entry for `id` as a Payee; refuses an entry whose shape is not one the widget can show. */
function toPayee(entry: Record<string, unknown>, id: string, operation: string): Payee {
  const info = record(entry['accountInfo']);
  const currency = entry['currency'];
  const accountType = info?.['accountType'];
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency) || typeof accountType !== 'string')
    throw new WalletError('INVALID_RESPONSE', 'The payee read has no currency or account type', { operation });
  const verified = text(record(entry['beneficiaryVerifiedData'])?.['fullName'], 140);
  const given = text(record(info?.['beneficiary'])?.['fullName'], 140);
  const check = entry['beneficiaryVerificationStatus'];
  const number = NUMBERED.map((member) => info?.[member]).find((value) => typeof value === 'string');
  const digits = typeof number === 'string' ? number.replace(/\s/g, '') : '';
  return {
    id,
    currency,
    name: verified ?? given,
    nameVerified: verified !== undefined,
    nameCheck: typeof check === 'string' && NAME_CHECKS.includes(check) ? (check as NameCheck) : undefined,
    bank: text(info?.['bankName'], 140),
    last4: /^[A-Z0-9]{5,34}$/.test(digits) ? digits.slice(-4) : undefined,
    accountType,
  };
}

/**
 * The payee behind `externalAccountId`, among the signed-in customer's
 * external accounts; undefined when it is not one of them (a platform-held
 * account, say): the approval then shows the account id alone.
 */
export async function getPayee(ctx: ClientContext, externalAccountId: string): Promise<Payee | undefined> {
  const operation = 'getPayee';
  const { customerId } = ctx.options;
  if (!customerId) throw new TypeError('getPayee needs the "customerId" option');
  if (typeof externalAccountId !== 'string' || !/^ExternalAccount:[\w-]{1,64}$/.test(externalAccountId))
    throw new TypeError('getPayee: "externalAccountId" must be an ExternalAccount id');
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = `customerId=${encodeURIComponent(customerId)}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const { body } = await ctx.api.call<DataList<Record<string, unknown>>>({
      method: 'GET',
      path: `/customers/external-accounts?${query}`,
      operation,
    });
    if (!Array.isArray(body?.data))
      throw new WalletError('INVALID_RESPONSE', 'The payee read is not a list', { operation });
    // Only the customer's own: an entry held for someone else is not this customer's payee.
    const entry = body.data.map(record).find((e) => e?.['id'] === externalAccountId && e['customerId'] === customerId);
    if (entry) return toPayee(entry, externalAccountId, operation);
    if (!body.hasMore || typeof body.nextCursor !== 'string') return undefined;
    cursor = body.nextCursor;
  }
  return undefined;
}
