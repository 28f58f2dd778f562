import { html, LitElement, nothing, type PropertyValues } from 'lit';
import type { Quote, QuoteApproval, WalletClient } from '../../client/index.js';
import { EwSignatureEvent } from '../events/signature.js';
import { CODE_SLOT } from '../shared/code-slot.js';
import { ClientController } from '../shared/client-controller.js';
import { ServerTimeController } from '../shared/server-time.js';
import { errorText } from '../shared/error-text.js';
import { resolveStrings, type WalletStrings } from '../shared/strings.js';
import { themeStyles } from '../shared/theme.styles.js';
import { approveQuoteStyles } from './approve-quote.styles.js';
import { formatAmount, formatRate } from './format.js';

/** How long the button must have been fully in view, and the layout still, before it arms. */
const ARM_AFTER_MS = 600;

/**
 * Shows what a payment quote will do and asks the user to approve it. On
 * approval the wallet signs the quote's payload (no network call) and the
 * element emits `ew-signature` for the host's backend to execute the quote.
 * The approve button arms only after it has been visible and still for a
 * moment (against clickjacking), one approval gives one signature, an expired
 * quote is refused, and a payload that states a different payment than the one
 * shown is refused (what you see is what you sign). When the session has ended
 * the user signs in again right here.
 *
 * @summary Approve a payment quote.
 * @tagname ew-approve-quote
 * @slot ew-code - Used by the elements themselves for the code field of re-authentication.
 * @csspart base - The wrapper.
 * @csspart summary - The amounts table.
 * @csspart submit - The approve button.
 * @csspart message - Success and countdown text.
 * @csspart error - The error message.
 * @event {EwSignatureEvent} ew-signature - The approval: signature, quote id, idempotency key, session expiry.
 * @event {EwErrorEvent} ew-error - Signing was refused or failed.
 */
export class EwApproveQuote extends LitElement {
  static override styles = [themeStyles, approveQuoteStyles];
  static override properties = {
    client: { attribute: false },
    quote: { attribute: false },
    locale: {},
    strings: { attribute: false },
    armed: { state: true },
    approval: { state: true },
  };

  declare client: WalletClient | undefined;
  /** The quote to approve, as your backend received it from the service. */
  declare quote: Quote | undefined;
  /** Locale for amounts (default: the page's). */
  declare locale: string | undefined;
  declare strings: Partial<WalletStrings> | undefined;
  declare private armed: boolean;
  declare private approval: QuoteApproval | undefined;

  private readonly wallet = new ClientController(this);
  private observer: IntersectionObserver | undefined;
  private armTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly clock = new ServerTimeController(this);

  constructor() {
    super();
    this.armed = false;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.armTimer);
    this.observer?.disconnect();
    this.observer = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('quote')) {
      this.approval = undefined;
      this.wallet.reset();
    }
  }

  protected override updated(): void {
    const button = this.renderRoot.querySelector<HTMLButtonElement>('[part~="submit"]');
    if (!button) {
      this.observer?.disconnect();
      this.observer = undefined;
      return;
    }
    if (this.observer) return;
    // Arm only when the whole button has been visible and not moving for a moment; any
    // change (scrolled away, covered by a resize) disarms and restarts the wait.
    this.observer = new IntersectionObserver(
      ([entry]) => {
        clearTimeout(this.armTimer);
        this.armed = false;
        if (entry && entry.intersectionRatio >= 0.99)
          this.armTimer = setTimeout(() => (this.armed = true), ARM_AFTER_MS);
      },
      { threshold: [0, 0.99, 1] },
    );
    this.observer.observe(button);
  }

  /** Approves: signs the quote's payload and emits `ew-signature`. Resolves to the approval, or undefined. */
  async approve(): Promise<QuoteApproval | undefined> {
    const { client, quote } = this;
    if (!client || !quote || this.approval) return this.approval;
    const approval = await this.wallet.run('approveQuote', () => client.approveQuote(quote));
    if (approval) {
      this.approval = approval;
      this.dispatchEvent(new EwSignatureEvent({ ...approval }));
    }
    return approval;
  }

  private onClick(): void {
    if (this.armed) void this.approve();
  }

  protected override render() {
    const s = resolveStrings(this.strings);
    const quote = this.quote;
    if (!quote) return html`<div part="base"><p class="muted">${s.loading}</p></div>`;
    const { pending, error } = this.wallet;
    const msLeft = Date.parse(quote.expiresAt) - this.clock.now;
    const expired = msLeft <= 0;
    const signedIn = this.client?.state.status === 'signed-in';
    return html`<div part="base">
      <h2>${s.approveTitle}</h2>
      <dl part="summary">
        <dt>${s.youSend}</dt>
        <dd>${formatAmount(quote.totalSendingAmount, quote.sendingCurrency, this.locale)}</dd>
        <dt>${s.recipientGets}</dt>
        <dd>${formatAmount(quote.totalReceivingAmount, quote.receivingCurrency, this.locale)}</dd>
        <dt>${s.fees}</dt>
        <dd>${formatAmount(quote.feesIncluded, quote.sendingCurrency, this.locale)}</dd>
        <dt>${s.rate}</dt>
        <dd>${formatRate(quote.exchangeRate, quote.sendingCurrency, quote.receivingCurrency, this.locale)}</dd>
        <dt>${s.destination}</dt>
        <dd>${quote.destination.accountId}</dd>
      </dl>
      ${
        this.approval
          ? html`<p part="message" role="status">${s.approved}</p>`
          : expired
            ? html`<p part="error" role="alert">${s.quoteExpired}</p>`
            : !signedIn
              ? html`<p role="status">${s.reauthToApprove}</p>
                  <ew-sign-in .client=${this.client} .strings=${this.strings}
                    ><slot name=${CODE_SLOT} slot=${CODE_SLOT}></slot
                  ></ew-sign-in>`
              : html`<p part="message" class="muted" aria-live="off">${s.expiresIn(Math.ceil(msLeft / 1000))}</p>
                  <button
                    part="submit"
                    type="button"
                    aria-describedby="arm-hint"
                    ?disabled=${pending || !this.armed}
                    @click=${() => this.onClick()}
                  >
                    ${pending ? html`<span part="spinner" aria-hidden="true"></span>${s.approving}` : s.approve}
                  </button>
                  <p id="arm-hint" class="muted">${this.armed ? '' : s.armHint}</p>`
      }
      <div aria-live="polite">${error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing}</div>
    </div>`;
  }
}
