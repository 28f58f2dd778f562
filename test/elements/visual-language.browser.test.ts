/**
 * What the user sees of the wallet's visual language, against the sandbox through the relay:
 * every interactive target at least 44 × 44 px at 320 px (sign-in and the signed-in overview),
 * one error per view (the newest), spinners that show only once a wait has lasted 300 ms, and
 * the receipt after approval (mark, time in the element's locale, reference, next step, Done).
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { fetchTransport } from '../../src/client/index.js';
import type { EwApproveQuote, EwWallet } from '../../src/elements/index.js';
import type { Transport } from '../../src/protocol/index.js';
import { shortReference } from '../../src/elements/approve-quote/receipt.js';
import { emailSignIn, makeClient, newWallet, quoteFor, testIdp } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepQueryAll, sendKeys, waitFor } from '../helpers/dom.js';
import { mountWallet, nextEvent, openSection, signInByTyping } from '../helpers/elements.js';
import { setViewportSize } from '../helpers/viewport.js';

/** Every button, summary, link and field drawn in `root` (shadow roots included) smaller than 44 × 44 px. */
function smallTargets(root: Element): string[] {
  return deepQueryAll('button, summary, a[href], input', root)
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => [el, el.getBoundingClientRect()] as const)
    .filter(([, box]) => box.width < 44 || box.height < 44)
    .map(
      ([el, box]) => `"${el.textContent?.trim() || el.localName}" ${Math.round(box.width)}×${Math.round(box.height)}`,
    );
}

/**
 * 320 px wide: the viewport where the engine allows it, else the wallet itself (WebKitGTK's
 * window is never that narrow), as wide as it would be there (the page's 8 px margins).
 */
async function narrow(el: HTMLElement): Promise<void> {
  if (await setViewportSize(320)) el.style.width = '304px';
}

/** A signed-out wallet at 320 px with email and SMS codes and an OAuth identity (a long provider name). */
async function signInPage(): Promise<EwWallet> {
  const wallet = await newWallet({ phone: true });
  const client = await makeClient(wallet);
  await emailSignIn(client, wallet);
  await client.registerOAuth({ oidcTokenProvider: testIdp(client, `look-${Date.now()}`) });
  await client.signOut();
  const el = await mountWallet(wallet, { 'oauth-label': 'Continue with Google Workspace' });
  el.oidcTokenProvider = testIdp(client);
  await narrow(el);
  return el;
}

const OFFLINE = 'You appear to be offline. Check your connection and try again.';

