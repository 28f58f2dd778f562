/**
 * An `<ew-approve-quote>` in `<ew-wallet frame>`, signed in inside the frame,
 * for the isolated approval tests: the host's element and what it hears, and
 * the frame's card as its probe reports it (isolated-frame.ts).
 */
import type { EwApproveQuote, EwWallet } from '../../src/elements/index.js';
import type { ApprovalWindowMode } from '../../src/frame-page/config.js';
import { expect } from 'chai';
import type { Quote } from '../../src/protocol/index.js';
import { newWallet, platform, type TestWallet } from './browser-stack.js';
import { waitFor } from './dom.js';
import { frameApproval, isolatedWallet, signInByKeyboard } from './isolated-frame.js';

export interface Approval {
  wallet: TestWallet;
  el: EwWallet;
  approve: EwApproveQuote;
  heard: string[];
  /** Every event on the host's `<ew-approve-quote>`, as `name` or `name CODE`. */
  approveHeard: string[];
  signatures: CustomEvent[];
}

/** A wallet signed in inside its frame, with an `<ew-approve-quote>` in it (no quote yet). */
export async function signedInApproval(
  attributes: Record<string, string> = {},
  parent?: Element,
  approvalWindow: ApprovalWindowMode = 'never',
): Promise<Approval> {
  const wallet = await newWallet();
  const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
  for (const [name, value] of Object.entries(attributes)) approve.setAttribute(name, value);
  const approveHeard: string[] = [];
  const signatures: CustomEvent[] = [];
  for (const name of ['ew-signature', 'ew-error', 'ew-load-error', 'ew-ready', 'ew-payment-settled'])
    approve.addEventListener(name, (event) => {
      const { detail } = event as CustomEvent<{ code?: string }>;
      approveHeard.push(detail?.code ? `${name} ${detail.code}` : name);
      if (name === 'ew-signature') signatures.push(event as CustomEvent);
    });
  const { el, heard } = await isolatedWallet(wallet, [location.origin], approve, parent, { approvalWindow });
  await signInByKeyboard(heard);
  return { wallet, el, approve, heard, approveHeard, signatures };
}

/** The frame's approval once it shows an Approve button and its payee (the card's full height). */
export const approvalShown = () =>
  waitFor(() => {
    const shown = frameApproval();
    return shown?.submit && !shown.reading ? shown : undefined;
  }, 'the approval');

/**
 * Keeps the frame's card (who asks down to Approve) in the host page's viewport until Approve arms, as
 * a user reading it would: the wallet above the card may still change height (its balance) after a
 * first scroll. Gives the button's centre on the host page.
 */
export async function armedInView(el: Element): Promise<[number, number]> {
  await approvalShown();
  const started = performance.now();
  for (;;) {
    const shown = frameApproval()!;
    const frame = el.getBoundingClientRect();
    const submit = shown.submit!;
    if (shown.armed)
      return [Math.round(frame.x + submit.x + submit.width / 2), Math.round(frame.y + submit.y + submit.height / 2)];
    const top = frame.top + (shown.requesterBox ?? submit).y;
    const bottom = frame.top + submit.y + submit.height;
    if (top < 0 || bottom > innerHeight) scrollBy(0, (top + bottom - innerHeight) / 2);
    if (performance.now() - started > 10_000) throw new Error(`Approve never armed in view: ${JSON.stringify(shown)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The one signature the host heard is for `quote`, and the service takes it: it executes the quote. */
export async function expectExecuted(page: Approval, quote: Quote): Promise<void> {
  const { signature, idempotencyKey, quoteId } = page.signatures[0]!.detail as Record<string, string>;
  expect(quoteId).to.equal(quote.id);
  const executed = await platform('POST', `/quotes/${quote.id}/execute`, undefined, {
    'Service-Wallet-Signature': signature!,
    'Idempotency-Key': idempotencyKey!,
  });
  expect(executed.status).to.equal(200);
}
