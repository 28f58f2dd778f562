/**
 * The confirmation window's card (src/frame-page/approval-window/approval-window.ts),
 * drawn here as the window draws it from the frame's facts: the payment in its
 * own words, checked again from the quote (a quote whose payload says otherwise
 * gets no Confirm); Confirm takes no press before it arms (a window opened under
 * a double click does not take the second click); Cancel answers no; a window
 * cut off from its frame says so and offers nothing to press.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { ARM_AFTER_MS } from '../../src/elements/approve-quote/approve-quote.js';
import { EwApprovalWindow, type WindowFacts } from '../../src/frame-page/approval-window/approval-window.js';
import type { Quote } from '../../src/protocol/index.js';
import { newWallet, quoteFor } from '../helpers/browser-stack.js';
import { sendMouse, waitFor } from '../helpers/dom.js';

if (!customElements.get(EwApprovalWindow.tag)) customElements.define(EwApprovalWindow.tag, EwApprovalWindow);

afterEach(() => document.querySelectorAll(EwApprovalWindow.tag).forEach((el) => el.remove()));

async function facts(change?: (quote: Quote) => void, msLeft = 60_000): Promise<WindowFacts> {
  const wallet = await newWallet();
  const quote = await quoteFor(wallet, 1_000);
  change?.(quote);
  return {
    quote,
    accountId: wallet.accountId,
    allowUnverifiedPayment: false,
    appName: 'Acme Shop',
    destinationLabel: undefined,
    payee: undefined,
    locale: 'en',
    embedderOrigin: 'https://shop.example',
    msLeft,
  };
}

function card(given: WindowFacts | undefined, lost = false) {
  const el = document.createElement(EwApprovalWindow.tag) as EwApprovalWindow;
  const answers: boolean[] = [];
  el.answer = (confirmed) => answers.push(confirmed);
  el.facts = given;
  el.lost = lost;
  document.body.append(el);
  const part = (name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
  const centre = (name: string) => {
    const box = part(name)!.getBoundingClientRect();
    return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] as [number, number];
  };
  return { el, answers, part, centre };
}

describe('the confirmation window’s card', () => {
  it('says the payment in its own words: who asks by the embedding page’s host, the app beside it, the amounts', async () => {
    const { el, part } = card(await facts());
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('h1')!.textContent).to.equal('Confirm payment');
    expect(part('requester')!.textContent!.trim()).to.equal(
      'shop.example (Acme Shop) asks you to approve this payment.',
    );
    expect(part('summary')!.textContent).to.include('$10.00');
    expect(part('submit')!.textContent!.trim()).to.equal('Confirm payment');
    expect(document.title).to.equal('Confirm payment');
  });

  it('a quote whose own fields contradict its payload gets no Confirm', async () => {
    const tampered = await facts((quote) => ((quote as { totalSendingAmount: number }).totalSendingAmount = 500));
    const { el, part } = card(tampered);
    await el.updateComplete;
    expect(part('submit')).to.equal(null);
    expect(part('error')!.textContent).to.not.equal('');
  });

  it('Confirm takes no press begun before it arms; once armed it answers yes, and Cancel answers no', async () => {
    const { el, answers, part, centre } = card(await facts());
    await el.updateComplete;
    const armed = () =>
      waitFor(() => part('submit')!.getAttribute('aria-disabled') === 'false', 'Confirm armed', ARM_AFTER_MS * 10);
    // Pressed the moment it is drawn, as the second click of a double click on Approve would be.
    await sendMouse({ type: 'click', position: centre('submit') });
    expect(answers).to.deep.equal([]);
    // Held from before it arms until after: the press began before, so it does not count.
    await sendMouse({ type: 'move', position: centre('submit') });
    await sendMouse({ type: 'down' });
    await new Promise((r) => setTimeout(r, ARM_AFTER_MS * 2));
    await armed();
    await sendMouse({ type: 'up' });
    expect(answers).to.deep.equal([]);
    await sendMouse({ type: 'click', position: centre('submit') });
    expect(answers).to.deep.equal([true]);
    await sendMouse({ type: 'click', position: centre('cancel') });
    expect(answers).to.deep.equal([true, false]);
  });

  it('counts down the time the frame said was left; once it is gone, it says the quote expired and takes no Confirm', async () => {
    const { el, part } = card(await facts(undefined, 61_500));
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.countdown')!.textContent!.trim()).to.match(/^Quote expires in 1:0[12]$/);
    const short = card(await facts(undefined, 1_200));
    await short.el.updateComplete;
    expect(short.part('submit')).to.not.equal(null);
    await waitFor(() => short.part('submit') === null, 'Confirm gone once the quote expired', 5_000);
    expect(short.part('error')!.textContent).to.equal('This quote has expired. Request a new one.');
    expect(short.answers).to.deep.equal([]);
    expect(part('submit')).to.not.equal(null); // the other, with a minute left, still offers it
  });

  it('cut off from its frame, it says so and offers nothing to press', async () => {
    const { el, part } = card(await facts(), true);
    await el.updateComplete;
    expect(part('error')!.textContent).to.include('no longer connected to your wallet');
    expect(part('submit')).to.equal(null);
  });
});
