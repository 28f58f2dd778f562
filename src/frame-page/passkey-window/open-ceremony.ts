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

/** The operations that run a ceremony (an `ew-error`'s `operation`). */
const PASSKEY_OPERATIONS = ['signInWithPasskey', 'registerPasskey'];

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
  /** Whether the ceremony was given. */
  given: boolean;
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
    given: false,
    give(options, signal) {
      clearTimeout(unanswered);
      this.given = true;
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

/** The ceremony a trusted press on a button in `event`'s path starts, if any. */
function pressedCeremony(event: Event): Kind | undefined {
  if (!event.isTrusted) return undefined;
  for (const target of event.composedPath()) {
    if (!(target instanceof HTMLButtonElement)) continue;
    const host = (target.getRootNode() as ShadowRoot).host?.localName;
    return target.disabled ? undefined : PRESSES.find(([h, part]) => h === host && target.part.contains(part))?.[2];
  }
  return undefined;
}

/**
 * The frame's `passkeyCeremonyElsewhere` for `element`: a window at `windowUrl` (passkey.html) for what
 * the frame may not run, opened by the press on `element` (or inside it) that starts the ceremony.
 */
export function ceremonyWindow(view: Window, windowUrl: string, element: HTMLElement): PasskeyCeremonyElsewhere {
  let opened: CeremonyWindow | PopupBlockedError | undefined;
  // Capture: before the button's own handler, which may ask for the ceremony at once.
  element.addEventListener(
    'click',
    (event) => {
      const kind = pressedCeremony(event);
      if (!kind || mayRunHere(view.document, kind)) return;
      if (opened && !(opened instanceof Error)) opened.drop();
      try {
        opened = openCeremonyWindow(view, windowUrl, kind);
      } catch (error) {
        opened = error as PopupBlockedError;
      }
    },
    true,
  );
  // The press's action failed before its ceremony (the relay refused, say): its window has nothing to run.
  element.addEventListener('ew-error', (event) => {
    if (!PASSKEY_OPERATIONS.includes((event as CustomEvent<{ operation?: string }>).detail?.operation ?? '')) return;
    if (opened && !(opened instanceof Error) && !opened.given) opened.drop();
    opened = undefined;
  });
  const run = (kind: Kind, options: CeremonyMessage['options'], signal: AbortSignal) => {
    if (mayRunHere(view.document, kind)) return undefined;
    const pressed = opened instanceof Error || opened?.kind === kind ? opened : undefined;
    opened = undefined;
    if (pressed instanceof Error) return Promise.reject(pressed);
    try {
      // Without a press that opened it (a ceremony asked for by code), the window opens now.
      const window = pressed && !pressed.given ? pressed : openCeremonyWindow(view, windowUrl, kind);
      return window.give(options, signal);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
  return run as PasskeyCeremonyElsewhere;
}
