/**
 * Isolated mode's confirmation window (src/frame-page/approval-window/): with
 * frame.json's `approvalWindow`, Approve in the wallet's frame opens a window
 * on the frame's own origin that shows the payment again, checked from the
 * quote, and only its Confirm (a real click, once armed) signs. No host page
 * can cover, fade or transform that window: it is the mechanism against a
 * hidden frame in engines without IntersectionObserver v2 (Firefox, WebKit).
 * Closing or cancelling it signs nothing, and neither does a page script
 * posting the window's answer to the frame, or a quote changed meanwhile.
 */
import { expect } from 'chai';
import { afterEach, beforeEach, describe, it } from '#test-harness';
import { tracksVisibility } from '../../src/elements/approve-quote/arming.js';
import { quoteFor } from '../helpers/browser-stack.js';
import { sendMouse, waitFor } from '../helpers/dom.js';
import { armedInView, expectExecuted, signedInApproval, type Approval } from '../helpers/isolated-approval.js';
import { approvalWindow, frameApproval, resetFrameApproval } from '../helpers/isolated-frame.js';
import { clickInPopup, closePopup, popupClosed, popupOpen, pressInPopup } from '../helpers/popup.js';

beforeEach(() => resetFrameApproval());
afterEach(async () => {
  if (await popupOpen()) await closePopup();
  document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  scrollTo(0, 0);
});

/** Presses Approve in the frame (a real click, once armed): the window opens, armed in its turn. */
async function approveInFrame(page: Approval) {
  const position = await armedInView(page.el);
  await sendMouse({ type: 'click', position });
  return waitFor(() => {
    const shown = approvalWindow();
    return shown?.submit && shown.armed ? shown : undefined;
  }, 'the confirmation window, armed');
}

const centre = (box: { x: number; y: number; width: number; height: number }) =>
  [box.x + box.width / 2, box.y + box.height / 2] as const;

/** No signature for `ms`. */
async function noSignature(page: Approval, ms = 800): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
  expect(page.signatures, 'signatures').to.have.length(0);
}

describe('isolated mode: the confirmation window', () => {
  it('Approve opens a window showing the same payment; only its Confirm signs, and the service executes it', async () => {
    const page = await signedInApproval({ 'app-name': 'Acme Shop' }, undefined, 'always');
    const quote = await quoteFor(page.wallet, 1_000);
    page.approve.quote = quote;
    const shown = await approveInFrame(page);
    const card = frameApproval()!;
    // The same payment, said by the window in its own words: who asks, the amounts.
    expect(shown.title).to.equal('Confirm payment');
    expect(shown.requester).to.equal(`${location.host} (Acme Shop) asks you to approve this payment.`);
    expect(shown.summary).to.equal(card.summary);
    expect(shown.summary).to.include('$10.00');
    // Approve alone signed nothing: the frame waits for the window, and says so.
    await noSignature(page, 300);
    await clickInPopup(...centre(shown.submit!));
    await waitFor(() => page.signatures.length === 1, 'ew-signature after Confirm');
    await popupClosed('the window closed');
    await expectExecuted(page, quote);
  });

  it('closing the window, Cancel or Escape signs nothing; Approve then opens a new window', async () => {
    const page = await signedInApproval({}, undefined, 'always');
    page.approve.quote = await quoteFor(page.wallet, 1_000);
    await approveInFrame(page);
    await closePopup();
    await noSignature(page);
    // Back to Approve, with no error: the user changed their mind.
    await waitFor(() => frameApproval()?.armed === true, 'Approve again');
    expect(frameApproval()!.error).to.equal(null);
    const shown = await approveInFrame(page);
    await clickInPopup(...centre(shown.cancel!));
    await popupClosed('the window closed on Cancel');
    await noSignature(page);
    // Escape is Cancel too.
    await approveInFrame(page);
    await pressInPopup('Escape');
    await popupClosed('the window closed on Escape');
    await noSignature(page);
    expect(page.approveHeard.filter((h) => h.startsWith('ew-error'))).to.deep.equal([]);
  });

  it('a page script posing as the window, a quote changed or the approval removed while it is open: nothing signed', async () => {
    // A script that ran before the host script keeps every shadow root, closed ones too.
    const roots: ShadowRoot[] = [];
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = attach.call(this, init);
      roots.push(root);
      return root;
    };
    let page: Approval;
    try {
      page = await signedInApproval({}, undefined, 'always');
    } finally {
      Element.prototype.attachShadow = attach;
    }
    const frame = roots.map((root) => root.querySelector('iframe')).find(Boolean)!.contentWindow!;
    const quote = await quoteFor(page.wallet, 1_000);
    page.approve.quote = quote;
    await approveInFrame(page);
    // The window's answer, from the host page: not the window, not its origin.
    frame.postMessage({ t: 'ew-approval-confirm', quoteId: quote.id }, '*');
    await noSignature(page);
    expect(await popupOpen(), 'the window still waits for its user').to.equal(true);
    // Another quote from the host: the window showed the first one, so it closes unsigned.
    page.approve.quote = await quoteFor(page.wallet, 2_000);
    await popupClosed('the window closed when the quote changed');
    await noSignature(page);
    // The host takes the approval away while the window is open: it closes, unsigned.
    await approveInFrame(page);
    page.approve.remove();
    await popupClosed('the window closed when the approval left the page');
    await noSignature(page);
  });

  it('"where-unseen": a window where the engine cannot see a covered frame, none where it can (Chromium)', async () => {
    const page = await signedInApproval({}, undefined, 'where-unseen');
    page.approve.quote = await quoteFor(page.wallet, 1_000);
    const position = await armedInView(page.el);
    await sendMouse({ type: 'click', position });
    if (tracksVisibility) {
      await waitFor(() => page.signatures.length === 1, 'ew-signature straight from Approve');
      expect(await popupOpen()).to.equal(false);
    } else {
      const shown = await waitFor(() => approvalWindow()?.armed && approvalWindow(), 'the confirmation window');
      await noSignature(page, 300);
      await clickInPopup(...centre(shown.submit!));
      await waitFor(() => page.signatures.length === 1, 'ew-signature after Confirm');
    }
  });
});
