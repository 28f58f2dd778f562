/**
 * What you see is what you sign. A quote reaches the widget through the
 * host's backend and the relay, both of which may be wrong or hostile
 * (docs/security.md, "Who is trusted"), while the signature only covers `payloadToSign`. So every
 * value `<ew-approve-quote>` shows is read from what the payload commits to,
 * and the quote's own copy of it must agree, field by field. The sandbox's
 * commitment is canonical JSON, hex-encoded in `parameters.unsignedTransaction`
 * (docs/protocol.md, "Quote approval"). A payload that commits to nothing readable
 * (an opaque chain transaction) is refused unless the host opts in, and then
 * the element says the details cannot be verified.
 */
import { fromHex } from '../crypto/index.js';
import { WalletError, type Quote } from '../protocol/index.js';

/** How `approveQuote` treats a payload whose commitment it cannot read. */
export interface ApproveQuoteOptions {
  /**
   * Sign a quote whose payload states nothing readable about the payment, on
   * the quote's word alone (default false: refused). A readable payload that
   * disagrees with the quote is refused either way.
   */
  allowUnverifiedPayment?: boolean;
}

/** A currency as shown: its code (ISO 4217 or a ticker) and how many decimals its smallest unit has. */
export interface CheckedCurrency {
  code: string;
  decimals: number;
}

/** The payment a quote's payload commits to; amounts in the currency's smallest unit. */
export interface QuoteCommitment {
  quoteId: string;
  sourceAccountId: string;
  destinationAccountId: string;
  sendingAmount: number;
  sendingCurrency: CheckedCurrency;
  receivingAmount: number;
  receivingCurrency: CheckedCurrency;
  /** In the sending currency's smallest unit. */
  fees: number;
  /** Sending units per receiving unit. */
  exchangeRate: number;
  /** ISO 8601. */
  expiresAt: string;
}

/** A quote ready to show and sign: the values to display, and the exact payload they came from. */
export interface VerifiedQuote extends QuoteCommitment {
  /** False only under `allowUnverifiedPayment`, when the payload states nothing readable. */
  verified: boolean;
  /** A private copy of the quote taken when it was checked: sign this one. */
  quote: Quote;
  payloadToSign: string;
  expiresAtMs: number;
}

// Ids and codes are machine strings: printable ASCII leaves no room for
// direction overrides, invisible characters or lookalike letters.
const ID = /^[\x21-\x7e]{1,256}$/;
const CODE = /^[A-Za-z0-9._-]{1,16}$/;
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/;

function refuse(field: string, problem: string): never {
  throw new WalletError('QUOTE_NOT_SIGNABLE', `The quote's ${field} ${problem}`, {
    operation: 'approveQuote',
    details: { field },
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(value: unknown, field: string, pattern: RegExp, max: number): string {
  if (typeof value !== 'string' || !value) refuse(field, 'is missing');
  if (value.length > max) refuse(field, `is longer than ${max} characters`);
  if (!pattern.test(value)) refuse(field, 'has characters that cannot be shown safely');
  return value;
}

type Reader = (value: unknown, field: string) => unknown;

const id: Reader = (value, field) => text(value, field, ID, 256);

const amount: Reader = (value, field) => {
  if (!Number.isSafeInteger(value) || (value as number) < 0) refuse(field, 'is not a whole number of smallest units');
  return value;
};

const currency: Reader = (value, field): CheckedCurrency => {
  const c = isObject(value) ? value : {};
  const decimals = c['decimals'] as number;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18)
    refuse(`${field}.decimals`, 'is not between 0 and 18');
  return { code: text(c['code'], `${field}.code`, CODE, 16), decimals };
};

const rate: Reader = (value, field) => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) refuse(field, 'is not a positive number');
  return value;
};

/** An ISO 8601 date, normalised (`toISOString`) so two spellings of one instant compare equal. */
const time: Reader = (value, field) => {
  const ms = Date.parse(text(value, field, TIME, 40));
  if (!Number.isFinite(ms)) refuse(field, 'is not a valid date');
  return new Date(ms).toISOString();
};

/** Each committed value, where the quote states it, and how it is read. */
const FIELDS: [keyof QuoteCommitment, string, Reader][] = [
  ['quoteId', 'id', id],
  ['sourceAccountId', 'source.accountId', id],
  ['destinationAccountId', 'destination.accountId', id],
  ['sendingAmount', 'totalSendingAmount', amount],
  ['sendingCurrency', 'sendingCurrency', currency],
  ['receivingAmount', 'totalReceivingAmount', amount],
  ['receivingCurrency', 'receivingCurrency', currency],
  ['fees', 'feesIncluded', amount],
  ['exchangeRate', 'exchangeRate', rate],
  ['expiresAt', 'expiresAt', time],
];

