/**
 * What you see is what you sign. A quote reaches the widget through the
 * host's backend and the relay, both of which may be wrong or hostile
 * (PROTOCOL.md), while the signature only covers `payloadToSign`. So every
 * value `<ew-approve-quote>` shows is read from what the payload commits to,
 * and the quote's own copy of it must agree, field by field. The sandbox's
 * commitment is canonical JSON, hex-encoded in `parameters.unsignedTransaction`
 * (docs/sandbox.md, "Quotes"). A payload that commits to nothing readable
 * (an opaque chain transaction) is refused unless the host opts in, and then
 * the element says the details cannot be verified.
 */
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

function amount(value: unknown, field: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) refuse(field, 'is not a whole number of smallest units');
  return value as number;
}

function currency(value: unknown, field: string): CheckedCurrency {
  const c = isObject(value) ? value : {};
  const decimals = c['decimals'];
  if (!Number.isInteger(decimals) || (decimals as number) < 0 || (decimals as number) > 18)
    refuse(`${field}.decimals`, 'is not between 0 and 18');
  return { code: text(c['code'], `${field}.code`, CODE, 16), decimals: decimals as number };
}

function rate(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) refuse(field, 'is not a positive number');
  return value;
}

function timeMs(value: unknown, field: string): number {
  const ms = Date.parse(text(value, field, TIME, 40));
  if (!Number.isFinite(ms)) refuse(field, 'is not a valid date');
  return ms;
}

/** The payload an embedded-wallet quote asks the wallet to sign. */
export function quotePayload(quote: Quote): string | undefined {
  const instructions = isObject(quote) && Array.isArray(quote.paymentInstructions) ? quote.paymentInstructions : [];
  const payload = instructions.find((p) => p?.accountOrWalletInfo?.accountType === 'EMBEDDED_WALLET')
    ?.accountOrWalletInfo?.payloadToSign;
  return typeof payload === 'string' ? payload : undefined;
}

