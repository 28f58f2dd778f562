/**
 * The frame's half of the confirmation window: after Approve, where the
 * frame's configuration asks for it (config.ts `approvalWindow`), the payment
 * is confirmed in a window on the frame's own origin before it is signed. A
 * host page can cover, fade or transform its frame, and Firefox and WebKit
 * cannot tell (no IntersectionObserver v2); it cannot do any of that to a
 * window of its own. Signing stays in the frame, with the session's key: a
 * cross-site frame's storage is not the window's.
 */
import type { ConfirmElsewhere } from '../../elements/approve-quote/confirm-elsewhere.js';
import { tracksVisibility } from '../../elements/approve-quote/arming.js';
import type { ApprovalWindowMode } from '../config.js';
import { openOwnWindow, PopupBlockedError, talkToWindow } from '../own-window.js';
import { readWindowMessage, type FactsMessage } from './messages.js';

/**
 * What the approval in frame `view` asks before it signs: a window, where `mode` wants one in this
 * engine; undefined where it does not (Approve signs at once, under arming.ts's rule alone).
 */
export function windowConfirmer(
  view: Window,
  mode: ApprovalWindowMode,
  embedderOrigin: string,
  /** The window's page (approve.html, beside the frame's script): a page of its own, see run-window.ts. */
  windowUrl: string,
): ConfirmElsewhere | undefined {
  if (mode === 'never' || (mode === 'where-unseen' && tracksVisibility)) return undefined;
  return (facts, signal) => {
    let popup: Window;
    try {
      popup = openOwnWindow(view, windowUrl, "The payment's confirmation window");
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const origin = view.location.origin;
    let ready = false;
    return talkToWindow<boolean>(
      view,
      popup,
      signal,
      (data, settle) => {
        const message = readWindowMessage(data);
        if (message?.t === 'ew-approval-ready') {
          ready = true;
          const answer: FactsMessage = { t: 'ew-approval-facts', facts: { ...facts, embedderOrigin } };
          popup.postMessage(answer, origin);
        } else if (message?.t === 'ew-approval-confirm') settle(ready && message.quoteId === facts.quote.id);
        else if (message?.t === 'ew-approval-cancel') settle(false);
      },
      // Closed before it said ready: it never showed the payment (a page's COOP can cut a window off at once).
      (why) =>
        why === 'closed' && !ready
          ? new PopupBlockedError("The payment's confirmation window closed before it loaded; nothing was signed")
          : false,
    );
  };
}
