/**
 * The destination a user approves is told apart on screen: a relay with the
 * partner's credentials can create a genuine quote to its own account, and
 * one whose id merely ends like the user's must not look the same. Each
 * quote is consistent with its payload's commitment (the sandbox's format),
 * so only what is shown can tell them apart.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import type { EwApproveQuote } from '../../src/elements/index.js';
import type { Quote } from '../../src/protocol/index.js';
import '../helpers/elements.js';
import { committed, quoteOf } from '../helpers/offline-quote.js';

/** A quote to `destinationAccountId`, consistent with its payload and not expired. */
const quoteTo = (destinationAccountId: string): Quote =>
  quoteOf(committed({ destinationAccountId, expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() }));

/** What the approval shows of `quote`, as the user reads it (text on screen, not on hover). */
async function visibleSummary(quote: Quote): Promise<string> {
  const el = document.createElement('ew-approve-quote') as EwApproveQuote;
  el.setAttribute('destination-label', "Alex's checking");
  el.quote = quote;
  document.body.append(el);
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('[part~="summary"]'), 'summary rendered').to.be.instanceOf(HTMLElement);
  const text = (el.shadowRoot!.querySelector('[part~="base"]') as HTMLElement).innerText;
  el.remove();
  return text;
}

describe('<ew-approve-quote> shows the whole destination', () => {
  it('two accounts whose ids share an ending are shown differently, each in full', async () => {
    const friend = 'ExternalAccount:7d1e2c44-0000-4000-8000-00000000a1b2';
    const thief = 'ExternalAccount:ffffffff-9999-4999-8999-99999999a1b2';
    const a = await visibleSummary(quoteTo(friend));
    const b = await visibleSummary(quoteTo(thief));
    expect(a, `both render as:\n${a}`).to.not.equal(b);
    expect(a.replace(/\s/g, '')).to.contain(friend);
    expect(b.replace(/\s/g, '')).to.contain(thief);
  });
});