describe('the visual language', () => {
  afterEach(async () => {
    document.querySelectorAll('ew-wallet, ew-approve-quote').forEach((el) => el.remove());
    await setViewportSize(800);
  });

  it('sign-in at 320 px: every target at least 44 × 44 px, before and after a code is sent', async () => {
    const el = await signInPage();
    await waitFor(() => buttonNamed('Continue with Google Workspace', el), 'the OAuth button');
    expect(smallTargets(el)).to.deep.equal([]);
    await click(buttonNamed('Email me a code', el)!);
    await waitFor(() => buttonNamed('Use another method', el), 'the code view');
    expect(smallTargets(el), 'with a code sent').to.deep.equal([]);
  });

  it('sign-in: one primary method, the others outlined after an "or", each with its icon; no label wraps at 320 px', async () => {
    const el = await signInPage();
    const oauth = await waitFor(() => buttonNamed('Continue with Google Workspace', el), 'the OAuth button');
    const email = buttonNamed('Email me a code', el)!;
    const others = [buttonNamed('Text me a code', el)!, oauth];
    const fill = (button: HTMLButtonElement) => getComputedStyle(button).backgroundColor;
    expect(others.map(fill)).to.deep.equal([fill(oauth), fill(oauth)]);
    expect(fill(email)).to.not.equal(fill(oauth));
    expect(deepQueryAll('.or', el).map((or) => or.textContent?.trim())).to.deep.equal(['or']);
    for (const button of [email, ...others]) {
      expect(deepQueryAll('svg[aria-hidden="true"]', button), button.textContent!).to.have.length(1);
      expect(button.getBoundingClientRect().height, `"${button.textContent!.trim()}" on one line`).to.be.below(48);
    }
    // Even gaps: the same space between each method and what follows it.
    const boxes = [email, ...deepQueryAll('.or', el), ...others].map((x) => x.getBoundingClientRect());
    const gaps = boxes.slice(1).map((box, i) => Math.round(box.top - boxes[i]!.bottom));
    expect(new Set(gaps).size, `gaps ${gaps.join(', ')}`).to.equal(1);
  });

  it('the signed-in overview at 320 px: Refresh, Copy and Show QR are buttons with an icon, every target at least 44 × 44 px', async () => {
    const el = await mountWallet(await newWallet());
    await narrow(el);
    await signInByTyping(el);
    await waitFor(() => deepQueryAll('[part~="address"]', el)[0], 'the address');
    expect(smallTargets(el)).to.deep.equal([]);
    for (const name of ['Refresh', 'Copy address', 'Show QR code'])
      expect(deepQueryAll('svg', buttonNamed(name, el)!), name).to.have.length(1);
  });

  it('one error per view: a second failure while offline replaces the first, it is not said twice; the first still offers Try again', async () => {
    const el = await mountWallet(await newWallet());
    await signInByTyping(el);
    await waitFor(() => deepQueryAll('[part~="balance"]', el)[0], 'the balance');
    const online = window.fetch;
    window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      // The devices' list fails to load in its section, then the balance's Refresh fails too.
      await openSection(el, 'Signed-in devices');
      await waitFor(() => deepQueryAll('[part~="error"]', el).length, "the devices' error");
      await click(buttonNamed('Refresh', el)!);
      await waitFor(
        () => deepQueryAll('[part~="error"]', el.shadowRoot!.querySelector('ew-wallet-overview')!)[0],
        "the overview's error",
      );
      const said = deepQueryAll('[part~="error"]', el).map((p) => p.textContent?.trim());
      expect(said).to.deep.equal([OFFLINE]);
    } finally {
      window.fetch = online;
    }
    // The devices' list, its message hidden by the newer one, still offers Try again (not "Loading…" for ever).
    const sessions = deepQueryAll('ew-sessions', el)[0]!;
    await click(await waitFor(() => buttonNamed('Try again', sessions), "the devices' Try again"));
    await waitFor(() => deepQueryAll('li', sessions).length > 0, 'the devices listed');
  });

  it('a spinner shows only once a wait has lasted 300 ms, inside a status', async () => {
    const el = await mountWallet(
      {
        customerId: 'Customer:00000000-0000-4000-8000-000000000000',
        accountId: 'InternalAccount:00000000-0000-4000-8000-000000000000',
        emailCredentialId: '',
        smsCredentialId: undefined,
      },
      {},
      { transport: () => new Promise(() => {}) }, // every request waits for ever
    );
    const shown = await waitFor(() => deepQueryAll('[part~="spinner"]', el)[0], 'a spinner');
    expect(shown.closest('[role="status"]'), 'what is awaited is said in a status').to.not.equal(null);
    // A spinner drawn now, its animations held at chosen times (no race with the clock).
    const spinner = shown.cloneNode(true) as HTMLElement;
    shown.after(spinner);
    const appear = spinner.getAnimations().find((a) => (a as CSSAnimation).animationName === 'ew-appear');
    spinner.getAnimations().forEach((a) => a.pause());
    expect(appear, 'an animation that holds it hidden').to.not.equal(undefined);
    const opacityAt = (ms: number) => {
      appear!.currentTime = ms;
      return getComputedStyle(spinner).opacity;
    };
    expect([opacityAt(0), opacityAt(299), opacityAt(300)]).to.deep.equal(['0', '0', '1']);
    spinner.remove();
  });

  it('a wait inside a button has a spinner there and a status that says it (a button changing its words is not announced)', async () => {
    const sandbox = fetchTransport('/api');
    // Sending a code waits for ever; everything else goes to the sandbox.
    const transport: Transport = (request) =>
      request.method === 'POST' && request.path.endsWith('/challenge') ? new Promise(() => {}) : sandbox(request);
    const el = await mountWallet(await newWallet(), {}, { transport });
    await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
    const otp = deepQueryAll('ew-otp-sign-in', el)[0]!;
    await waitFor(() => deepQueryAll('button [part~="spinner"]', otp)[0], 'the spinner in the button');
    expect(deepQueryAll('[role="status"]', otp).map((x) => x.textContent?.trim())).to.include('Sending a code…');
  });

  it("the receipt: a mark, the time in the element's locale, the reference, the next step after a failure, and Done", async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
    approve.quote = await quoteFor(wallet);
    approve.locale = 'en-GB';
    el.append(approve);
    await waitFor(() => deepQueryAll('[part~="summary"]', approve)[0], 'the summary');
    const approval = await approve.approve();
    expect(approval?.quoteId).to.equal(approve.quote.id);
    const receipt = () => deepQueryAll('[part~="receipt"]', approve)[0];
    await waitFor(() => receipt()?.getAttribute('data-state') === 'processing', 'the receipt, processing');
    expect(deepQueryAll('[part~="spinner"]', receipt()!)).to.have.length(1);

    approve.status = 'completed';
    await approve.updateComplete;
    expect(deepQueryAll('.mark svg', receipt()!)).to.have.length(1);
    const time = deepQueryAll<HTMLTimeElement>('time', receipt()!)[0]!;
    const at = new Date(time.dateTime);
    expect(Date.now() - at.getTime()).to.be.within(0, 60_000);
    const format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    expect(time.textContent?.trim()).to.equal(format.format(at));
    const reference = deepQueryAll('[part~="reference"]', receipt()!)[0]!;
    expect([reference.textContent?.trim(), reference.title]).to.deep.equal([
      shortReference(approval!.quoteId),
      approval!.quoteId,
    ]);
    expect(buttonNamed('Copy reference', receipt()!)).to.not.equal(undefined);

    approve.status = 'failed';
    approve.failureReason = 'COUNTERPARTY_DELIVERY_FAILED';
    await approve.updateComplete;
    expect(receipt()!.textContent).to.include('Ask for a new quote and try again.');

    const done = nextEvent(el, 'ew-receipt-done');
    // By keyboard: the balance read the settled payment starts may move the page under a pointer.
    buttonNamed('Done', receipt()!)!.focus();
    await sendKeys({ press: 'Enter' });
    expect((await done).detail).to.deep.equal({ quoteId: approval!.quoteId, status: 'failed' });
    await approve.updateComplete;
    expect([approve.quote, approve.shadowRoot!.textContent!.trim()]).to.deep.equal([
      undefined,
      'No payment to approve yet.',
    ]);
  });
});
