/**
 * The page an identity provider sends the user back to (oauth.html, on the
 * frame's origin): it takes the answer out of its URL (so the token stays in
 * no history entry), gives it to the window that opened it, on this origin
 * only, and is done. The frame (open-oauth.ts) checks `state` and closes it.
 */
import { oauthReturnOf } from './return-message.js';

/** How long the page waits for its frame to close it. */
const CLOSE_AFTER_MS = 1_000;

export function runOAuthReturn(view: Window): void {
  const answer = oauthReturnOf(view.location.hash);
  view.history.replaceState(null, '', view.location.pathname);
  const opener = view.opener as Window | null;
  if (answer && opener && !opener.closed) {
    opener.postMessage(answer, view.location.origin);
    setTimeout(() => view.close(), CLOSE_AFTER_MS);
    return;
  }
  const say = () => {
    const p = view.document.createElement('p');
    p.textContent = 'This sign-in window is no longer connected to your wallet. Close it and try again.';
    view.document.body.replaceChildren(p);
  };
  if (view.document.body) say();
  else view.addEventListener('DOMContentLoaded', say, { once: true });
}
