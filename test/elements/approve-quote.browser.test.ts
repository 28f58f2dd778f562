/**
 * `<ew-approve-quote>` against the sandbox through the relay, slotted in
 * `<ew-wallet>` and on its own: the amounts, arming once in view, one
 * signature the sandbox executes, the receipt the host advances, refusals of a
 * contradicting or expired quote, and signing in again inline.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import type { EwApproveQuote } from '../../src/elements/index.js';
import { STRINGS_ES } from '../../src/elements/strings/es.js';
import type { Quote } from '../../src/protocol/index.js';
import { advanceSandbox, emailSignIn, makeClient, newWallet, platform, quoteFor } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepActiveElement, deepQueryAll, sendKeys, waitFor } from '../helpers/dom.js';
import { codeInput, mountWallet, nextEvent, signInByTyping } from '../helpers/elements.js';
import { expectAccessible } from '../helpers/axe.js';

/** The approve button of the `<ew-approve-quote>` slotted in `el`. */
const approveButton = (el: Element) => {
  const approve = el.querySelector('ew-approve-quote');
  return approve ? deepQueryAll<HTMLButtonElement>('[part~="submit"]', approve)[0] : undefined;
};

describe('<ew-approve-quote> in the wallet', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet, ew-approve-quote').forEach((el) => el.remove());
  });

  async function approvalPage(shown: (real: Quote) => Quote = (real) => real) {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
    approve.quote = shown(await quoteFor(wallet));
    el.append(approve);
    return { wallet, el, approve };
  }

  it('shows the amounts, arms after being in view, and one double click gives one signature the sandbox executes to COMPLETED', async () => {
    const { el, approve } = await approvalPage();
    const quote = approve.quote!;
    const summary = await waitFor(() => deepQueryAll('[part~="summary"]', approve)[0], 'the summary');
    expect(summary.textContent).to.include('$10.00');
    const button = await waitFor(() => approveButton(el), 'the approve button');
    expect(button.getAttribute('aria-disabled')).to.equal('true'); // not armed yet
    button.scrollIntoView({ block: 'center' }); // the user scrolls to it: it arms once wholly in view
    await waitFor(() => button.getAttribute('aria-disabled') === 'false', 'armed');
    const signatures: CustomEvent[] = [];
    el.addEventListener('ew-signature', (e) => signatures.push(e));
    await click(button, 2);
    await waitFor(() => deepQueryAll('[part~="message"]', approve)[0]?.textContent?.includes('Approved'), 'approved');
    expect(signatures.length).to.equal(1);
    // The pressed button is gone: focus is on the receipt's status, not dropped to the page. (Only a
    // page that has the focus moves it: WebKit under Xvfb sometimes runs a test in an unfocused window.)
    if (document.hasFocus())
      await waitFor(() => deepActiveElement() === deepQueryAll('[part~="status"]', approve)[0], 'focus on the receipt');
    else console.log('focus after approval not checked: this window does not have the focus');
    const { signature, quoteId, idempotencyKey, sessionExpiresAt } = signatures[0]!.detail;
    expect([quoteId, sessionExpiresAt instanceof Date]).to.deep.equal([quote.id, true]);
    const executed = await platform('POST', `/quotes/${quote.id}/execute`, undefined, {
      'Service-Wallet-Signature': signature,
      'Idempotency-Key': idempotencyKey,
    });
    expect(executed.status).to.equal(200);
    await advanceSandbox(4_000);
    expect((await platform('GET', `/quotes/${quote.id}`)).body.status).to.equal('COMPLETED');
  });

  it("after approval it is a receipt the host advances: processing, then completed or failed in the user's words; a new quote starts over", async () => {
    const { el, approve } = await approvalPage();
    const statusLine = () => deepQueryAll('[part~="status"]', approve)[0];
    const button = await waitFor(() => approveButton(el), 'the approve button');
    // The countdown reads as minutes and seconds, not "301 s".
    const countdown = deepQueryAll('.countdown', approve)[0]!.textContent!.trim();
    expect(countdown).to.match(/^Quote expires in [0-5]:[0-5]\d$/);
    button.scrollIntoView({ block: 'center' }); // the user scrolls to it: it arms once wholly in view
    await waitFor(() => button.getAttribute('aria-disabled') === 'false', 'armed');
    await click(button);
    await waitFor(() => statusLine()?.getAttribute('data-status') === 'processing', 'processing');
    expect(statusLine()!.textContent!.trim()).to.equal('Approved. Your payment is on its way…');
    expect(deepQueryAll('h2', approve)[0]!.textContent).to.equal('Payment');
    approve.status = 'completed';
    await approve.updateComplete;
    expect(statusLine()!.textContent!.trim()).to.equal('Payment sent.');
    // Inside the wallet, its one live region says the receipt (once); the line itself stays quiet.
    expect(statusLine()!.hasAttribute('role')).to.equal(false);
    await waitFor(() => el.shadowRoot!.querySelector('[data-live]')?.textContent?.trim() === 'Payment sent.', 'said');
    await expectAccessible(el, 'receipt: completed');
    approve.status = 'failed';
    approve.failureReason = 'COUNTERPARTY_DELIVERY_FAILED';
    await approve.updateComplete;
    expect(statusLine()!.hasAttribute('role')).to.equal(false);
    await waitFor(
      () => el.shadowRoot!.querySelector('[data-live]')?.textContent?.trim() === 'The payment did not go through.',
      'the failure said',
    );
    expect(statusLine()!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      "The payment did not go through. The recipient's bank could not receive it. Your money was returned.",
    );
    await expectAccessible(el, 'receipt: failed');
    approve.failureReason = 'constructor'; // not a reason: the plain sentence only
    approve.strings = STRINGS_ES;
    await approve.updateComplete;
    expect(statusLine()!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('El pago no se realizó.');
    expect(approveButton(el), 'the same quote in other words is not offered again').to.equal(undefined);
    approve.quote = { ...approve.quote! };
    await approve.updateComplete;
    expect([approve.status, statusLine()]).to.deep.equal([undefined, undefined]);
  });

  it('one quote, one signature: new words for it (a label, a language) while it is being signed neither drop the approval nor allow a second', async () => {
    const { el, approve } = await approvalPage();
    const signatures: CustomEvent[] = [];
    el.addEventListener('ew-signature', (e) => signatures.push(e));
    const first = approve.approve();
    approve.destinationLabel = 'Savings';
    await approve.updateComplete;
    const second = approve.approve();
    await Promise.all([first, second]);
    approve.strings = STRINGS_ES;
    await approve.updateComplete;
    expect(await approve.approve()).to.deep.equal(await first);
    await new Promise((r) => setTimeout(r, 800)); // past the arming delay: no button comes back
    expect(signatures.length).to.equal(1);
    expect(approveButton(el)).to.equal(undefined);
  });

  it('without a quote it says so (an empty state, not "Loading…")', async () => {
    const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
    document.body.append(approve);
    await approve.updateComplete;
    expect(approve.shadowRoot!.textContent!.trim()).to.equal('No payment to approve yet.');
    approve.remove();
  });

  it('stays disarmed while scrolled out of view', async () => {
    const { el, approve } = await approvalPage();
    const spacer = document.createElement('div');
    spacer.style.height = '300vh';
    el.before(spacer);
    window.scrollTo(0, 0);
    const button = await waitFor(() => approveButton(el), 'the approve button');
    await new Promise((r) => setTimeout(r, 1_200));
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    approve.scrollIntoView();
    await waitFor(() => button.getAttribute('aria-disabled') === 'false', 'armed once in view');
    spacer.remove();
  });

  it('refuses a quote whose payload states another amount (what you see is what you sign) without a button, and an expired one', async () => {
    const errors: CustomEvent[] = [];
    const record = (e: CustomEvent) => errors.push(e);
    document.addEventListener('ew-error', record);
    const { wallet, el, approve } = await approvalPage((real) => ({
      ...real,
      totalSendingAmount: real.totalSendingAmount / 10,
    }));
    el.addEventListener('ew-signature', () => expect.fail('signed a contradicting payload'));
    const shown = await waitFor(() => deepQueryAll('[part~="error"]', approve)[0], 'the refusal');
    expect(shown.textContent).to.include('(totalSendingAmount)');
    expect(errors[0]!.detail.code).to.equal('QUOTE_NOT_SIGNABLE');
    expect(errors[0]!.detail.message).to.match(/totalSendingAmount differs from the payment to sign/);
    expect(approveButton(el)).to.equal(undefined);
    document.removeEventListener('ew-error', record);

    const stale = await quoteFor(wallet);
    await advanceSandbox(5 * 60_000 + 1_000);
    await el.client!.listSessions(); // any answer carries the server's Date
    approve.quote = stale;
    await waitFor(() => deepQueryAll('[part~="error"]', approve)[0]?.textContent?.includes('expired'), 'expired');
    expect(approveButton(el)).to.equal(undefined);
  });
});

