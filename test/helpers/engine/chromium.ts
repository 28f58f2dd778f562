/** Chromium for the engine driver: Debian's build through Playwright, passkeys by its virtual authenticator. */
import { chromium, type Page } from 'playwright';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/chromium.mjs';
import { VIRTUAL_AUTHENTICATOR } from '../harness/virtual-authenticator.js';
import { frameOf, inPageScript, Tab, type Engine, type PagePrimitives } from './driver.js';

export async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  return {
    name: 'chromium',
    consoleFromLoad: {},
    version: `Chromium ${browser.version()}`,
    async newDevice() {
      const context = await browser.newContext();
      await context.addInitScript({ content: `${inPageScript()};window.__ewDriver.watch({ errors: false });` });
      return {
        async newTab() {
          return new Tab('chromium', pagePrimitives(await context.newPage()));
        },
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/** One Playwright page (a tab, or a window it opened) as the driver's primitives. */
function pagePrimitives(page: Page): PagePrimitives {
  const context = page.context();
  const problems: string[] = [];
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()} (${m.location().url})`);
    if (m.type() === 'warning') warnings.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  const primitives: PagePrimitives = {
    run: (fn, arg) => page.evaluate(fn as never, arg) as never,
    goto: async (url) => void (await page.goto(url)),
    click: (x, y) => page.mouse.click(x, y),
    hover: (x, y) => page.mouse.move(x, y),
    type: (text) => page.keyboard.type(text),
    screenshot: async (path) => void (await page.screenshot({ path, fullPage: true })),
    resize: (width, height) => page.setViewportSize({ width, height }),
    reported: () => ({ problems, warnings }),
    addInitScript: async (fn, arg) => void (await page.addInitScript(fn as never, arg)),
    async addAuthenticator() {
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', { options: VIRTUAL_AUTHENTICATOR });
      return "Chromium's virtual authenticator";
    },
    close: () => page.close(),
    frame: async (origin) => frameOf(primitives, page.frames() as never, page.mainFrame() as never, origin),
    async popup(urlEnd) {
      // The context's init script (the in-page half) runs in every page of it, windows it opens included.
      const found = context.pages().find((p) => p !== page && p.url().endsWith(urlEnd));
      return found && pagePrimitives(found);
    },
  };
  return primitives;
}
