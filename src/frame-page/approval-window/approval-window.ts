/**
 * The confirmation window's card (open-window.ts): the payment as the
 * approval in the frame showed it, checked again here from the quote, and a
 * Confirm that arms as Approve does (in view, and still, for a moment: a
 * window that opens under a double click does not take the second click),
 * and the time left to approve, counted down from what the frame said was
 * left: once it is gone, the window says so and takes no Confirm.
 * Drawn only on the frame page, opened by the frame (run-window.ts).
 */
import { css, html, nothing, type PropertyValues } from 'lit';
import { approveQuoteStyles } from '../../elements/approve-quote/approve-quote.styles.js';
import { approveButton } from '../../elements/approve-quote/approve-button.js';
import { Arming } from '../../elements/approve-quote/arming.js';
import { payeeBlock, paymentDetails, requester } from '../../elements/approve-quote/payee.js';
import { countdown, quoteSummary, showQuote, type Shown } from '../../elements/approve-quote/quote-summary.js';
import { describeError, type ErrorInfo } from '../../elements/shared/error-info.js';
import { ServerTimeController } from '../../elements/shared/server-time.js';
import { themeStyles } from '../../elements/shared/theme.styles.js';
import { WalletElement } from '../../elements/shared/wallet-element.js';
import { errorText } from '../../elements/strings/index.js';
import { windowCardStyles } from '../window-card.js';
import type { FactsMessage } from './messages.js';
import { windowWords } from './window-words.js';

export type WindowFacts = FactsMessage['facts'];

export class EwApprovalWindow extends WalletElement {
  static readonly tag = 'ew-approval-window';
  protected static override inheritsWallet = false;
  static override styles = [
    themeStyles,
    approveQuoteStyles,
    windowCardStyles,
    // Its two buttons full width.
    css`
      h1 {
        margin: 0 0 var(--_space);
      }
      [part~='cancel'] {
        width: 100%;
        margin-top: var(--_space);
      }
    `,
  ];
  static override properties = { facts: { attribute: false }, lost: { type: Boolean } };

  /** What the frame sent; nothing is drawn before it. */
  declare facts: WindowFacts | undefined;
  /** No wallet frame to answer to (opened on its own, or its opener is gone). */
  declare lost: boolean;
  /** Called with the user's answer: true for Confirm, false for Cancel. */
  answer: (confirmed: boolean) => void = () => {};
  private shown: Shown | undefined;
  private refused: ErrorInfo | undefined;
  private readonly arming = new Arming(this);
  /** When the quote expires, on this window's clock (Date.now() when the facts came, plus their msLeft). */
  private expiresAt = 0;
  /** No client here: the device's clock, ticking while the countdown shows. */
  private readonly clock = new ServerTimeController(this, () => !!this.shown && this.msLeft > 0);
  /** When Confirm last armed, and when the last press on the window began (performance.now()). */
  private armedAt = Infinity;
  private pressedAt = -Infinity;

  constructor() {
    super();
    this.lost = false;
    // Only a press that begins after Confirm armed counts, and a press before that starts the wait
    // over: a page that has its user click on and on (a game over the frame) never lands one on it.
    const press = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
      this.pressedAt = performance.now();
      if (!this.arming.armed) this.arming.disarm();
      this.requestUpdate();
    };
    this.addEventListener('pointerdown', press, true);
    this.addEventListener('keydown', press, true);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (!changed.has('facts') && !changed.has('resolvedLocale' as keyof EwApprovalWindow)) return;
    this.arming.disarm();
    this.shown = this.refused = undefined;
    const facts = this.facts;
    if (!facts) return;
    if (changed.has('facts')) this.expiresAt = Date.now() + facts.msLeft;
    const { allowUnverifiedPayment, accountId, destinationLabel } = facts;
    try {
      // Checked again here as the frame's approval did: this window shows only what the payload commits to.
      this.shown = showQuote(facts.quote, {
        allowUnverifiedPayment,
        accountId,
        destinationLabel,
        locale: facts.locale,
      });
    } catch (error) {
      this.refused = describeError(error, 'approveQuote');
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // The window is the whole card: its button, in view and still, is what must have been seen.
    this.arming.follow(this.renderRoot, { sessionId: undefined, mayArm: !this.lost, framed: false });
    if (!this.arming.armed) this.armedAt = Infinity;
    else if (this.armedAt === Infinity) this.armedAt = performance.now();
    this.ownerDocument.title = windowWords(this.resolvedLocale).confirm;
    if (changed.has('facts') && this.shown) this.renderRoot.querySelector<HTMLElement>('h1')?.focus();
  }

  private get msLeft(): number {
    return this.expiresAt - this.clock.now;
  }

  private confirm(): void {
    if (this.arming.armed && this.pressedAt > this.armedAt && !this.lost && this.msLeft > 0) this.answer(true);
  }

  protected override render() {
    const s = this.text;
    const words = windowWords(this.resolvedLocale);
    if (this.lost) return html`<div part="base"><p part="error" role="alert">${words.lost}</p></div>`;
    if (this.refused)
      return html`<div part="base">
        <h1 tabindex="-1">${words.confirm}</h1>
        <p part="error" role="alert">${errorText(this.refused, s)}</p>
      </div>`;
    const { shown, facts } = this;
    if (!shown || !facts) return nothing;
    const read = { value: facts.payee, settled: true };
    const { view } = shown;
    return html`<div part="base">
      <h1 tabindex="-1">${words.confirm}</h1>
      ${requester(facts.appName, facts.embedderOrigin, s)} ${payeeBlock(shown, read, s)} ${quoteSummary(shown, s)}
      ${paymentDetails(shown, read, s)}
      ${view.verified ? nothing : html`<p part="warning" id="unverified">${s.paymentUnverified}</p>`}
      ${
        this.msLeft <= 0
          ? html`<p part="error" role="alert">${s.quoteExpired}</p>`
          : html`${countdown(this.msLeft, s)}
            ${approveButton({
              view,
              pending: false,
              arming: this.arming,
              framed: false,
              press: () => this.confirm(),
              s: { ...s, approve: words.confirm },
            })}`
      }
      <button part="cancel" class="secondary" type="button" @click=${() => this.answer(false)}>${s.cancel}</button>
    </div>`;
  }
}