describe('<ew-approve-quote> on its own', () => {
  afterEach(() => document.querySelectorAll('ew-approve-quote').forEach((el) => el.remove()));

  it('with the session gone, it asks to sign in again inline (code field included), then approves', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    await emailSignIn(client, wallet);
    await client.signOut(); // the state an expired session leaves too
    const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
    approve.client = client;
    approve.quote = await quoteFor(wallet);
    document.body.append(approve);
    await waitFor(
      () => deepQueryAll('[role="status"]', approve).some((p) => p.textContent?.includes('Sign in again to approve')),
      'the sign-in prompt',
    );
    await click(await waitFor(() => buttonNamed('Email me a code', approve), 'the email button'));
    const input = await codeInput(approve);
    expect(input.getRootNode()).to.equal(document); // in the page's light DOM, for autofill
    input.focus();
    await sendKeys({ type: '000000' });
    await waitFor(() => client.state.status === 'signed-in', 'signed in');
    const button = await waitFor(
      () => approve.shadowRoot!.querySelector<HTMLButtonElement>('[part~="submit"]'),
      'approve',
    );
    button.scrollIntoView({ block: 'center' }); // the user scrolls to it: it arms once wholly in view
    await waitFor(() => button.getAttribute('aria-disabled') === 'false', 'armed');
    const signature = nextEvent(approve, 'ew-signature');
    await click(button);
    expect((await signature).detail.quoteId).to.equal(approve.quote!.id);
    client.close();
  });
});
