/** Money, rates and host-given labels for display (the approval, the wallet's balance), localised with Intl. */
import type { CheckedCurrency } from '../../client/index.js';

/**
 * An amount in the currency's smallest unit as an exact decimal string
 * (2500, 2 decimals -> "25.00"): no floating-point division, so what is shown
 * is digit for digit what was checked.
 */
function decimalString(amount: number, decimals: number): string {
  const digits = String(amount).padStart(decimals + 1, '0');
  return decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
}

/**
 * `locale` if it is a well-formed language tag, else undefined (the page's): a malformed tag must not
 * stop the quote from showing. A syntax check only: asking Intl which locales it has data for
 * (`supportedLocalesOf`) made engines list every locale they know, some 20 ms on a cold page, on the
 * way to the first sign-in screen. A well-formed tag Intl has no data for is formatted in its fallback.
 */
export function usableLocale(locale: string | undefined): string | undefined {
  try {
    // None (undefined) is an empty list; an empty or malformed tag throws.
    return Intl.getCanonicalLocales(locale).length ? locale : undefined;
  } catch {
    return undefined;
  }
}

/** An amount in the currency's smallest unit, with its decimals and code (e.g. 2500 USD -> "$25.00"). */
export function formatAmount(amount: number, currency: CheckedCurrency, locale?: string): string {
  // Intl formats a decimal string exactly (Intl.NumberFormat v3; older engines read it as a number).
  const value = decimalString(amount, currency.decimals) as Intl.StringNumericLiteral;
  const digits = { minimumFractionDigits: currency.decimals, maximumFractionDigits: currency.decimals };
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.code, ...digits }).format(value);
  } catch {
    // Not an ISO 4217 code (e.g. a crypto ticker): number plus the code.
    return `${new Intl.NumberFormat(locale, digits).format(value)} ${currency.code}`;
  }
}

const LABEL_MAX = 80;

/**
 * A host- or relay-given text made safe to show (a label, a nickname, where a
 * code went): control, format (bidi overrides,
 * zero-width) and separator characters become visible `[U+202E]` marks so
 * they cannot reorder or hide text, and it is cut at 80 characters.
 */
export function visibleLabel(label: string): string {
  const chars = [...label.slice(0, 4 * LABEL_MAX)];
  const shown = chars
    .slice(0, LABEL_MAX)
    .join('')
    .replace(
      /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu,
      (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`,
    );
  return chars.length > LABEL_MAX ? `${shown}…` : shown;
}
