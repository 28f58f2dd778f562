/**
 * Where the focus goes when the wallet's view changes, and what its one live region says.
 * Signed in: the focus moves to the view's heading (or, signed in from a kept payment's own
 * sign-in, back to that payment, where Approve is) and "You are signed in." is said. Signed
 * out: to the sign-in heading (or, when a payment is kept on screen, the payment's heading)
 * and why the session ended is said. A settled payment inside the wallet is said here too
 * (the approval's receipt line stays quiet inside a wallet: said once). The focus moves only
 * when it was in the wallet or nowhere (on `<body>`): a restored session or a sign-out in
 * another tab never takes it from where the user is on the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WalletClient } from '../../client/index.js';
import type { EwPaymentSettledEvent } from '../events/payment-settled.js';
import type { WalletStrings } from '../strings/index.js';

/** Words for the live region, in whichever locale the wallet speaks when they are drawn. */
type Words = (s: WalletStrings) => string;

type Host = ReactiveControllerHost & HTMLElement & { client: WalletClient | undefined; renderRoot: ParentNode };

/** The heading of `el`'s shadow root, focused as the view's start (headings there are `tabindex="-1"`). */
const headingOf = (el: Element | null | undefined) => el?.shadowRoot?.querySelector<HTMLElement>('h2') ?? undefined;

export class ViewFocus implements ReactiveController {
  /** What the live region says now, in the words of the wallet's locale (a switch of language says it anew). */
  private words: Words | undefined;
  private lastStatus: string | undefined;
  private lastClient: WalletClient | undefined;
  /** The view whose start takes the focus once it is drawn. */
  private focusTo: 'signed-in' | 'signed-out' | 'payment' | undefined;
  private readonly onSettled = (event: Event) => {
    const { status } = (event as EwPaymentSettledEvent).detail;
    this.say((s) => (status === 'completed' ? s.paymentCompleted : s.paymentFailed));
  };

  constructor(
    private readonly host: Host,
    private readonly text: () => WalletStrings,
    /** The view's heading when signed in; the kept payment, if any, when signed out. */
    private readonly targets: { signedIn: () => HTMLElement | undefined; keptPayment: () => Element | undefined },
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('ew-payment-settled', this.onSettled);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('ew-payment-settled', this.onSettled);
  }

  hostUpdate(): void {
    const client = this.host.client;
    const state = client?.state;
    const status = state?.status;
    if (client !== this.lastClient) this.lastStatus = undefined; // another wallet: nothing changed view
    const from = this.lastStatus;
    this.lastClient = client;
    this.lastStatus = status;
    if (from === status || !state) return;
    if (from === 'signed-out' && status === 'signed-in') this.changedTo('signed-in', (s) => s.signedInNotice);
    if (from === 'signed-in' && status === 'signed-out')
      this.changedTo('signed-out', (s) => s.sessionEnded(state.cause ?? 'unknown'));
  }

  hostUpdated(): void {
    this.moveFocus();
  }

  /** Tries again to move the focus (the sign-in view drew its heading after its methods arrived). */
  moveFocus(): void {
    const payment = this.targets.keptPayment();
    const target =
      this.focusTo === 'signed-in'
        ? this.targets.signedIn()
        : this.focusTo === 'payment'
          ? headingOf(payment)
          : this.focusTo === 'signed-out'
            ? headingOf(payment ?? this.host.renderRoot.querySelector('ew-sign-in:not([hidden])'))
            : undefined;
    if (!target) return;
    this.focusTo = undefined;
    // Drawn late (the methods arrived): moved only if the user has not gone elsewhere meanwhile.
    if (this.focusIsOurs()) target.focus();
  }

  private changedTo(view: 'signed-in' | 'signed-out', words: Words): void {
    const active = document.activeElement;
    if (this.focusIsOurs())
      this.focusTo = view === 'signed-in' && active && this.targets.keptPayment()?.contains(active) ? 'payment' : view;
    this.say(words);
  }

  /** Whether the focus is in the wallet (its shadow root, or the code field in its light DOM) or nowhere. */
  private focusIsOurs(): boolean {
    const active = document.activeElement;
    return !active || active === document.body || active === this.host || this.host.contains(active);
  }

  /** What the live region says now. */
  get said(): string {
    return this.words?.(this.text()) ?? '';
  }

  /** Says `words` in the live region (cleared first when it says them already, so they are said again). */
  private say(words: Words): void {
    if (this.said === words(this.text())) {
      this.words = undefined;
      this.host.requestUpdate();
      void this.host.updateComplete.then(() => this.say(words));
      return;
    }
    this.words = words;
    this.host.requestUpdate();
  }
}
