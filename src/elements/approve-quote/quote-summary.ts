/**
 * What `<ew-approve-quote>` says about a quote, in named parts: the quote as
 * checked and formatted (`showQuote`), the summary of what is paid, and the
 * receipt once approved. Every value shown comes from the verified view of
 * the quote (client/verify-quote.ts), never from the host's object.
 */
import { html, nothing } from 'lit';
import { verifyQuote, type Quote, type VerifiedQuote } from '../../client/index.js';
import type { CheckedCurrency } from '../../client/index.js';
import { formatAmount, usableLocale, visibleLabel } from '../shared/format.js';
import type { WalletStrings } from '../strings/index.js';

/** Where an approved payment stands (set by the host from the service's answers). */
/**
 * "1 USD = 0.9259 EUR" (exchangeRate is sending units per receiving unit): four decimals, as
 * rates are quoted, or four significant digits for a rate too small for them.
 */
export function formatRate(
  rate: number,
  sending: CheckedCurrency,
  receiving: CheckedCurrency,
  locale?: string,
): string {
  const inverse = 1 / rate;
  const digits = inverse >= 0.01 ? { maximumFractionDigits: 4 } : { maximumSignificantDigits: 4 };
  return `1 ${sending.code} = ${new Intl.NumberFormat(locale, digits).format(inverse)} ${receiving.code}`;
}

/** What the summary is drawn from (`<ew-approve-quote>`'s properties): a change to any redraws it, and disarms Approve. */
export const SHOWN_FROM = [
  'quote',
  'allowUnverifiedPayment',
  'destinationLabel',
  'appName',
  'resolvedLocale',
  'strings',
  'client',
] as const;

export type PaymentStatus = 'processing' | 'completed' | 'failed';

/** What the summary shows, formatted once from a verified quote. */
export interface Shown {
  view: VerifiedQuote;
  send: string;
  receive: string;
  fees: string;
  /** Undefined when both sides are in one currency: "1 USD = 1 USD" says nothing. */
  rate: string | undefined;
  label: string | undefined;
}

export interface ShowOptions {
  allowUnverifiedPayment: boolean;
  /** The signed-in wallet: another wallet's quote is refused (never shows an Approve). */
  accountId: string | undefined;
  locale: string | undefined;
  destinationLabel: string | undefined;
}

/** The quote checked against what its payload commits to, and formatted; throws when it is refused. */
export function showQuote(quote: Quote, options: ShowOptions): Shown {
  const { accountId } = options;
  const view = verifyQuote(quote, {
    allowUnverifiedPayment: options.allowUnverifiedPayment,
    ...(accountId === undefined ? {} : { accountId }),
  });
  const { sendingCurrency: sending, receivingCurrency: receiving } = view;
  const locale = usableLocale(options.locale);
  return {
    view,
    send: formatAmount(view.sendingAmount, sending, locale),
    receive: formatAmount(view.receivingAmount, receiving, locale),
    fees: formatAmount(view.fees, sending, locale),
    rate: sending.code === receiving.code ? undefined : formatRate(view.exchangeRate, sending, receiving, locale),
    label: options.destinationLabel ? visibleLabel(options.destinationLabel) : undefined,
  };
}

/** What is paid (the largest words on the screen), at what rate and cost, and what arrives. */
export function quoteSummary(shown: Shown, s: WalletStrings) {
  return html`<dl part="summary">
    <dt class="send">${s.youSend}</dt>
    <dd class="send">${shown.send}</dd>
    <dt>${s.fees}</dt>
    <dd>${shown.fees}</dd>
    ${
      shown.rate === undefined
        ? nothing
        : html`<dt>${s.rate}</dt>
            <dd>${shown.rate}</dd>`
    }
    <dt class="total">${s.recipientGets}</dt>
    <dd class="total amount">${shown.receive}</dd>
  </dl>`;
}

/**
 * Seconds left at which the countdown is announced (to screen readers): once a minute is
 * left and once ten seconds are, not every second.
 */
const ANNOUNCE_AT_S = [60, 10];

/** The time left to approve, in a neutral colour; announced only at ANNOUNCE_AT_S. */
export function countdown(msLeft: number, s: WalletStrings) {
  const secondsLeft = Math.max(0, Math.ceil(msLeft / 1000));
  const announce = ANNOUNCE_AT_S.filter((at) => secondsLeft <= at).at(-1);
  return html`<p part="message" class="muted countdown" aria-live="off">
      ${s.expiresIn(Math.floor(secondsLeft / 60), secondsLeft % 60)}
    </p>
    <p class="visually-hidden" aria-live="polite">
      ${announce ? s.expiresIn(Math.floor(announce / 60), announce % 60) : ''}
    </p>`;
}
