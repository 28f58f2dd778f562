import { html, nothing, type PropertyValues } from 'lit';
import type { Quote, QuoteApproval, VerifiedQuote } from '../../client/index.js';
import { EwErrorEvent } from '../events/error.js';
import { EwQuoteChangeEvent } from '../events/quote-change.js';
import { EwSignatureEvent } from '../events/signature.js';
import { CODE_SLOT } from '../shared/code-slot.js';
import { ServerTimeController } from '../shared/server-time.js';
import { describeError, type ErrorInfo } from '../shared/error-info.js';
import { errorText } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { WalletElement } from '../shared/wallet-element.js';
import { approveQuoteStyles } from './approve-quote.styles.js';
import { approveButton } from './approve-button.js';
import { Arming, isFramed } from './arming.js';
import { PayeeRead, payeeBlock, paymentDetails, requester } from './payee.js';
import { countdown, quoteSummary, showQuote, SHOWN_FROM, type PaymentStatus, type Shown } from './quote-summary.js';
import { ConfirmingElsewhere, type ConfirmElsewhere } from './confirm-elsewhere.js';
import { Receipt, settledEvent } from './receipt.js';

export { ARM_AFTER_MS } from './arming.js';
export type { PaymentStatus } from './quote-summary.js';

/**
 * Shows what a payment quote will do and asks the user to approve it. On
 * approval the wallet signs the quote's payload (no network call) and the
 * element emits `ew-signature` for the host's backend to execute the quote.
 *
 * What you see is what you sign: every value shown is read from what the
 * payload commits to, and a quote whose own fields differ from it (or that
 * has malformed ids, decimals, amounts or dates) is refused before anything
 * is shown, with no approve button. A payload that commits to nothing
 * readable is refused too, unless the host sets `allow-unverified-payment`;
 * the element then says plainly that the details cannot be verified. The
 * button signs the quote on screen; a new `quote` disarms it until the new
 * one has been in view for a moment (against clickjacking). One approval gives
 * one signature, an expired quote is refused, and when the session has ended
 * the user signs in again right here. After approval it is a receipt: set
 * `status` (and `failure-reason`) as your backend follows the payment.
 *
 * @summary Approve a payment quote.
 * @tagname ew-approve-quote
 * @slot ew-code - Used by the elements themselves for the code field of re-authentication.
 * @csspart base - The wrapper.
 * @csspart requester - Who asks for the approval (`app-name`).
 * @csspart payee - Whom the payment goes to: name, name check, bank and account ending, currency.
 * @csspart payee-name - The payee's name, as the wallet service reports it for the committed account.
 * @csspart payee-account - The bank, the account's last four and its currency.
 * @csspart name-check - How the bank checked the payee's name (`data-check` holds the service's status).
 * @csspart summary - The amounts table.
 * @csspart destination-label - The host's name for the destination, next to the checked account id.
 * @csspart details - "What you sign": which of what is shown the signature covers.
 * @csspart account - The destination account id, as committed to by the payload, in full under the name.
 * @csspart warning - The notice shown when the payment details cannot be verified.
 * @csspart submit - The approve button.
 * @csspart message - Success and countdown text.
 * @csspart receipt - After approval: its mark, status, time, reference and Done (`data-state` holds the status).
 * @csspart status - The receipt line after approval (processing, completed, failed).
 * @csspart reference - The quote's id on the receipt, shortened (whole in its title; its button copies it).
 * @csspart done - Done: clears the receipt (the empty state) and sends `ew-receipt-done`.
 * @csspart empty - The empty state (no quote).
 * @csspart error - The error message.
 * @event {EwSignatureEvent} ew-signature - The approval: signature, quote id, idempotency key, session expiry.
 * @event {EwReceiptDoneEvent} ew-receipt-done - Done was pressed on the receipt; the quote is cleared.
 * @event {EwQuoteChangeEvent} ew-quote-change - Another quote (or none) was set: a wallet above reads its balance again.
 * @event {EwErrorEvent} ew-error - The quote was refused, or signing failed.
 * @event {EwReadyEvent} ew-ready - A quote is shown (again for each new quote).
 * @event {EwLoadErrorEvent} ew-load-error - The quote was refused (its payload contradicts it or is malformed).
 */
export class EwApproveQuote extends WalletElement {
  /** The tag this element is registered under (elements/lazy-elements.ts). */
  static readonly tag = 'ew-approve-quote';
  protected static override providesWallet = true;
  static override styles = [themeStyles, approveQuoteStyles];
  static override properties = {
    quote: { attribute: false },
    destinationLabel: { attribute: 'destination-label' },
    appName: { attribute: 'app-name' },
    allowUnverifiedPayment: { type: Boolean, attribute: 'allow-unverified-payment' },
    allowFramed: { type: Boolean, attribute: 'allow-framed' },
    status: { reflect: true },
    failureReason: { attribute: 'failure-reason' },
    embedderOrigin: { attribute: false },
    confirmElsewhere: { attribute: false },
    approval: { state: true },
  };

