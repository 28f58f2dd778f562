/**
 * How the sandbox prices a quote (docs/sandbox.md, "Rates and fees"): the fixed rate of the currency
 * table, a fixed fee and a variable fee, all in the sending currency. Amounts
 * are whole smallest units computed exactly in BigInt and rounded in the
 * customer's favour; a result past 2^53 - 1 is refused, so the wallet never
 * signs a rounded amount. The rules, with numbers, are in docs/sandbox.md
 * ("Rates and fees").
 */
import { conversion, currencyEntry } from './currencies.js';
import { invalidInput } from './http-error.js';
import type { RateDetails } from './store.js';

/** The fee schedule by corridor. Fixed fees in the sending currency's smallest unit; variable in basis points. */
export const FEES = {
  /** Same currency (USD to a USD account): a flat 50 cents, as the sandbox always charged. */
  sameCurrency: { fixed: 50n, variableBps: 0n },
  /** Cross-currency: 1.00 of the sending currency plus 0.5 % of what is converted. */
  crossCurrency: { fixed: 100n, variableBps: 50n },
};

const BPS = 10_000n;

export interface QuoteRequest {
  sendingCurrency: string;
  receivingCurrency: string;
  /** Which side `amount` fixes (the request's `lockedCurrencySide`). */
  lockedSide: 'SENDING' | 'RECEIVING';
  /** A positive safe integer, in the locked side's smallest unit. */
  amount: number;
}

export interface QuotePrice {
  sendingAmount: number;
  receivingAmount: number;
  /** In the sending currency's smallest unit. */
  fees: number;
  /** Sending units per receiving unit. */
  exchangeRate: number;
  rateDetails: RateDetails;
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

function safe(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER))
    throw invalidInput(`lockedCurrencyAmount is too large: the ${what} would pass ${Number.MAX_SAFE_INTEGER}`);
  return Number(value);
}

/**
 * Prices a quote. Sending amount = converted amount + fixed fee + variable fee,
 * where the variable fee is the rate times (sending amount - fixed fee), rounded
 * down. SENDING locked: the receiving amount is rounded up. RECEIVING locked: the
 * converted amount is rounded down, then the smallest sending amount that
 * covers it and its fees is charged.
 */
export function priceQuote(request: QuoteRequest): QuotePrice {
  const sending = currencyEntry(request.sendingCurrency);
  const receiving = currencyEntry(request.receivingCurrency);
  if (!sending || !receiving) throw new RangeError('priceQuote takes currencies of the table');
  const fee = sending.code === receiving.code ? FEES.sameCurrency : FEES.crossCurrency;
  // receiving smallest units = sending smallest units * num / den
  const { num, den } = conversion(sending.code, receiving.code);
  const amount = BigInt(request.amount);

  let sendingAmount: bigint;
  let converted: bigint;
  let receivingAmount: bigint;
  if (request.lockedSide === 'SENDING') {
    const gross = amount - fee.fixed;
    if (gross <= 0n) throw invalidInput(`lockedCurrencyAmount must be an integer above the ${fee.fixed} fee`);
    converted = gross - (gross * fee.variableBps) / BPS;
    sendingAmount = amount;
    receivingAmount = ceilDiv(converted * num, den);
  } else {
    converted = (amount * den) / num;
    if (converted <= 0n)
      throw invalidInput('lockedCurrencyAmount is too small: it is worth less than one smallest sending unit');
    // The smallest gross whose variable fee leaves `converted`: the estimate covers it, and
    // gross - fee(gross) grows by at most 1 per step, so stepping back finds the least one.
    let gross = ceilDiv(converted * BPS, BPS - fee.variableBps);
    const net = (g: bigint) => g - (g * fee.variableBps) / BPS;
    while (gross > converted && net(gross - 1n) >= converted) gross -= 1n;
    sendingAmount = gross + fee.fixed;
    receivingAmount = amount;
  }
  const gross = sendingAmount - fee.fixed;
  const variable = gross - converted;
  return {
    sendingAmount: safe(sendingAmount, 'sending amount'),
    receivingAmount: safe(receivingAmount, 'receiving amount'),
    fees: safe(fee.fixed + variable, 'fee'),
    // Both scaled rates are exact integers, so this is the closest double to the table's rate.
    exchangeRate: Number(receiving.usdPer10k) / Number(sending.usdPer10k),
    rateDetails: {
      counterpartyMultiplier: 1,
      counterpartyFixedFee: 0,
      serviceApiMultiplier: Number(num) / Number(den),
      serviceApiFixedFee: Number(fee.fixed),
      serviceApiVariableFeeRate: Number(fee.variableBps) / Number(BPS),
      serviceApiVariableFeeAmount: Number(variable),
    },
  };
}
