/**
 * A window the wallet's frame opens (a payment's confirmation, a passkey
 * ceremony the frame may not run, an identity provider's sign-in that comes
 * back to a page of the frame's origin), and the frame's
 * side of talking to it. The frame hears only that window, on its own origin:
 * not the host page, not another window of it. The window closes, unanswered,
 * when the frame's page goes away or the caller gives up.
 */

/** How often the frame looks whether the user closed the window. */
const CLOSED_POLL_MS = 250;

/** A window of the frame's that could not open, or was cut off before it spoke. */
export class PopupBlockedError extends Error {
  override name = 'PopupBlockedError';
  readonly code = 'POPUP_BLOCKED';
}

/** 128 random bits in hex: a value no page can guess. */
export const randomHex = (view: Window) =>
  [...view.crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Opens `url` (beside the frame's page) in a window of its own, or throws PopupBlockedError. Call it
 * within the user's press, so no blocker mistakes it for an ad.
 */
export function openOwnWindow(view: Window, url: string, what: string): Window {
  // A name no page can guess: `window.open('', name)` elsewhere cannot reach or navigate this window.
  const name = `ew-${randomHex(view)}`;
  const popup = view.open(new URL(url, view.location.href).href, name, 'popup,width=440,height=720');
  if (!popup) throw new PopupBlockedError(`${what} was blocked (pop-ups are off for this site)`);
  return popup;
}

/**
 * Hears `popup` until `settle` is called: each of its messages goes to `hear`; its closing, the
 * frame's page going away and `signal` settle with `gone`'s answer. An Error answer rejects.
 */
export function talkToWindow<T>(
  view: Window,
  popup: Window,
  signal: AbortSignal,
  hear: (data: unknown, settle: (answer: T | Error) => void) => void,
  gone: (why: 'closed' | 'aborted') => T | Error,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const origin = view.location.origin;
    const settle = (answer: T | Error) => {
      view.removeEventListener('message', onMessage);
      view.removeEventListener('pagehide', onAbort);
      signal.removeEventListener('abort', onAbort);
      clearInterval(poll);
      if (!popup.closed) popup.close();
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === popup && event.origin === origin) hear(event.data, settle);
    };
    const onAbort = () => settle(gone('aborted'));
    const poll = setInterval(() => popup.closed && settle(gone('closed')), CLOSED_POLL_MS);
    if (signal.aborted) return onAbort();
    view.addEventListener('message', onMessage);
    // The frame's page going away (the host navigates or removes it) closes its window unanswered.
    view.addEventListener('pagehide', onAbort);
    signal.addEventListener('abort', onAbort);
  });
}