  /** The quote to approve, as your backend received it from the service. */
  declare quote: Quote | undefined;
  /**
   * Your name for the destination (e.g. "Alex's checking ••1234"), shown next to the account id
   * the payload commits to, never instead of it. Invisible and direction-changing characters are
   * shown as `[U+202E]` marks; cut at 80 characters.
   */
  declare destinationLabel: string | undefined;
  /** Who asks for the approval, as the user knows your app (e.g. "Acme Pay"). Default: the page's host name. */
  declare appName: string | undefined;
  /**
   * Approve a quote whose payload states nothing the wallet can read (an opaque transaction), on
   * the quote's word alone; the element then says the details cannot be verified. A readable
   * payload that disagrees with the quote is refused either way. Default false.
   */
  declare allowUnverifiedPayment: boolean;
  /**
   * Let Approve arm when this page is shown inside a frame. Off by default: a framing page (even one of the
   * same site) can hide this one over a decoy and catch the click. Only for a frame of yours. Default false.
   */
  declare allowFramed: boolean;
  /**
   * Where the approved payment stands, as your backend learns it from the service: `processing`,
   * `completed` or `failed` (with `failure-reason`, the service's `failureReason`). Shown as a
   * receipt after approval; a new quote clears it.
   */
  declare status: PaymentStatus | undefined;
  /** The service's failure reason (e.g. `COUNTERPARTY_DELIVERY_FAILED`), said in the user's words. */
  declare failureReason: string | undefined;
  /** Set by the wallet's frame page (isolated mode, children.ts): the embedding page's origin (who asks; arming.ts). */
  declare protected embedderOrigin: string | undefined;
  /** Set by the wallet's frame page where the payment is confirmed in a window of its own (confirm-elsewhere.ts). */
  declare protected confirmElsewhere: ConfirmElsewhere | undefined;
  declare private approval: QuoteApproval | undefined;
  /** The quote as checked and formatted; the only thing rendered and signed. */
  private shown: Shown | undefined;
  /** Why the quote was refused; no summary and no button then. */
  private refused: ErrorInfo | undefined;
  private readonly arming = new Arming(this);
  private readonly clock = new ServerTimeController(this);
  private readonly payee = new PayeeRead(this, () => this.arming.disarm());
  private readonly receipt = new Receipt(this);
  private readonly elsewhere = new ConfirmingElsewhere(this);

  /** Whether a quote is on screen whose payment has not settled: a wallet above keeps it shown when the session ends. */
  get paymentPending(): boolean {
    return !!this.shown && this.status !== 'completed' && this.status !== 'failed';
  }

  /** Whether the quote on screen can still be approved (not yet approved, not expired): signed out, it offers its own sign-in. */
  get paymentApprovable(): boolean {
    return !!this.shown && !this.approval && this.shown.view.expiresAtMs > this.clock.now;
  }

  /** The account the quote on screen commits to pay (PayeeRead reads whom it belongs to). */
  destination(): string | undefined {
    return this.shown?.view.destinationAccountId;
  }

  constructor() {
    super();
    this.allowUnverifiedPayment = false;
    this.allowFramed = false;
  }

  /** Shows `error` instead of the quote: no summary, no button. */
  private refuse(error: unknown): void {
    this.shown = undefined;
    this.refused = describeError(error, 'approveQuote');
    this.dispatchEvent(new EwErrorEvent(this.refused));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Whether a frame may arm it changed: the wait starts over under the new rule.
    if (changed.has('allowFramed')) this.arming.disarm();
    if (!SHOWN_FROM.some((name) => changed.has(name))) return;
    if (changed.has('client')) this.elsewhere.cancel(); // another wallet: not what the window was answered for
    // Anything that changes what the summary says disarms: the click must approve what was read.
    this.arming.disarm();
    // A new quote starts over; the same quote in other words (a label, a language) keeps its one
    // approval, its receipt and a signing under way, so it is never signed twice.
    if (changed.has('quote')) {
      this.elsewhere.cancel();
      this.approval = this.status = this.failureReason = undefined;
      this.wallet.reset();
    }
    this.shown = this.refused = undefined;
    if (this.quote === undefined) return;
    const { allowUnverifiedPayment, destinationLabel, resolvedLocale: locale } = this;
    try {
      // Held to the signed-in wallet now, not at the click: another wallet's quote never shows an Approve.
      const accountId = this.client?.accountId;
      this.shown = showQuote(this.quote, { allowUnverifiedPayment, accountId, locale, destinationLabel });
    } catch (error) {
      this.refuse(error);
    }
    // Each quote shown is a new view: ready when it is drawn, a load error when it is refused.
    this.readiness.reset();
    if (this.shown) this.readiness.ready();
    else this.readiness.failed(this.refused);
  }

