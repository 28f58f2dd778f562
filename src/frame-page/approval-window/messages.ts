/**
 * What the wallet's frame and its confirmation window say to each other
 * (both on the frame's origin; neither takes a message from any other window
 * or origin). The window says it is `ready`; the frame answers with the
 * `facts` to show; the window answers `confirm` (for that quote) or `cancel`.
 */
import type { ApprovalFacts } from '../../elements/approve-quote/confirm-elsewhere.js';

export type WindowMessage =
  { t: 'ew-approval-ready' } | { t: 'ew-approval-confirm'; quoteId: string } | { t: 'ew-approval-cancel' };

export interface FactsMessage {
  t: 'ew-approval-facts';
  facts: ApprovalFacts & {
    /** The page that embeds the frame, as the frame's handshake read it: who asks. */
    embedderOrigin: string;
  };
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The window's message in `data`, or undefined for anything else. */
export function readWindowMessage(data: unknown): WindowMessage | undefined {
  const m = record(data);
  if (m?.t === 'ew-approval-ready' || m?.t === 'ew-approval-cancel') return { t: m.t };
  if (m?.t === 'ew-approval-confirm' && typeof m.quoteId === 'string') return { t: m.t, quoteId: m.quoteId };
  return undefined;
}

/**
 * The frame's facts in `data`, or undefined. Only their shape is read here: the window checks the
 * quote itself (showQuote), as the approval did, before anything is shown.
 */
export function readFactsMessage(data: unknown): FactsMessage | undefined {
  const m = record(data);
  const facts = record(m?.facts);
  if (m?.t !== 'ew-approval-facts' || !facts || !record(facts.quote)) return undefined;
  const text = (name: string) => facts[name] === undefined || typeof facts[name] === 'string';
  const ok =
    ['accountId', 'appName', 'destinationLabel'].every(text) &&
    typeof facts.locale === 'string' &&
    typeof facts.embedderOrigin === 'string' &&
    typeof facts.allowUnverifiedPayment === 'boolean' &&
    typeof facts.msLeft === 'number' &&
    Number.isFinite(facts.msLeft) &&
    (facts.payee === undefined || !!record(facts.payee));
  return ok ? (m as unknown as FactsMessage) : undefined;
}
