/**
 * The frame's half of the passkey window. A cross-origin frame may run a
 * WebAuthn ceremony only where its iframe delegates it (`allow=
 * "publickey-credentials-get; publickey-credentials-create"`) and the engine
 * takes it there: Safari refuses `create()` in such a frame. Where the frame
 * may not, the ceremony runs in a window on the frame's own origin (so under
 * the same RP id), opened by the user's press; its result comes back to the
 * frame alone, which goes on as after a ceremony of its own.
 */
import type { PasskeyCeremonyElsewhere } from '../../client/passkey/ceremony-elsewhere.js';
import { openOwnWindow, PopupBlockedError, talkToWindow } from '../own-window.js';
import { readPasskeyWindowMessage, type CeremonyMessage } from './messages.js';

type Kind = 'get' | 'create';

/**
 * Whether the frame may run ceremony `kind` itself. Chromium says so (`document.featurePolicy`, which
 * knows the iframe's `allow`, and its ceremonies in a frame name the top page, `topOrigin`).
 * Elsewhere every ceremony goes to the window: Firefox and Safari cannot say what the iframe
 * delegates, Safari refuses `create()` in a frame, and its `get()` there names no top page, which a
 * service that checks under which page a frame's ceremony ran refuses (the sandbox does).
 */
export function mayRunHere(doc: Document, kind: Kind): boolean {
  const policy = (doc as Document & { featurePolicy?: { allowsFeature(feature: string): boolean } }).featurePolicy;
  return policy ? policy.allowsFeature(`publickey-credentials-${kind}`) : false;
}

/** The frame's `passkeyCeremonyElsewhere`: a window at `windowUrl` (passkey.html) for what the frame may not run. */
export function ceremonyWindow(view: Window, windowUrl: string): PasskeyCeremonyElsewhere {
  const run = (kind: Kind, options: CeremonyMessage['options'], signal: AbortSignal) => {
    if (mayRunHere(view.document, kind)) return undefined;
    let popup: Window;
    try {
      popup = openOwnWindow(view, windowUrl, 'The passkey window');
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const origin = view.location.origin;
    let ready = false;
    return talkToWindow<unknown>(
      view,
      popup,
      signal,
      (data, settle) => {
        const message = readPasskeyWindowMessage(data, kind);
        // On every `ready`: a window the user reloaded asks again.
        if (message?.t === 'ew-passkey-ready') {
          ready = true;
          const locale = view.document.documentElement.lang || 'en';
          popup.postMessage({ t: 'ew-passkey-ceremony', kind, options, locale } as CeremonyMessage, origin);
        } else if (message?.t === 'ew-passkey-done' && ready) settle(message.response);
        else if (message?.t === 'ew-passkey-failed') settle(new DOMException(message.message, message.name));
      },
      (why) =>
        why === 'aborted'
          ? new DOMException('The passkey ceremony was cancelled', 'AbortError')
          : ready
            ? new DOMException('The passkey window was closed', 'NotAllowedError')
            : new PopupBlockedError('The passkey window closed before it loaded'),
    );
  };
  return run as PasskeyCeremonyElsewhere;
}
