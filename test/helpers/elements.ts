/** Mounting and driving `<ew-wallet>` in element tests, against the sandbox at /api. */
import '../../src/define.js';
// Loaded on first use in a page; the tests create approvals at once, so it is defined here up front.
import '../../src/elements/approve-quote/approve-quote.lazy.js';
import type { EwWallet } from '../../src/elements/index.js';
import { sandboxKeys, type TestWallet } from './browser-stack.js';
import { buttonNamed, click, deepActiveElement, deepQueryAll, sendKeys, tabTo, waitFor } from './dom.js';

/** An `<ew-wallet>` for `wallet`, configured by attributes as a partner would, appended to the page. */
export async function mountWallet(
  wallet: TestWallet,
  extra: Record<string, string> = {},
  properties: Partial<EwWallet> = {},
): Promise<EwWallet> {
  const keys = await sandboxKeys();
  const el = document.createElement('ew-wallet');
  const attributes = {
    'api-base': '/api',
    'account-id': wallet.accountId,
    'customer-id': wallet.customerId,
    'otp-target-key': keys.otpTarget,
    'export-key': keys.export,
    ...extra,
  };
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  Object.assign(el, properties);
  document.body.append(el);
  return el;
}

/** The one-time-code field, wherever the elements put it. */
export const codeInput = (root: Element) =>
  waitFor(() => deepQueryAll<HTMLInputElement>('input[autocomplete="one-time-code"]', root)[0], 'the code field');

/** Signs in by keyboard: Tab to "Email me a code", Enter, type the sandbox code. */
export async function signInByTyping(el: EwWallet): Promise<void> {
  const send = await waitFor(() => buttonNamed('Email me a code', el), 'the email button');
  await tabTo(send);
  await sendKeys({ press: 'Enter' });
  const input = await codeInput(el);
  await waitFor(() => deepActiveElement() === input, 'focus on the code field');
  await sendKeys({ type: '000000' }); // submits itself on the last digit
  await waitFor(() => el.client?.state.status === 'signed-in', 'signed in');
}

/** Opens one of the wallet's built-in sections (a `<details>`) by clicking its summary. */
export async function openSection(el: EwWallet, title: string): Promise<void> {
  const summary = await waitFor(
    () => deepQueryAll('summary', el).find((s) => s.textContent?.trim() === title),
    `the "${title}" section`,
  );
  const details = summary.parentElement as HTMLDetailsElement;
  // A view arriving above it (a lazy file) may move the summary between aiming and clicking:
  // as a user would, click again where it now is.
  for (let tries = 0; !details.open && tries < 3; tries++) {
    await click(summary);
    await waitFor(() => details.open || undefined, `the "${title}" section open`, 1_000).catch(() => undefined);
  }
  if (!details.open) throw new Error(`the "${title}" section did not open`);
}

/** The next `type` event from `el`; fails after `timeoutMs` naming the event. */
export const nextEvent = <T = any>(el: EventTarget, type: string, timeoutMs = 10_000) =>
  new Promise<CustomEvent<T>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
    el.addEventListener(type, (e) => (clearTimeout(timer), resolve(e as CustomEvent<T>)), { once: true });
  });

/** The text of every alert under `el` (shadow roots included), trimmed. */
export const alertText = (el: Element) => deepQueryAll('[role="alert"]', el).map((a) => a.textContent?.trim() ?? '');

/**
 * What one press did first: `'asked'` once `asking()` finds the question,
 * `'acted'` when `acted` (the action's event) fires before it, `'neither'` in 10 s.
 */
export const firstOf = (el: EventTarget, acted: string, asking: () => unknown) =>
  Promise.race([
    waitFor(asking, 'the question').then(() => 'asked' as const),
    nextEvent(el, acted).then(() => 'acted' as const),
  ]).catch(() => 'neither' as const);
