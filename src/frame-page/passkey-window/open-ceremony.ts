/**
 * The frame's half of the passkey window. A cross-origin frame may run a
 * WebAuthn ceremony only where its iframe delegates it (`allow=
 * "publickey-credentials-get; publickey-credentials-create"`) and the engine
 * takes it there: Safari refuses `create()` in such a frame. Where the frame
 * may not, the ceremony runs in a window on the frame's own origin (so under
 * the same RP id), opened by the user's press; its result comes back to the
 * frame alone, which goes on as after a ceremony of its own.
 *
 * The window opens in the press itself, before the ceremony's options are
 * ready (they may still be on their way from the relay): Safari and Firefox
 * block a window opened after the press has been handled. It says it is
 * getting ready until the options come.
 */
import type { PasskeyCeremonyElsewhere } from '../../client/passkey/ceremony-elsewhere.js';
import { openOwnWindow, PopupBlockedError, talkToWindow } from '../own-window.js';
import { PREPARE_WAIT_MS, readPasskeyWindowMessage, type CeremonyMessage, type PreparingMessage } from './messages.js';

type Kind = 'get' | 'create';

/** The operations that run a ceremony, or load its code first (an `ew-error`'s `operation`). */
const PASSKEY_OPERATIONS = ['signInWithPasskey', 'registerPasskey', 'preparePasskey'];

/** The presses that start a ceremony: the element, the part of its button, and the ceremony. */
const PRESSES: readonly (readonly [host: string, part: string, kind: Kind])[] = [
  ['ew-passkey-sign-in', 'submit', 'get'],
  ['ew-credentials', 'add-passkey', 'create'],
];

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

/** A passkey window open for a ceremony of `kind`, whose options it is `give`n once they are ready. */
interface CeremonyWindow {
  kind: Kind;
  give(options: CeremonyMessage['options'], signal: AbortSignal): Promise<unknown>;
  /** Closes the window unanswered (its ceremony never came). */
  drop(): void;
}

/** Opens the passkey window (at once: call it in the press) for a ceremony of `kind`; throws PopupBlockedError. */
function openCeremonyWindow(view: Window, windowUrl: string, kind: Kind): CeremonyWindow {
  const popup = openOwnWindow(view, windowUrl, 'The passkey window');
  const origin = view.location.origin;
  const locale = () => view.document.documentElement.lang || 'en';
  const stop = new AbortController();
  let ceremony: CeremonyMessage | undefined;
  let ready = false;
  const tell = () =>
    popup.postMessage(ceremony ?? ({ t: 'ew-passkey-preparing', kind, locale: locale() } as PreparingMessage), origin);
  const answer = talkToWindow<unknown>(
    view,
    popup,
    stop.signal,
    (data, settle) => {
      const message = readPasskeyWindowMessage(data, kind);
      // On every `ready`: a window the user reloaded asks again.
      if (message?.t === 'ew-passkey-ready') {
        ready = true;
        tell();
      } else if (message?.t === 'ew-passkey-done' && ready && ceremony) settle(message.response);
      else if (message?.t === 'ew-passkey-failed') settle(new DOMException(message.message, message.name));
    },
    (why) =>
      why === 'aborted'
        ? new DOMException('The passkey ceremony was cancelled', 'AbortError')
        : ready
          ? new DOMException('The passkey window was closed', 'NotAllowedError')
          : new PopupBlockedError('The passkey window closed before it loaded'),
  );
  answer.catch(() => {}); // a window dropped before its ceremony: nobody waits for its answer
  const unanswered = setTimeout(() => stop.abort(), PREPARE_WAIT_MS);
  return {
    kind,
    give(options, signal) {
      clearTimeout(unanswered);
      ceremony = { t: 'ew-passkey-ceremony', kind, options, locale: locale() } as CeremonyMessage;
      if (ready) tell();
      if (signal.aborted) stop.abort();
      signal.addEventListener('abort', () => stop.abort());
      return answer;
    },
    drop() {
      clearTimeout(unanswered);
      stop.abort();
    },
  };
}

/** The button a trusted press in `event`'s path landed on, with the element whose button it is. */
function pressedButton(event: Event): { button: HTMLButtonElement; host: Element | undefined } | undefined {
  if (!event.isTrusted) return undefined;
  const button = event.composedPath().find((target) => target instanceof HTMLButtonElement);
  return button ? { button, host: (button.getRootNode() as ShadowRoot).host ?? undefined } : undefined;
}

/** The ceremony a press on `button` of `host` starts, if any. */
function ceremonyOf({ button, host }: { button: HTMLButtonElement; host: Element | undefined }): Kind | undefined {
  if (button.disabled) return undefined;
  return PRESSES.find(([tag, part]) => tag === host?.localName && button.part.contains(part))?.[2];
}

/**
 * The frame's `passkeyCeremonyElsewhere` for `element`: a window at `windowUrl` (passkey.html) for what
 * the frame may not run, opened by the press on `element` (or inside it) that starts the ceremony,
 * and closed unused when that press's element fails first or its Cancel is pressed.
 */
export function ceremonyWindow(view: Window, windowUrl: string, element: HTMLElement): PasskeyCeremonyElsewhere {
  /** The window the last press opened (or why it could not), and the element pressed, until a ceremony takes it. */
  let opened: { window: CeremonyWindow | PopupBlockedError; host: Element | undefined; kind: Kind } | undefined;
  const drop = () => {
    if (opened && !(opened.window instanceof Error)) opened.window.drop();
    opened = undefined;
  };
  // Capture: before the button's own handler, which may ask for the ceremony at once.
  element.addEventListener(
    'click',
    (event) => {
      const pressed = pressedButton(event);
      if (!pressed) return;
      // The pressed element's Cancel, while its ceremony is still being prepared: nothing will come.
      if (opened && pressed.host === opened.host && pressed.button.part.contains('cancel')) return drop();
      const kind = ceremonyOf(pressed);
      if (!kind || mayRunHere(view.document, kind)) return;
      drop();
      let window: CeremonyWindow | PopupBlockedError;
      try {
        window = openCeremonyWindow(view, windowUrl, kind);
      } catch (error) {
        window = error as PopupBlockedError;
      }
      opened = { window, host: pressed.host, kind };
    },
    true,
  );
  // The pressed element's action failed before its ceremony (the relay refused, say): nothing will come.
  element.addEventListener('ew-error', (event) => {
    const { operation } = (event as CustomEvent<{ operation?: string }>).detail ?? {};
    if (opened && event.composedPath()[0] === opened.host && PASSKEY_OPERATIONS.includes(operation ?? '')) drop();
  });
  const run = (kind: Kind, options: CeremonyMessage['options'], signal: AbortSignal) => {
    if (mayRunHere(view.document, kind)) return undefined;
    const pressed = opened?.kind === kind ? opened.window : undefined;
    if (!pressed) drop(); // a window of the other kind has nothing to run
    opened = undefined;
    if (pressed instanceof Error) return Promise.reject(pressed);
    try {
      // Without a press that opened it (a ceremony asked for by code), the window opens now.
      return (pressed ?? openCeremonyWindow(view, windowUrl, kind)).give(options, signal);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
  return run as PasskeyCeremonyElsewhere;
}
