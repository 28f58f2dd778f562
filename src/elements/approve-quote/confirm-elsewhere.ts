/**
 * Isolated mode's confirmation window (docs/isolated-mode.md): where the
 * wallet's frame cannot tell a covered or see-through frame from a seen one,
 * the frame page gives its approval a `confirmElsewhere`, and Approve then
 * has the payment confirmed in a window of the frame's own origin, which no
 * host page can cover, before it signs. The approval hands over what it
 * shows; the window checks the quote again and draws it in its own words.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Payee, Quote, VerifiedQuote } from '../../client/index.js';

/** What the window is given to show: the quote as checked here, and what was read beside it. */
export interface ApprovalFacts {
  quote: Quote;
  /** The signed-in wallet: the window holds the quote to it again. */
  accountId: string | undefined;
  /** Shown under the "cannot be verified" notice, as it was here. */
  allowUnverifiedPayment: boolean;
  appName: string | undefined;
  destinationLabel: string | undefined;
  /** Whom the committed account belongs to, as the service said (not signed; said so beside it). */
  payee: Payee | undefined;
  locale: string;
  /** Time left to approve when the facts were sent, on the service's clock: the window counts down from it. */
  msLeft: number;
}

/**
 * Resolves true once the user confirmed in the window, false when they cancelled or closed it (or
 * `signal` aborted: the quote on screen changed); rejects POPUP_BLOCKED when no window opened.
 * Called within the click on Approve: a window opens only on the user's own press.
 */
export type ConfirmElsewhere = (facts: ApprovalFacts, signal: AbortSignal) => Promise<boolean>;

/** The one confirmation under way, if any: cancelled when the quote changes or the element leaves the page. */
export class ConfirmingElsewhere implements ReactiveController {
  private asking: AbortController | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** Whether a window is open for the approval (Approve says to confirm there). */
  get waiting(): boolean {
    return this.asking !== undefined;
  }

  /** Stops waiting for the window, which closes. */
  cancel(): void {
    this.asking?.abort();
  }

  /**
   * True when there is no window to ask (`ask` unset), else the window's answer for `view`, with what
   * the approval shows beside it (the payee only when it is the committed account's).
   */
  async confirm(
    ask: ConfirmElsewhere | undefined,
    view: VerifiedQuote,
    shown: Omit<ApprovalFacts, 'quote' | 'allowUnverifiedPayment'>,
  ): Promise<boolean> {
    if (!ask) return true;
    const payee = shown.payee?.id === view.destinationAccountId ? shown.payee : undefined;
    const facts = { ...shown, payee, quote: view.quote, allowUnverifiedPayment: !view.verified };
    this.asking = new AbortController();
    try {
      return await ask(facts, this.asking.signal);
    } finally {
      this.asking = undefined;
      // Approve says "Signing…" again, not "Confirm in the new window…", while it signs.
      this.host.requestUpdate();
    }
  }
}