/** The JSON text in a SIGN_TRANSACTION payload's `unsignedTransaction`, if it holds any. */
function transactionJson(payload: string): unknown {
  try {
    const hex = (JSON.parse(payload) as { parameters?: { unsignedTransaction?: unknown } }).parameters
      ?.unsignedTransaction;
    if (typeof hex !== 'string' || !/^([0-9a-f]{2})+$/i.test(hex)) return undefined;
    const bytes = new Uint8Array(hex.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    const json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const value: unknown = JSON.parse(json);
    // Canonical form only: JSON.parse keeps the last of two equal keys while another
    // reader may keep the first, and re-serialising drops the repeat, so they differ.
    if (isObject(value) && JSON.stringify(value) !== json)
      refuse('unsignedTransaction', 'is not canonical JSON (a repeated key or another spelling)');
    return value;
  } catch (error) {
    if (error instanceof WalletError) throw error;
    return undefined; // not an activity, not hex, not UTF-8 or not JSON: opaque
  }
}

const KEYS = [
  'quoteId',
  'sourceAccountId',
  'destinationAccountId',
  'sendingAmount',
  'sendingCurrency',
  'receivingAmount',
  'receivingCurrency',
  'fees',
  'exchangeRate',
  'expiresAt',
];

/** Refuses a member the commitment does not define: it could carry meaning the user never saw. */
function onlyKnown(value: Record<string, unknown>, known: string[], field: string): void {
  const odd = Object.keys(value).find((k) => !known.includes(k));
  // The name is the sender's: shown only as printable ASCII, shortened.
  if (odd !== undefined)
    refuse(`${field}.${odd.slice(0, 64).replace(/[^\x21-\x7e]/g, '?')}`, 'is not part of a quote commitment');
}

/**
 * Reads the payment a SIGN_TRANSACTION payload commits to. Undefined when its
 * `unsignedTransaction` is not JSON (an opaque transaction); a JSON object
 * that is not exactly the commitment (a field missing, unknown or malformed)
 * is refused with QUOTE_NOT_SIGNABLE naming the field.
 */
export function quoteCommitment(payload: string): QuoteCommitment | undefined {
  const c = transactionJson(payload);
  if (!isObject(c)) return undefined;
  const at = (key: string) => `unsignedTransaction.${key}`;
  onlyKnown(c, KEYS, 'unsignedTransaction');
  for (const key of ['sendingCurrency', 'receivingCurrency']) {
    const value = c[key];
    if (isObject(value)) onlyKnown(value, ['code', 'decimals'], at(key));
  }
  return {
    quoteId: text(c['quoteId'], at('quoteId'), ID, 256),
    sourceAccountId: text(c['sourceAccountId'], at('sourceAccountId'), ID, 256),
    destinationAccountId: text(c['destinationAccountId'], at('destinationAccountId'), ID, 256),
    sendingAmount: amount(c['sendingAmount'], at('sendingAmount')),
    sendingCurrency: currency(c['sendingCurrency'], at('sendingCurrency')),
    receivingAmount: amount(c['receivingAmount'], at('receivingAmount')),
    receivingCurrency: currency(c['receivingCurrency'], at('receivingCurrency')),
    fees: amount(c['fees'], at('fees')),
    exchangeRate: rate(c['exchangeRate'], at('exchangeRate')),
    expiresAt: (timeMs(c['expiresAt'], at('expiresAt')), c['expiresAt'] as string),
  };
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
  const expiresAtMs = timeMs(quote.expiresAt, 'expiresAt');
  const shown: QuoteCommitment = {
    quoteId: text(quote.id, 'id', ID, 256),
    sourceAccountId: text(quote.source?.accountId, 'source.accountId', ID, 256),
    destinationAccountId: text(quote.destination?.accountId, 'destination.accountId', ID, 256),
    sendingAmount: amount(quote.totalSendingAmount, 'totalSendingAmount'),
    sendingCurrency: currency(quote.sendingCurrency, 'sendingCurrency'),
    receivingAmount: amount(quote.totalReceivingAmount, 'totalReceivingAmount'),
    receivingCurrency: currency(quote.receivingCurrency, 'receivingCurrency'),
    fees: amount(quote.feesIncluded, 'feesIncluded'),
    exchangeRate: rate(quote.exchangeRate, 'exchangeRate'),
    expiresAt: quote.expiresAt,
  };
  const committed = quoteCommitment(payloadToSign);
  if (committed) {
    const pairs: [string, unknown, unknown][] = [
      ['id', shown.quoteId, committed.quoteId],
      ['source.accountId', shown.sourceAccountId, committed.sourceAccountId],
      ['destination.accountId', shown.destinationAccountId, committed.destinationAccountId],
      ['totalSendingAmount', shown.sendingAmount, committed.sendingAmount],
      ['sendingCurrency.code', shown.sendingCurrency.code, committed.sendingCurrency.code],
      ['sendingCurrency.decimals', shown.sendingCurrency.decimals, committed.sendingCurrency.decimals],
      ['totalReceivingAmount', shown.receivingAmount, committed.receivingAmount],
      ['receivingCurrency.code', shown.receivingCurrency.code, committed.receivingCurrency.code],
      ['receivingCurrency.decimals', shown.receivingCurrency.decimals, committed.receivingCurrency.decimals],
      ['feesIncluded', shown.fees, committed.fees],
      ['exchangeRate', shown.exchangeRate, committed.exchangeRate],
      ['expiresAt', expiresAtMs, Date.parse(committed.expiresAt)],
    ];
    for (const [field, a, b] of pairs) if (a !== b) refuse(field, 'differs from the payment to sign');
  } else if (!options.allowUnverifiedPayment) {
    refuse('payloadToSign', 'states no payment that can be checked against the quote');
  }
  if (options.accountId !== undefined && shown.sourceAccountId !== options.accountId)
    refuse('source.accountId', 'is not this wallet');
  return { ...(committed ?? shown), verified: committed !== undefined, quote, payloadToSign, expiresAtMs };
}
