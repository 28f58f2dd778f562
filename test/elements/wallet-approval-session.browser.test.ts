/**
 * A payment slotted in `<ew-wallet>` outlives the session: signed out (here, or in
 * another tab), the wallet keeps the payment on screen, says why the session ended and
 * offers sign-in right there; signed in again, the same quote is approved. Against the
 * sandbox through the relay.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import type { EwApproveQuote, EwWallet } from '../../src/elements/index.js';
import { advanceSandbox, makeClient, newWallet, quoteFor } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepActiveElement, deepQueryAll, sendKeys, waitFor } from '../helpers/dom.js';
import { codeInput, mountWallet, nextEvent, signInByTyping } from '../helpers/elements.js';

const shown = (el: Element) => el.getClientRects().length > 0;
/** The approval's own Approve button (the inline sign-in's buttons have a `submit` part too). */
const approveButton = (approve: EwApproveQuote) =>
  approve.shadowRoot?.querySelector<HTMLButtonElement>('[part~="submit"]') ?? undefined;
const saying = (el: Element, words: string) =>
  deepQueryAll('p, [role="status"]', el).find((p) => shown(p) && p.textContent?.includes(words));

async function paymentPage() {
  const wallet = await newWallet();
  const el = await mountWallet(wallet);
  await signInByTyping(el);
  const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
  approve.quote = await quoteFor(wallet);
  el.append(approve);
  await waitFor(() => approveButton(approve), 'the approve button');
  return { wallet, el, approve };
}

/** The payment is on screen, and nothing in it can approve. */
async function keptButNotApprovable(el: EwWallet, approve: EwApproveQuote) {
  await waitFor(() => shown(approve) && deepQueryAll('[part~="summary"]', approve)[0], 'the payment still shown');
  expect(deepQueryAll('[part~="summary"]', approve)[0]!.textContent).to.include('$10.00');
  await waitFor(() => saying(approve, 'Sign in again to approve'), 'the inline sign-in prompt');
  expect(approveButton(approve)).to.equal(undefined);
  const signatures: Event[] = [];
  el.addEventListener('ew-signature', (e) => signatures.push(e));
  expect(await approve.approve()).to.equal(undefined);
  expect(signatures).to.have.length(0);
  // One sign-in form: the approval's, not a second one of the wallet's above it.
  expect(deepQueryAll('ew-sign-in', el).filter(shown)).to.have.length(1);
}

describe('<ew-wallet> keeps a pending payment when the session ends', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  });

  it('signed out with the button: the payment stays, says why, signs in inline, and the same quote is approved', async () => {
    const { el, approve } = await paymentPage();
    const quoteId = approve.quote!.id;
    await click(await waitFor(() => buttonNamed('Sign out', el), 'sign out'));
    await waitFor(() => el.client?.state.status === 'signed-out', 'signed out');
    await waitFor(() => saying(el, 'You signed out.'), 'why the session ended');
    await keptButNotApprovable(el, approve);
    // The focus went from Sign out to the payment kept on screen (its heading), not to <body>.
    const approveHeading = () => approve.shadowRoot!.querySelector('h2');
    await waitFor(() => deepActiveElement() === approveHeading(), 'the focus on the kept payment');

    await click(await waitFor(() => buttonNamed('Email me a code', approve), 'the inline email button'));
    const input = await codeInput(approve);
    input.focus();
    await sendKeys({ type: '000000' });
    await waitFor(() => el.client?.state.status === 'signed-in', 'signed in again');
    // Signed in from the payment: the focus stays with it (its heading), Approve a Tab away.
    await waitFor(() => deepActiveElement() === approveHeading(), 'the focus back on the payment');
    const button = await waitFor(() => approveButton(approve), 'approve');
    button.scrollIntoView({ block: 'center' });
    await waitFor(() => button.getAttribute('aria-disabled') === 'false', 'armed');
    const signature = nextEvent(el, 'ew-signature');
    await click(button);
    expect((await signature).detail.quoteId).to.equal(quoteId);
  });

  it('signed out in another tab: the payment stays and the wallet says so', async () => {
    const { wallet, el, approve } = await paymentPage();
    // Another tab of this wallet (the same storage, the same channel) signs out.
    const other = await makeClient(wallet);
    await waitFor(() => other.state.status === 'signed-in', 'the other tab restored the session');
    await other.signOut();
    other.close();
    await waitFor(() => saying(el, 'You were signed out in another tab.'), 'why the session ended');
    await keptButNotApprovable(el, approve);
  });

  it('expired: the payment stays and the wallet says the session expired; nothing can approve it', async () => {
    const { el, approve } = await paymentPage();
    const client = el.client!;
    const session = client.state.status === 'signed-in' ? client.state.session : undefined;
    await advanceSandbox(session!.expiresAt.getTime() - client.serverNow() + 1_000);
    await client.listSessions().catch(() => undefined); // the client sees the service's clock move
    document.dispatchEvent(new Event('visibilitychange')); // the page shown again: the expiry is checked
    await waitFor(() => saying(el, 'Your session expired.'), 'why the session ended');
    await waitFor(() => shown(approve) && deepQueryAll('[part~="summary"]', approve)[0], 'the payment still shown');
    expect(approveButton(approve)).to.equal(undefined);
    expect(await approve.approve()).to.equal(undefined);
    // Its quote expired too (5 minutes against the session's 15): it offers no sign-in of its own,
    // so the wallet's shows. A signed-out wallet always has one way to sign in, never none.
    expect(approve.paymentApprovable).to.equal(false);
    const signIns = await waitFor(
      () => deepQueryAll('ew-sign-in', el).filter(shown).length === 1 || undefined,
      'one sign-in',
    );
    expect(signIns).to.equal(true);
    expect(shown(el.shadowRoot!.querySelector('ew-sign-in')!)).to.equal(true);
  });

  it('without a payment, the sign-in view says why the session ended', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await click(await waitFor(() => buttonNamed('Sign out', el), 'sign out'));
    await waitFor(() => saying(el, 'You signed out.'), 'why the session ended');
    await waitFor(() => buttonNamed('Email me a code', el), 'the sign-in methods');
  });
});
