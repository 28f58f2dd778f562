/**
 * The test page's other windows (the `popup` command in web-test-runner.config.js): isolated mode's
 * confirmation window, opened by the wallet's frame, is a window of its own that the test page cannot
 * reach. What it shows comes from its probe (isolated-frame.ts's `approvalWindow`).
 */
import { executeServerCommand } from '@web/test-runner-commands';

const PAGE = '/approve.html';

async function popup(action: 'find' | 'click' | 'key' | 'close', x = 0, y = 0, key = ''): Promise<boolean> {
  const answer = (await executeServerCommand('popup', { urlEnd: PAGE, action, x, y, key })) as {
    open?: boolean;
    missing?: string;
  };
  if (answer.missing) throw new Error(answer.missing);
  return !!answer.open;
}

/** Whether the confirmation window is open. */
export const popupOpen = () => popup('find');

/** A real click in the confirmation window at its viewport's (`x`, `y`). */
export async function clickInPopup(x: number, y: number): Promise<void> {
  if (!(await popup('click', x, y))) throw new Error('no confirmation window is open');
}

/** A real key press (`key` as Playwright names it: `Escape`) in the confirmation window. */
export async function pressInPopup(key: string): Promise<void> {
  if (!(await popup('key', 0, 0, key))) throw new Error('no confirmation window is open');
}

/** Closes the confirmation window as its user would. */
export async function closePopup(): Promise<void> {
  if (!(await popup('close'))) throw new Error('no confirmation window is open');
}

/** Waits until no confirmation window is open, or fails with `what`. */
export async function popupClosed(what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (await popupOpen()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
