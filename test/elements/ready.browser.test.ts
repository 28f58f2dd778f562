/**
 * `ew-ready` and `ew-load-error` on every element, so a host can show its own
 * placeholder until the element is usable: fired on the element itself (not
 * bubbling out of a wallet's inner parts), once per client, against the
 * sandbox through the relay.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { ELEMENTS } from '../../src/elements/catalog.js';
import type { EwApproveQuote, EwLoadErrorEvent, EwWallet } from '../../src/elements/index.js';
import type { Transport } from '../../src/protocol/index.js';
import { emailSignIn, makeClient, newWallet, quoteFor, recording } from '../helpers/browser-stack.js';
import { buttonNamed, click, waitFor } from '../helpers/dom.js';
import { mountWallet } from '../helpers/elements.js';

/** Every `ew-ready` / `ew-load-error` that reaches `target`, in order. */
function heard(target: EventTarget): string[] {
  const events: string[] = [];
  target.addEventListener('ew-ready', () => events.push('ready'));
  target.addEventListener('ew-load-error', (e) => events.push(`load-error ${(e as EwLoadErrorEvent).detail.code}`));
  return events;
}

describe('ew-ready and ew-load-error', () => {
  afterEach(() => {
    document.querySelectorAll('body > *').forEach((el) => el.tagName.startsWith('EW-') && el.remove());
  });

  it('every element fires ew-ready on itself once it is usable with a signed-in client, and only once', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    await emailSignIn(client, wallet);
    const quote = await quoteFor(wallet);
    const page = heard(document);
    const tags: string[] = [...ELEMENTS.map((e) => e.tag).filter((t) => t !== 'ew-wallet'), 'ew-approve-quote'];
    for (const tag of tags) {
      const el = document.createElement(tag) as HTMLElement & { client?: unknown; quote?: unknown };
      const events = heard(el);
      el.client = client;
      if (tag === 'ew-approve-quote') el.quote = quote;
      document.body.append(el);
      await waitFor(() => events.length > 0, `${tag}: ew-ready`);
      await new Promise((r) => setTimeout(r, 50));
      expect(events, tag).to.deep.equal(['ready']);
    }
    expect(page, 'none bubbles to the page').to.deep.equal([]);
    client.close();
  });

  it('<ew-wallet>: ready when its sign-in methods show (its parts stay inside); a failed load is ew-load-error, and Try again makes it ready', async () => {
    const wallet = await newWallet();
    const { transport } = recording();
    let fail = true;
    const flaky: Transport = async (request) => {
      if (fail && request.path.startsWith('/auth/credentials?')) {
        fail = false;
        return { status: 503, headers: new Headers(), body: { status: 503, code: 'UNAVAILABLE', message: 'down' } };
      }
      return transport(request);
    };
    const page = heard(document);
    // Appended synchronously once mounted; the first load needs a network answer, so nothing is missed.
    const el = await mountWallet(wallet, {}, { transport: flaky });
    const events = heard(el);
    await waitFor(() => events.length > 0, 'a load event');
    expect(events).to.deep.equal(['load-error UNAVAILABLE']);
    await click(await waitFor(() => buttonNamed('Try again', el), 'Try again'));
    await waitFor(() => events.includes('ready'), 'ready after the retry');
    expect(events).to.deep.equal(['load-error UNAVAILABLE', 'ready']);
    expect(page).to.deep.equal([]);
  });

  it('<ew-wallet> with a malformed attribute: ew-load-error CONFIG_INVALID_ATTRIBUTE, never ready', async () => {
    const el = document.createElement('ew-wallet') as EwWallet;
    const events = heard(el);
    el.setAttribute('api-base', '/api');
    el.setAttribute('account-id', 'not-a-wallet');
    document.body.append(el);
    await waitFor(() => events.length > 0, 'the load error');
    await new Promise((r) => setTimeout(r, 100));
    expect(events).to.deep.equal(['load-error CONFIG_INVALID_ATTRIBUTE']);
  });

  it('<ew-approve-quote>: a quote its payload contradicts is ew-load-error QUOTE_NOT_SIGNABLE; the next good quote is ready', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    await emailSignIn(client, wallet);
    const quote = await quoteFor(wallet);
    const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
    const events = heard(approve);
    approve.client = client;
    approve.quote = { ...quote, totalReceivingAmount: quote.totalReceivingAmount + 1 };
    document.body.append(approve);
    await waitFor(() => events.length > 0, 'the refusal');
    approve.quote = quote;
    await waitFor(() => events.length > 1, 'ready');
    expect(events).to.deep.equal(['load-error QUOTE_NOT_SIGNABLE', 'ready']);
    client.close();
  });
});
