/**
 * The confirmation window's page (approve.html), opened by the wallet's frame
 * (open-window.ts). It takes the payment's facts only from the
 * window that opened it, on its own origin, draws the card, and answers that
 * window alone. Opened any other way, it says so and draws no payment.
 */
import { readFactsMessage, type WindowMessage } from './messages.js';
import { showCard } from '../window-card.js';
import { EwApprovalWindow } from './approval-window.js';

/** How long the window waits for its frame to close it after an answer. */
const CLOSE_AFTER_MS = 1_000;

export function runApprovalWindow(view: Window): void {
  const doc = view.document;
  const card = showCard<EwApprovalWindow>(view, EwApprovalWindow.tag, EwApprovalWindow);
  const opener = view.opener as Window | null;
  const origin = view.location.origin;
  if (!opener) {
    card.lost = true;
    return;
  }
  const send = (message: WindowMessage) => opener.postMessage(message, origin);
  view.addEventListener('message', (event) => {
    if (event.source !== opener || event.origin !== origin) return;
    const message = readFactsMessage(event.data);
    if (!message) return;
    card.facts = message.facts;
    doc.documentElement.lang = message.facts.locale;
  });
  card.answer = (confirmed) => {
    // The frame that opened this window is gone (its page closed or moved on): nothing would sign.
    if (opener.closed) {
      card.lost = true;
      return;
    }
    send(confirmed ? { t: 'ew-approval-confirm', quoteId: card.facts!.quote.id } : { t: 'ew-approval-cancel' });
    // The frame closes the window once it has the answer: closing here first could reach it before
    // the answer does, and read as a cancel. Should the frame not, the window goes by itself.
    setTimeout(() => view.close(), CLOSE_AFTER_MS);
  };
  // Escape is Cancel, as in any dialog; closing it is a cancel too: the frame sees it closed.
  view.addEventListener('keydown', (event) => event.key === 'Escape' && card.answer(false));
  send({ t: 'ew-approval-ready' });
}
