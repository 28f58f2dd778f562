/**
 * `<ew-wallet>`'s home stays current: the balance is read again when a payment is set,
 * when the page is shown again, after a signed operation, on a light poll and when the
 * host asks (`refreshBalance()`), and says how fresh it is; the session's countdown shows
 * only when it matters. Against the sandbox through the relay.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import type { EwApproveQuote } from '../../src/elements/index.js';
import { newWallet, platform, quoteFor, recording } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepActiveElement, deepQueryAll, sendKeys, waitFor } from '../helpers/dom.js';
import { mountWallet, nextEvent, signInByTyping } from '../helpers/elements.js';

const text = (el: Element, selector: string) => deepQueryAll(selector, el)[0]?.textContent?.trim() ?? '';
const balance = (el: Element) => text(el, '[part~="balance"]');
const fund = (accountId: string, amount: number) =>
  platform('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount });

describe('<ew-wallet> keeps its home current', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  });

  it('a payment set on a slotted approval reads the balance again (not $0.00 beside $10.00 to pay), and so does its signature', async () => {
    const wallet = await newWallet();
    const { transport, calls } = recording();
    const el = await mountWallet(wallet, {}, { transport });
    await signInByTyping(el);
    await waitFor(() => balance(el) === '$0.00', 'the empty balance');
    const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
    el.append(approve);
    approve.quote = await quoteFor(wallet); // funds the wallet with $500.00 first, as a host does
    await waitFor(() => balance(el) === '$500.00', 'the balance read again for the payment');
    // Approving is a signed operation: the balance is read again after it.
    const reads = () => calls.filter((c) => c === 'GET /customers/internal-accounts').length;
    const before = reads();
    const button = await waitFor(
      () => approve.shadowRoot?.querySelector<HTMLButtonElement>('[part~="submit"]'),
      'approve',
    );
    button.scrollIntoView({ block: 'center' });
    await waitFor(() => button.getAttribute('aria-disabled') === 'false', 'armed');
    const signed = nextEvent(el, 'ew-signature');
    await click(button);
    await signed;
    await waitFor(() => reads() > before, 'a read after the signature');
  });

  it('reads the balance again when the page is shown again, and when the host calls refreshBalance()', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await waitFor(() => balance(el) === '$0.00', 'the empty balance');
    await fund(wallet.accountId, 1_234);
    document.dispatchEvent(new Event('visibilitychange')); // the tab shown again (it is visible)
    await waitFor(() => balance(el) === '$12.34', 'the balance read on visibilitychange');
    await fund(wallet.accountId, 766);
    await el.refreshBalance();
    expect(balance(el)).to.equal('$20.00');
  });

  it('polls the balance while signed in (balance-refresh-seconds) and says how fresh it is', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet, { 'balance-refresh-seconds': '0.2' });
    await signInByTyping(el);
    await waitFor(() => balance(el) === '$0.00', 'the empty balance');
    expect(text(el, '[part~="updated"]')).to.equal('Updated just now');
    await fund(wallet.accountId, 4_200);
    await waitFor(() => balance(el) === '$42.00', 'the polled balance');
  });

  it('a background read is quiet: while the polls fail nothing is said, the balance stays, Refresh stays usable', async () => {
    const wallet = await newWallet();
    await fund(wallet.accountId, 1_234);
    const el = await mountWallet(wallet, { 'balance-refresh-seconds': '0.2' });
    await signInByTyping(el);
    await waitFor(() => balance(el) === '$12.34', 'the balance');
    const refresh = buttonNamed('Refresh', el)!;
    const errors: Event[] = [];
    el.addEventListener('ew-error', (e) => errors.push(e));
    const online = window.fetch;
    let polls = 0;
    const seen = { disabled: false, busy: false, error: false };
    window.fetch = () => (polls++, Promise.reject(new TypeError('Failed to fetch')));
    try {
      await waitFor(() => {
        seen.disabled ||= refresh.disabled;
        seen.busy ||= deepQueryAll('[aria-busy="true"]', el).length > 0;
        seen.error ||= deepQueryAll('[part~="error"]', el).length > 0;
        return polls >= 3 || undefined;
      }, 'three failed polls');
    } finally {
      window.fetch = online;
    }
    expect(seen).to.deep.equal({ disabled: false, busy: false, error: false });
    expect(errors).to.have.length(0);
    expect(balance(el)).to.equal('$12.34');
  });

  it('the session countdown and "Stay signed in" show only when the session nears its end; Sign out always', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await waitFor(() => buttonNamed('Sign out', el), 'sign out');
    const header = () => deepQueryAll('[part~="header"]', el)[0]!;
    expect(header().textContent).to.not.include('Session ends in');
    expect(buttonNamed('Stay signed in', el)).to.equal(undefined);
    // The client's quiet refresh failed (as it says with its `error` event): both show, whatever is left.
    el.client!.dispatchEvent(
      new CustomEvent('error', { detail: { error: new Error('offline'), operation: 'autoRefresh' } }),
    );
    await waitFor(() => buttonNamed('Stay signed in', el), 'stay signed in, after a failed refresh');
    expect(header().textContent).to.match(/Session ends in 1[0-5]:\d\d/);
    // Pressed by keyboard, it refreshes the session and goes: the focus moves to the view's heading, not <body>.
    buttonNamed('Stay signed in', el)!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !buttonNamed('Stay signed in', el) || undefined, 'the session refreshed');
    await waitFor(() => deepActiveElement()?.id === 'wallet-heading' || undefined, 'the focus on the heading');
    // A session of at most 30 s (plus the clock's slack) is inside the last two minutes from the start.
    const short = await mountWallet(await newWallet(), { 'max-session-seconds': '30' });
    await signInByTyping(short);
    await waitFor(() => buttonNamed('Stay signed in', short), 'stay signed in, near the end');
    expect(deepQueryAll('[part~="header"]', short)[0]!.textContent).to.match(/Session ends in [0-2]:\d\d/);
    expect(buttonNamed('Sign out', short)).to.not.equal(undefined);
  });
});
