/**
 * The sandbox's fixed currency table: what each currency is called, its
 * smallest unit, its value against the US dollar and the rail a payment in it
 * takes. The service prices from live rates (cached for about 5
 * minutes); the sandbox keeps them fixed so quotes are reproducible
 * (docs/sandbox.md, "Rates and fees").
 */

/** A currency as the wire shows it. */
export interface Currency {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
}

interface CurrencyEntry extends Currency {
  /** US dollars per one whole unit, in ten-thousandths: exact integers keep conversions exact. */
  usdPer10k: bigint;
  /** The rail a payout in this currency takes (a transaction's `paymentRail`). */
  rail: string;
}

const TABLE: Record<string, CurrencyEntry> = {
  USD: { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2, usdPer10k: 10_000n, rail: 'ACH' },
  EUR: { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2, usdPer10k: 10_800n, rail: 'SEPA_INSTANT' },
  MXN: { code: 'MXN', name: 'Mexican Peso', symbol: 'MX$', decimals: 2, usdPer10k: 550n, rail: 'SPEI' },
  AED: { code: 'AED', name: 'UAE Dirham', symbol: 'AED', decimals: 2, usdPer10k: 2_723n, rail: 'BANK_TRANSFER' },
  BRL: { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', decimals: 2, usdPer10k: 1_800n, rail: 'PIX' },
};

/** The codes the sandbox can hold, quote and pay out. */
export const CURRENCY_CODES = Object.keys(TABLE);

/** The entry for `code`, or undefined when the sandbox does not deal in it. */
export function currencyEntry(code: string): CurrencyEntry | undefined {
  return Object.hasOwn(TABLE, code) ? TABLE[code] : undefined;
}

/** The wire form of a currency of the table (`code` must be one: the records only hold those). */
export function currencyJson(code: string): Currency {
  const entry = currencyEntry(code);
  if (!entry) throw new RangeError(`${code} is not in the sandbox's currency table`);
  const { name, symbol, decimals } = entry;
  return { code, name, symbol, decimals };
}

/**
 * How many smallest units of `to` one smallest unit of `from` is worth at the
 * table's rates, as the exact fraction `num / den` (both codes of the table).
 */
export function conversion(from: string, to: string): { num: bigint; den: bigint } {
  const a = currencyEntry(from);
  const b = currencyEntry(to);
  if (!a || !b) throw new RangeError(`${from} or ${to} is not in the sandbox's currency table`);
  return { num: 10n ** BigInt(b.decimals) * a.usdPer10k, den: 10n ** BigInt(a.decimals) * b.usdPer10k };
}

/** The payment rail of a payout in `code`. */
export const railOf = (code: string): string => currencyEntry(code)?.rail ?? 'BANK_TRANSFER';
