/**
 * Isolated mode's confirmation window in the page tests: with frame.json's default
 * (`approvalWindow: "where-unseen"`), Approve in the wallet's frame opens it in
 * engines without IntersectionObserver v2, and the payment is signed only once
 * the user confirms there.
 */
import { expect } from 'chai';
import type { Tab } from './engine/index.js';

/** After Approve in `tab`'s wallet frame: confirms in the window where this engine opens one; says whether it did. */
export async function confirmIfAsked(tab: Tab): Promise<boolean> {
  const seesCovers = await tab.evaluate(
    () => typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype,
  );
  if (seesCovers) return false;
  const window = await tab.popup('/approve.html');
  if (!window) return false; // an automation that cannot list windows (WebKitGTK's cannot reach the frame either)
  await window.waitFor({ role: 'heading', name: 'Confirm payment' });
  await window.click({ role: 'button', name: 'Confirm payment' }); // arms once in view for a moment
  expect(await window.problems(), 'the confirmation window').to.deep.equal([]);
  return true;
}
