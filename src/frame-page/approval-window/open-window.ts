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
import { readWindowMessage, type FactsMessage } from './messages.js';

/** How often the frame looks whether the user closed the window. */
const CLOSED_POLL_MS = 250;

class ApprovalWindowError extends Error {
  override name = 'ApprovalWindowError';
  readonly code = 'APPROVAL_WINDOW_BLOCKED';
}

const blockedError = (why: string) =>
  new ApprovalWindowError(`The payment's confirmation window ${why}; nothing was signed`);

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
    const url = new URL(windowUrl, view.location.href);
    // A name no page can guess: `window.open('', name)` elsewhere cannot reach or navigate this window.
    const name = `ew-approval-${[...view.crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    // Opened within the user's press on Approve (the caller runs in the click), so no blocker mistakes it for an ad.
    const popup = view.open(url.href, name, 'popup,width=440,height=720');
    if (!popup) return Promise.reject(blockedError('was blocked (pop-ups are off for this site)'));
    return new Promise<boolean>((resolve, reject) => {
      const origin = view.location.origin;
      let ready = false;
      const finish = (answer: boolean | Error) => {
        view.removeEventListener('message', onMessage);
        view.removeEventListener('pagehide', onAbort);
        clearInterval(poll);
        signal.removeEventListener('abort', onAbort);
        if (!popup.closed) popup.close();
        if (answer instanceof Error) reject(answer);
        else resolve(answer);
      };
      const onMessage = (event: MessageEvent) => {
        // Only the window opened here, on this origin: not the host page, not another window of it.
        if (event.source !== popup || event.origin !== origin) return;
        const message = readWindowMessage(event.data);
        if (message?.t === 'ew-approval-ready') {
          ready = true;
          const answer: FactsMessage = { t: 'ew-approval-facts', facts: { ...facts, embedderOrigin } };
          popup.postMessage(answer, origin);
        } else if (message?.t === 'ew-approval-confirm') finish(ready && message.quoteId === facts.quote.id);
        else if (message?.t === 'ew-approval-cancel') finish(false);
      };
      const onAbort = () => finish(false);
      // Closed before it said ready: it never showed the payment (a page's COOP can cut a window off at once).
      const poll = setInterval(
        () => popup.closed && finish(ready ? false : blockedError('closed before it loaded')),
        CLOSED_POLL_MS,
      );
      if (signal.aborted) return finish(false);
      view.addEventListener('message', onMessage);
      // The frame's page going away (the host navigates or removes it) closes its window unsigned.
      view.addEventListener('pagehide', onAbort);
      signal.addEventListener('abort', onAbort);
    });
  };
}
