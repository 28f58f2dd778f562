/** DOM helpers for element tests: find through shadow roots, wait, and drive real input. */
import { sendKeys as runnerSendKeys, sendMouse } from '@web/test-runner-commands';
import { deepActiveElement, deepElementFromPoint, deepQueryAll } from './deep-dom.js';

export { deepActiveElement, deepQueryAll } from './deep-dom.js';

/** Calls `find` after each `tick` until it returns something truthy, or fails with `what` after `timeoutMs`. */
async function poll<T>(
  find: () => T | undefined | null | false,
  what: string,
  timeoutMs: number,
  tick: () => Promise<unknown>,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = find();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await tick();
  }
}

/** Waits until `find` returns something truthy (polling), or fails with `what`. */
export const waitFor = <T>(find: () => T | undefined | null | false, what: string, timeoutMs = 10_000): Promise<T> =>
  poll(find, what, timeoutMs, () => new Promise((r) => setTimeout(r, 25)));

/** Like `waitFor`, checking once per animation frame: for what must hold in the frame something appears. */
export const eachFrame = <T>(find: () => T | undefined | null | false, what: string, timeoutMs = 10_000): Promise<T> =>
  poll(find, what, timeoutMs, () => new Promise((r) => requestAnimationFrame(r)));

/** The first visible button (through shadow roots) whose text matches. */
export function buttonNamed(name: string | RegExp, root: Document | Element = document): HTMLButtonElement | undefined {
  return deepQueryAll<HTMLButtonElement>('button', root).find((b) => {
    const text = (b.getAttribute('aria-label') ?? b.textContent ?? '').trim();
    return typeof name === 'string' ? text === name : name.test(text);
  });
}

/**
 * Clicks an element with the real mouse, at its centre, as a user aims at what
 * they see: waits until it is enabled and the layout has settled so the point
 * is on the element.
 * `times: 2` is a double click.
 */
export async function click(el: Element, times = 1, options: { evenIfDisabled?: boolean } = {}): Promise<void> {
  el.scrollIntoView({ block: 'center' });
  let position: [number, number] = [0, 0];
  await waitFor(() => {
    const box = el.getBoundingClientRect();
    position = [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
    // A press on a button that says it is off (`aria-disabled`) is what a test of its refusal needs.
    if (!options.evenIfDisabled && ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true'))
      return false;
    const hit = deepElementFromPoint(...position);
    return hit !== null && (hit === el || el.contains(hit) || el.shadowRoot?.contains(hit) === true);
  }, `<${el.localName}> "${el.textContent?.trim()}" enabled and under the pointer`);
  // Several clicks go out back to back, as a double click would, without re-aiming.
  await Promise.all(Array.from({ length: times }, () => sendMouse({ type: 'click', position })));
}

/** Presses Tab until `target` has focus (keyboard-only navigation), then returns. */
export async function tabTo(target: Element, maxPresses = 40): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if (deepActiveElement() === target) return;
    await sendKeys({ press: 'Tab' });
  }
  throw new Error(`Tab never reached ${target.tagName} "${target.textContent?.trim()}"`);
}

export { sendMouse };

/**
 * Real keyboard input through the runner. Text is typed one key press at a
 * time: the WebDriver launcher (webdriverio's keys()) sends a string as one
 * chord, all keys down then all up, so a repeated character is a second
 * keydown of a held key and is lost ("000000" arrives as "0").
 */
export async function sendKeys(payload: Parameters<typeof runnerSendKeys>[0]): Promise<void> {
  if ('type' in payload) {
    for (const key of payload.type) await runnerSendKeys({ press: key });
    return;
  }
  await runnerSendKeys(payload);
}

/**
 * Shift+Tab as each launcher takes a held key: Shift down and up around Tab (Playwright,
 * Puppeteer), or, where WebDriver takes only press and type, one typed chord (its keys go
 * down in order, then up): Shift (U+E008) held over Tab (U+E004).
 */
export async function shiftTab(): Promise<void> {
  try {
    await runnerSendKeys({ down: 'Shift' });
  } catch {
    await runnerSendKeys({ type: '\uE008\uE004' });
    return;
  }
  try {
    await runnerSendKeys({ press: 'Tab' });
  } finally {
    await runnerSendKeys({ up: 'Shift' });
  }
}