  protected override update(changed: PropertyValues<this>): void {
    try {
      super.update(changed);
    } catch (error) {
      // A quote that cannot be drawn must not leave the last one, and its armed button, on screen.
      this.arming.disarm();
      this.refuse(error);
      super.update(changed);
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (changed.has('quote')) this.dispatchEvent(new EwQuoteChangeEvent({ quoteId: this.quote?.id }));
    const settled = changed.has('status') && settledEvent(this.status, this.approval, !!this.embedderOrigin);
    if (settled) this.dispatchEvent(settled);
    const sessionId = this.client?.state.status === 'signed-in' ? this.client.state.session.id : undefined;
    // Never in a frame the host did not allow (it can hide the button and catch clicks), the wallet's own
    // frame aside (its rule is arming.ts's); only once the payee is read (or its wait is over).
    const framed = !!this.embedderOrigin;
    const mayArm = (framed || !isFramed(this) || this.allowFramed) && this.payee.settled;
    this.arming.follow(this.renderRoot, { sessionId, mayArm, framed });
  }

  /** Approves the quote on screen: signs its payload and emits `ew-signature`. Resolves to the approval, or undefined. */
  async approve(): Promise<QuoteApproval | undefined> {
    const view = this.shown?.view;
    return !view || this.approval ? this.approval : this.sign(view);
  }

  private async sign(view: VerifiedQuote): Promise<QuoteApproval | undefined> {
    const client = this.client;
    const quote = this.quote;
    if (!client) return;
    // The private copy checked for display is what gets signed; the opt-in is the one it was shown under.
    const sign = () => client.approveQuote(view.quote, { allowUnverifiedPayment: !view.verified });
    const approval = await this.wallet.run('approveQuote', async () =>
      (await this.confirmed(view)) ? sign() : undefined,
    );
    if (approval) {
      // The approval is the quote's: kept while that quote is shown, whatever its words became meanwhile.
      if (quote === this.quote) this.approval = approval;
      this.dispatchEvent(new EwSignatureEvent({ ...approval }));
      // The pressed button is gone: focus goes to the receipt's status, which says what happened.
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('[part~="status"]')?.focus();
    }
    return approval;
  }

  /** Whether the user confirmed `view` in the frame's window, if there is one (a new quote closes it). */
  private confirmed(view: VerifiedQuote): Promise<boolean> {
    const { appName, destinationLabel, resolvedLocale: locale, payee, client } = this;
    const msLeft = view.expiresAtMs - this.clock.now;
    const facts = { appName, destinationLabel, locale, payee: payee.value, accountId: client?.accountId, msLeft };
    return this.elsewhere.confirm(this.confirmElsewhere, view, facts);
  }

  private onClick(view: VerifiedQuote): void {
    // `view` is the one this button was rendered with; a quote set since then is not what was read.
    // The button stays focusable while it arms or signs (aria-disabled): those presses do nothing.
    if (this.arming.armed && !this.wallet.pending && view === this.shown?.view && !this.approval) void this.sign(view);
  }

  protected override render() {
    const s = this.text;
    if (this.refused) {
      return html`<div part="base">
        <h2 tabindex="-1">${s.approveTitle}</h2>
        <p part="error" role="alert">${errorText(this.refused, s)}</p>
      </div>`;
    }
    const shown = this.shown;
    if (!shown) return html`<div part="base"><p part="empty" class="muted" tabindex="-1">${s.noQuote}</p></div>`;
    const { view } = shown;
    const { shownError: error } = this.wallet;
    const msLeft = view.expiresAtMs - this.clock.now;
    const signedIn = this.client?.state.status === 'signed-in';
    return html`<div part="base">
      <h2 tabindex="-1">${this.approval ? s.receiptTitle : s.approveTitle}</h2>
      ${this.approval ? nothing : requester(this.appName, this.embedderOrigin, s)} ${payeeBlock(shown, this.payee, s)}
      ${quoteSummary(shown, s)} ${paymentDetails(shown, this.payee, s)}
      ${view.verified ? nothing : html`<p part="warning" id="unverified">${s.paymentUnverified}</p>`}
      ${
        this.approval
          ? this.receipt.render(this.approval.quoteId, s, !this.inherited?.liveRegion)
          : msLeft <= 0
            ? html`<p part="error" role="alert">${s.quoteExpired}</p>`
            : !signedIn
              ? html`<p role="status">${s.reauthToApprove}</p>
                  <ew-sign-in><slot name=${CODE_SLOT} slot=${CODE_SLOT}></slot></ew-sign-in>`
              : html`${countdown(msLeft, s)}
                ${approveButton({
                  view,
                  pending: this.wallet.pending && (this.elsewhere.waiting ? s.confirmInWindow : s.approving),
                  arming: this.arming,
                  framed: isFramed(this) && !this.allowFramed && !this.embedderOrigin,
                  press: () => this.onClick(view),
                  s,
                })}`
      }
      <div aria-live="polite">${error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-approve-quote': EwApproveQuote;
  }
}
