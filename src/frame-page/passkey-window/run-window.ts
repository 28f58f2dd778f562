/**
 * The passkey window's page (passkey.html), opened by the wallet's frame
 * (open-ceremony.ts). It takes the ceremony only from the window that opened
 * it, on its own origin, runs it on the user's press of Continue, and answers
 * that window alone. Opened any other way, it says so and runs nothing.
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { PREPARE_WAIT_MS, readCeremonyMessage, type PasskeyWindowMessage } from './messages.js';
import { showCard } from '../window-card.js';
import { EwPasskeyWindow } from './passkey-window.js';

/** How long the window waits for its frame to close it after an answer. */
const CLOSE_AFTER_MS = 1_000;
/** How long the window waits for its ceremony: without one, no frame of the wallet opened it. */
const CEREMONY_WAIT_MS = 5_000;

/** A failure as WebAuthn names it (the library wraps the browser's error in `cause`). */
function failure(error: unknown): PasskeyWindowMessage {
  const cause = ((error as { cause?: unknown } | null)?.cause ?? error) as { name?: unknown; message?: unknown };
  const name = typeof cause?.name === 'string' ? cause.name : 'UnknownError';
  return { t: 'ew-passkey-failed', name, message: String(cause?.message ?? error) };
}

export function runPasskeyWindow(view: Window): void {
  const doc = view.document;
  const card = showCard<EwPasskeyWindow>(view, EwPasskeyWindow.tag, EwPasskeyWindow);
  const opener = view.opener as Window | null;
  const origin = view.location.origin;
  if (!opener) {
    card.state = 'lost';
    return;
  }
  const send = (message: PasskeyWindowMessage) => {
    // The frame that opened this window is gone (its page closed or moved on): nothing would go on.
    if (opener.closed) return void (card.state = 'lost');
    opener.postMessage(message, origin);
    // The frame closes the window once it has the answer; should it not, the window goes by itself.
    setTimeout(() => view.close(), CLOSE_AFTER_MS);
  };
  let lost = setTimeout(() => card.ceremony || (card.state = 'lost'), CEREMONY_WAIT_MS);
  view.addEventListener('message', (event) => {
    if (event.source !== opener || event.origin !== origin || card.ceremony) return;
    const message = readCeremonyMessage(event.data);
    if (!message) return;
    doc.documentElement.lang = message.locale;
    if (message.t === 'ew-passkey-ceremony') return void (card.ceremony = message);
    // Opened in the press, before the relay answered: the frame closes it should the ceremony not come.
    card.preparing = message;
    clearTimeout(lost);
    lost = setTimeout(() => card.ceremony || (card.state = 'lost'), PREPARE_WAIT_MS + CEREMONY_WAIT_MS);
  });
  card.run = () => {
    const { ceremony } = card;
    if (!ceremony || card.state !== 'asking') return;
    card.state = 'waiting';
    // No await before the ceremony: it runs inside the press of Continue.
    const running =
      ceremony.kind === 'get'
        ? startAuthentication({ optionsJSON: ceremony.options })
        : startRegistration({ optionsJSON: ceremony.options });
    running.then(
      (response) => {
        card.state = 'done';
        send({ t: 'ew-passkey-done', response });
      },
      (error: unknown) => send(failure(error)),
    );
  };
  card.cancel = () => send({ t: 'ew-passkey-failed', name: 'NotAllowedError', message: 'The user cancelled' });
  // Escape is Cancel, as in any dialog; closing the window is a cancel too: the frame sees it closed.
  view.addEventListener('keydown', (event) => event.key === 'Escape' && card.cancel());
  opener.postMessage({ t: 'ew-passkey-ready' } satisfies PasskeyWindowMessage, origin);
}
