/**
 * The test page's other windows (the `popup` command in web-test-runner.config.js): isolated mode's
 * confirmation window, opened by the wallet's frame, is a window of its own that the test page cannot
 * reach. What it shows comes from its probe (isolated-frame.ts's `approvalWindow`). Each function takes
 * the window's page (default: the confirmation window's).
 */
import { executeServerCommand } from '@web/test-runner-commands';

export const APPROVAL_PAGE = '/approve.html';
export const PASSKEY_PAGE = '/passkey.html';

type Action = 'find' | 'click' | 'key' | 'close' | 'authenticator';

export async function popup(
  action: Action,
  { x = 0, y = 0, key = '', page = APPROVAL_PAGE, credentials = [] as unknown[] } = {},
): Promise<boolean> {
  const answer = (await executeServerCommand('popup', { urlEnd: page, action, x, y, key, credentials })) as {
    open?: boolean;
    missing?: string;
  };
  if (answer.missing) throw new Error(answer.missing);
  return !!answer.open;
}

/** Whether the confirmation window is open. */
export const popupOpen = (page = APPROVAL_PAGE) => popup('find', { page });

/** A real click in the confirmation window at its viewport's (`x`, `y`). */
export async function clickInPopup(x: number, y: number, page = APPROVAL_PAGE): Promise<void> {
  if (!(await popup('click', { x, y, page }))) throw new Error(`no window of ${page} is open`);
}

/** A real key press (`key` as Playwright names it: `Escape`) in the confirmation window. */
export async function pressInPopup(key: string): Promise<void> {
  if (!(await popup('key', { key }))) throw new Error('no confirmation window is open');
}

/** Closes the confirmation window as its user would. */
export async function closePopup(): Promise<void> {
  if (!(await popup('close'))) throw new Error('no confirmation window is open');
}

/** Waits until no confirmation window is open, or fails with `what`. */
export async function popupClosed(what: string, timeoutMs = 10_000, page = APPROVAL_PAGE): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (await popupOpen(page)) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
