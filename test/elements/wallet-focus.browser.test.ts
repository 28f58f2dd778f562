/**
 * `<ew-wallet>` for keyboard and screen-reader users: a labelled region; every view
 * change moves the focus to the new view's heading or status (never to `<body>`); sign-in,
 * sign-out and the receipt are said once, by the wallet's one live region. Ends with a
 * keyboard-only journey: sign in by email code, approve a payment, read the receipt.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import type { EwApproveQuote, EwWallet } from '../../src/elements/index.js';
import { newWallet, quoteFor } from '../helpers/browser-stack.js';
import {
  buttonNamed,
  click,
  deepActiveElement,
  deepQueryAll,
  sendKeys,
  shiftTab,
  tabTo,
  waitFor,
} from '../helpers/dom.js';
import { codeInput, mountWallet, openSection, signInByTyping } from '../helpers/elements.js';

/** The wallet's live region. */
const live = (el: EwWallet) => el.shadowRoot!.querySelector<HTMLElement>('[data-live]');
/** Every live region under `el` (shadow roots included) whose text includes `words`. */
const liveSaying = (el: Element, words: string) =>
  deepQueryAll('[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]', el).filter((r) =>
    r.textContent?.includes(words),
  );
const focusedText = () => deepActiveElement()?.textContent?.trim();
/** Waits until the focus is on an element that `matches`, through shadow roots. */
const focusOn = (what: string, matches: (el: Element) => boolean) =>
  waitFor(() => {
    const active = deepActiveElement();
    return active && matches(active);
  }, `the focus on ${what} (it is on <${deepActiveElement()?.localName}> "${focusedText()}")`);
const heading = (words: string) => (el: Element) => /^H[1-6]$/.test(el.tagName) && el.textContent?.trim() === words;

describe('<ew-wallet> focus and announcements', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  });

  it('is a labelled region; sign-in focuses "Your wallet" and is said once; sign-out focuses the sign-in heading and says why', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    const region = await waitFor(() => el.shadowRoot?.querySelector('[role="region"]'), 'the region');
    expect(region.getAttribute('aria-label')).to.equal('Wallet');
    await signInByTyping(el);
    await focusOn('the signed-in heading', heading('Your wallet'));
    await waitFor(() => live(el)?.textContent?.trim() === 'You are signed in.', 'the sign-in said');
    expect(liveSaying(el, 'signed in')).to.have.length(1);

    await tabTo(await waitFor(() => buttonNamed('Sign out', el), 'sign out'));
    await sendKeys({ press: 'Enter' });
    await focusOn('the sign-in heading', heading('Sign in to your wallet'));
    await waitFor(() => live(el)?.textContent?.trim() === 'You signed out.', 'the sign-out said');
    expect(liveSaying(el, 'You signed out.')).to.have.length(1);
    expect(el.shadowRoot!.querySelector('[role="region"]')?.getAttribute('aria-label')).to.equal('Wallet');
  });

  it('the recovery phrase: Reveal focuses the words, Hide focuses the confirmation again', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await openSection(el, 'Recovery phrase');
    const box = await waitFor(
      () => deepQueryAll<HTMLInputElement>('ew-export-wallet input[type="checkbox"], input[type="checkbox"]', el)[0],
      'the confirmation',
    );
    await click(box);
    const reveal = await waitFor(() => buttonNamed('Reveal recovery phrase', el), 'the reveal button');
    await waitFor(() => !reveal.disabled, 'enabled');
    await tabTo(reveal);
    await sendKeys({ press: 'Enter' });
    await focusOn('the words', (a) => a.matches('[part~="words"]'));
    await tabTo(buttonNamed('Hide', el)!);
    await sendKeys({ press: 'Enter' });
    await focusOn('the confirmation', (a) => a.matches('input[type="checkbox"]'));
  });

  it('keyboard only: signs in by email code, approves a payment and reaches the receipt, the focus checked at each step', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    // Sign in: Tab to "Email me a code", Enter, type the code.
    const send = await waitFor(() => buttonNamed('Email me a code', el), 'the email button');
    await tabTo(send);
    await sendKeys({ press: 'Enter' });
    const input = await codeInput(el);
    await focusOn('the code field', (a) => a === input);
    await sendKeys({ type: '000000' });
    await focusOn('the signed-in heading', heading('Your wallet'));

    // The host sets the payment; the user tabs to Approve, back and forth, and presses Space once it is armed.
    const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
    approve.quote = await quoteFor(wallet);
    el.append(approve);
    const button = await waitFor(
      () => approve.shadowRoot?.querySelector<HTMLButtonElement>('[part~="submit"]'),
      'approve',
    );
    await tabTo(button);
    await shiftTab();
    expect(deepActiveElement()).to.not.equal(button);
    await sendKeys({ press: 'Tab' });
    await focusOn('Approve', (a) => a === button);
    await waitFor(() => button.getAttribute('aria-disabled') === 'false', 'armed');
    const signed = new Promise((resolve) => el.addEventListener('ew-signature', resolve, { once: true }));
    await sendKeys({ press: ' ' }); // Space, by its character: every launcher knows it

    await signed;
    await focusOn('the receipt', (a) => a.matches('[part~="status"]'));
    expect(focusedText()).to.equal('Approved. Your payment is on its way…');

    // The host learns the payment completed: said once, by the wallet's live region.
    approve.status = 'completed';
    await waitFor(() => live(el)?.textContent?.trim() === 'Payment sent.', 'the receipt said');
    expect(liveSaying(el, 'Payment sent.')).to.have.length(1);
    expect(deepActiveElement()).to.not.equal(document.body);
  });
});
