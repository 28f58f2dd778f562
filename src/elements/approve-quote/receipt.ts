/**
 * @license Icon outlines from Lucide 1.62.0 (https://lucide.dev, npm `lucide-static`):
 * ISC License, Copyright (c) 2026 Lucide Icons and Contributors. Permission to use, copy,
 * modify, and/or distribute this software for any purpose with or without fee is hereby
 * granted, provided that the above copyright notice and this permission notice appear in all copies.
 */
/**
 * The receipt `<ew-approve-quote>` becomes once approved: a mark (check, cross, or the spinner
 * while the payment is on its way), where the payment stands in the user's words, the next step
 * after a failure, when it last changed (in the element's locale), the quote's id to quote to
 * support (shortened, with a copy button; whole in its title and on the clipboard), and Done.
 * The amounts stay above it (quote-summary.ts).
 */
import { html, nothing, type LitElement, type ReactiveController } from 'lit';
import { EwPaymentSettledEvent } from '../events/payment-settled.js';
import { EwReceiptDoneEvent } from '../events/receipt-done.js';
import { icon, spinner } from '../icons/icons.js';
import type { WalletStrings } from '../strings/index.js';
import type { PaymentStatus } from './quote-summary.js';

/**
 * `ew-payment-settled` when the host's `status` says the payment reached its end (money moved: a
 * wallet above reads its balance again, and says so). In the wallet's frame (`framed`) only for a
 * payment approved there, never on the host's word alone.
 */
export function settledEvent(
  status: PaymentStatus | undefined,
  approval: { quoteId: string } | undefined,
  framed: boolean,
): EwPaymentSettledEvent | undefined {
  if ((status !== 'completed' && status !== 'failed') || (framed && !approval)) return undefined;
  return new EwPaymentSettledEvent({ quoteId: approval?.quoteId, status });
}

/** Lucide's circle-* ring (a circle of radius 10 about the centre) as arcs. */
const RING = 'M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0';
/** Lucide `circle-check`. */
const SUCCESS = `${RING}M16 9l-5.5 5.5L8 12`;
/** Lucide `circle-x`. */
const FAILURE = `${RING}M15 9l-6 6M9 9l6 6`;
/** Lucide `copy` (its rect as a path). */
const COPY =
  'M10 8h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2zM4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2';

/** "Quote:019…c3f2" → "019…c3f2": enough to tell two apart and read it out; the whole id is copied. */
export function shortReference(id: string): string {
  const bare = id.slice(id.indexOf(':') + 1);
  return bare.length > 14 ? `${bare.slice(0, 8)}…${bare.slice(-4)}` : bare;
}

/** What the receipt reads from `<ew-approve-quote>`. */
type Host = LitElement & {
  quote: unknown;
  status: PaymentStatus | undefined;
  failureReason: string | undefined;
  /** The locale the element speaks (shared/locale.ts). */
  resolvedLocale: string;
};

/** When the receipt last changed, what its copy button said, and Done. */
export class Receipt implements ReactiveController {
  private at: Date | undefined;
  /** The status and quote `at` is the time of. */
  private seen: PaymentStatus | undefined;
  private for: string | undefined;
  private notice: string | undefined;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  /** A new status is a new time on the receipt (taken when it is drawn). */
  hostUpdate(): void {
    if (this.host.status === this.seen) return;
    this.seen = this.host.status;
    this.at = this.notice = undefined;
  }

  /** Done: the host hears it, the receipt goes (the empty state, which takes the focus). */
  private async done(quoteId: string): Promise<void> {
    const host = this.host;
    host.dispatchEvent(new EwReceiptDoneEvent({ quoteId, status: host.status }));
    host.quote = undefined;
    await host.updateComplete;
    host.renderRoot.querySelector<HTMLElement>('[part~="empty"]')?.focus();
  }

  private async copy(id: string, s: WalletStrings): Promise<void> {
    this.notice = await navigator.clipboard.writeText(id).then(
      () => s.copied,
      () => s.copyFailed,
    );
    this.host.requestUpdate();
  }

  /**
   * The receipt. Its status is one line whatever the status, so the focus put on it after
   * approval stays there as the host advances it. `live`: the line says its changes itself;
   * inside a wallet, the wallet's one live region says them instead (said once).
   */
  render(quoteId: string, s: WalletStrings, live: boolean) {
    const { status, failureReason } = this.host;
    const state = status ?? 'processing';
    const failed = state === 'failed';
    const reason =
      failed && failureReason && Object.hasOwn(s.failureReasons, failureReason)
        ? s.failureReasons[failureReason]
        : undefined;
    // First drawn for this approval, or for its new status: that is the receipt's time.
    if (!this.at || this.for !== quoteId) {
      this.at = new Date();
      this.for = quoteId;
    }
    const at = this.at;
    const time = new Intl.DateTimeFormat(this.host.resolvedLocale, { dateStyle: 'medium', timeStyle: 'short' });
    // The mark is inside the status line: a press anywhere on it keeps the focus there.
    const mark = html`<span class="mark"
      >${state === 'processing' ? spinner() : icon(state === 'completed' ? SUCCESS : FAILURE)}</span
    >`;
    const words = failed
      ? html`${s.paymentFailed}${reason ? ` ${reason}` : nothing}`
      : state === 'completed'
        ? s.paymentCompleted
        : s.paymentProcessing;
    return html`<div part="receipt" data-state=${state}>
      <p
        part=${failed ? 'error status' : 'message status'}
        role=${live ? (failed ? 'alert' : 'status') : nothing}
        tabindex="-1"
        data-status=${state}
      >
        ${mark}<span>${words}</span>
      </p>
      ${state === 'failed' ? html`<p class="next">${s.paymentFailedNext}</p>` : nothing}
      <dl class="receipt-facts">
        <dt>${s.receiptTime}</dt>
        <dd><time datetime=${at.toISOString()}>${time.format(at)}</time></dd>
        <dt>${s.receiptReference}</dt>
        <dd class="reference">
          <code part="reference" title=${quoteId} translate="no">${shortReference(quoteId)}</code>
          <button class="link" type="button" aria-label=${s.copyReference} @click=${() => this.copy(quoteId, s)}>
            ${icon(COPY)}
          </button>
        </dd>
      </dl>
      <p class="muted" role="status">${this.notice ?? ''}</p>
      <button
        part="done"
        type="button"
        class=${state === 'processing' ? 'secondary' : ''}
        @click=${() => this.done(quoteId)}
      >
        ${s.done}
      </button>
    </div>`;
  }
}
