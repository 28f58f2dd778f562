/** Money and time for quote display, localised with Intl. */
import type { Currency } from '../../client/index.js';

/** An amount in the currency's smallest unit, with its decimals and symbol (e.g. 2500 USD -> "$25.00"). */
export function formatAmount(amount: number, currency: Currency, locale?: string): string {
  const value = amount / 10 ** currency.decimals;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.code,
      minimumFractionDigits: currency.decimals,
      maximumFractionDigits: currency.decimals,
    }).format(value);
  } catch {
    // Not an ISO 4217 code (e.g. a crypto ticker): number plus the code.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: currency.decimals, maximumFractionDigits: currency.decimals }).format(value)} ${currency.symbol ?? currency.code}`;
  }
}

/** "1 USD = 0.92 EUR" (exchangeRate is sending units per receiving unit). */
export function formatRate(rate: number, sending: Currency, receiving: Currency, locale?: string): string {
  const perSending = rate === 0 ? 0 : 1 / rate;
  return `1 ${sending.code} = ${new Intl.NumberFormat(locale, { maximumSignificantDigits: 6 }).format(perSending)} ${receiving.code}`;
}