/** Refuses a member the commitment does not define: it could carry meaning the user never saw. */
function onlyKnown(value: Record<string, unknown>, known: string[], field: string): void {
  const odd = Object.keys(value).find((k) => !known.includes(k));
  // The name is the sender's: shown only as printable ASCII, shortened.
  if (odd !== undefined)
    refuse(`${field}.${odd.slice(0, 64).replace(/[^\x21-\x7e]/g, '?')}`, 'is not part of a quote commitment');
}

/** The payload an embedded-wallet quote asks the wallet to sign. */
export function quotePayload(quote: Quote): string | undefined {
  const instructions = isObject(quote) && Array.isArray(quote.paymentInstructions) ? quote.paymentInstructions : [];
  const payload = instructions.find((p) => p?.accountOrWalletInfo?.accountType === 'EMBEDDED_WALLET')
    ?.accountOrWalletInfo?.payloadToSign;
  return typeof payload === 'string' ? payload : undefined;
}

/** The JSON value in a SIGN_TRANSACTION payload's `unsignedTransaction`, if it holds any. */
function transactionJson(payload: string): unknown {
  let json: string;
  let value: unknown;
  try {
    const hex = (JSON.parse(payload) as { parameters: { unsignedTransaction: string } }).parameters.unsignedTransaction;
    json = new TextDecoder('utf-8', { fatal: true }).decode(fromHex(hex));
    value = JSON.parse(json);
  } catch {
    return undefined; // not an activity, not hex, not UTF-8 or not JSON: opaque
  }
  // Canonical form only: JSON.parse keeps the last of two equal keys while another
  // reader may keep the first; re-serialising drops the repeat, so the two differ.
  if (isObject(value) && JSON.stringify(value) !== json)
    refuse('unsignedTransaction', 'is not canonical JSON (a repeated key or another spelling)');
  return value;
}

/** Reads each field of `FIELDS` from `source` in order, so the first bad one is named. */
function readFields(get: (key: string, path: string) => unknown, field: (key: string, path: string) => string) {
  return Object.fromEntries(
    FIELDS.map(([key, path, read]) => [key, read(get(key, path), field(key, path))]),
  ) as unknown as QuoteCommitment;
}

/**
 * Reads the payment a SIGN_TRANSACTION payload commits to. Undefined when its
 * `unsignedTransaction` is not a JSON object (an opaque transaction); an
 * object that is not exactly the commitment (a member missing, unknown or
 * malformed, or not canonical JSON) is refused with QUOTE_NOT_SIGNABLE naming
 * the field.
 */
export function quoteCommitment(payload: string): QuoteCommitment | undefined {
  const c = transactionJson(payload);
  if (!isObject(c)) return undefined;
  const at = (key: string) => `unsignedTransaction.${key}`;
  onlyKnown(
    c,
    FIELDS.map(([key]) => key),
    'unsignedTransaction',
  );
  for (const key of ['sendingCurrency', 'receivingCurrency']) {
    const value = c[key];
    if (isObject(value)) onlyKnown(value, ['code', 'decimals'], at(key));
  }
  return readFields((key) => c[key], at);
}

/** Refuses the first difference, naming the quote's field (`sendingCurrency.decimals`). */
function same(shown: unknown, committed: unknown, field: string): void {
  if (isObject(shown) && isObject(committed)) {
    for (const key of Object.keys(shown)) same(shown[key], committed[key], `${field}.${key}`);
  } else if (shown !== committed) refuse(field, 'differs from the payment to sign');
}

/**
 * Checks a quote against its payload and returns what to show and sign.
 * Throws QUOTE_NOT_SIGNABLE naming the first field that is malformed, that
 * differs from the commitment, or (with `accountId`) that names another
 * source wallet. Expiry is the caller's to check, on the server's clock.
 */
export function verifyQuote(input: Quote, options: ApproveQuoteOptions & { accountId?: string } = {}): VerifiedQuote {
  let quote: Quote;
  try {
    // One private copy, read once: a getter or a later edit of the host's object changes nothing here.
    quote = JSON.parse(JSON.stringify(input)) as Quote;
  } catch {
    refuse('data', 'is not JSON');
  }
  if (!isObject(quote)) refuse('data', 'is missing');
  const payloadToSign = quotePayload(quote);
  if (payloadToSign === undefined) refuse('paymentInstructions', 'has no embedded-wallet payload to sign');
  const shown = readFields(
    (_, path) => path.split('.').reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), quote),
    (_, path) => path,
  );
  const committed = quoteCommitment(payloadToSign);
  if (committed) for (const [key, path] of FIELDS) same(shown[key], committed[key], path);
  else if (!options.allowUnverifiedPayment)
    refuse('payloadToSign', 'states no payment that can be checked against the quote');
  if (options.accountId !== undefined && shown.sourceAccountId !== options.accountId)
    refuse('source.accountId', 'is not this wallet');
  const view = committed ?? shown;
  return { ...view, verified: committed !== undefined, quote, payloadToSign, expiresAtMs: Date.parse(view.expiresAt) };
}
