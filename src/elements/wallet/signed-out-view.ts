/**
 * The wallet's signed-out view (and the one shown while the stored session is restored):
 * why the session ended, when it ended on this page; the sign-in methods; and, when an
 * approval inside the wallet still holds a payment, that payment with its own sign-in
 * ("Sign in again to approve") instead of a second form, so the user signs in where the
 * payment is and approves the same quote.
 *
 * Restoring and signed out share one template, so the sign-in view made during the restore is
 * the one shown after it: it loads the wallet's methods while IndexedDB opens (no waterfall of
 * the two before the form shows); a restored session drops it unseen.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { EwApproveQuote } from '../approve-quote/approve-quote.js';
import { spinner } from '../icons/icons.js';
import { CODE_SLOT } from '../shared/code-slot.js';
import type { ErrorInfo } from '../shared/error-info.js';
import { errorText, type WalletStrings } from '../strings/index.js';

/** The wallet's error line, under the header or the sign-in. */
export const errorLine = (error: ErrorInfo | undefined, s: WalletStrings) =>
  html`<div aria-live="polite">
    ${error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing}
  </div>`;

export interface SignedOutView {
  strings: WalletStrings;
  restoring: boolean;
  storageWarning: boolean;
  /** Why the session ended on this page (`ew-signed-out`'s cause), if it did. */
  endedBy: string | undefined;
  /**
   * An approval inside the wallet holding a payment not yet settled: it stays on screen. While
   * it can still be approved it offers its own sign-in, and the wallet's is hidden (not doubled).
   */
  keptPayment: EwApproveQuote | undefined;
  oauthLabel: string | undefined;
  firstSignIn: string | undefined;
  onReady: () => void;
  onLoadError: (event: Event) => void;
  errorLine: TemplateResult;
}

export function signedOutView(v: SignedOutView) {
  const s = v.strings;
  return html`${
      v.restoring
        ? html`<p role="status">${spinner()}${s.loading}</p>`
        : v.storageWarning
          ? html`<p class="notice" role="note">${s.storageWarning}</p>`
          : nothing
    }
    ${v.endedBy && !v.restoring ? html`<p part="ended" class="notice">${s.sessionEnded(v.endedBy)}</p>` : nothing}
    <ew-sign-in
      ?hidden=${v.restoring || !!v.keptPayment?.paymentApprovable}
      oauth-label=${v.oauthLabel ?? nothing}
      first-sign-in=${v.firstSignIn ?? nothing}
      @ew-ready=${v.onReady}
      @ew-load-error=${v.onLoadError}
      ><slot name=${CODE_SLOT} slot=${CODE_SLOT}></slot
    ></ew-sign-in>
    ${v.keptPayment ? html`<slot></slot>` : nothing} ${v.errorLine}`;
}
