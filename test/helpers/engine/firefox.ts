/**
 * Firefox for the engine driver: Debian's Firefox ESR through Puppeteer over
 * WebDriver BiDi. Its automation has no virtual authenticator, so passkeys
 * use the in-page software authenticator (../page-authenticator.ts).
 */
import puppeteer, { type Page } from 'puppeteer-core';
import { ensureFirefox } from '../../../scripts/firefox.mjs';
import { frameOf, inPageScript, Tab, type Engine, type PagePrimitives } from './driver.js';

export async function launchFirefox(options: { reducedMotion?: boolean } = {}): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: ensureFirefox(),
    headless: true,
    ...(options.reducedMotion ? { extraPrefsFirefox: { 'ui.prefersReducedMotion': 1 } } : {}),
  });
  return {
    name: 'firefox',
    consoleFromLoad: {},
    version: (await browser.version()).replace('firefox/', 'Firefox '),
    async newDevice() {
      const context = await browser.createBrowserContext();
      return {
        async newTab() {
          const page = await context.newPage();
          await page.evaluateOnNewDocument(IN_PAGE());
          return new Tab('firefox', pagePrimitives(page));
        },
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

const IN_PAGE = () => `${inPageScript()};window.__ewDriver.watch({ errors: false });`;

/** One Puppeteer page (a tab, or a window it opened) as the driver's primitives. */
function pagePrimitives(page: Page): PagePrimitives {
  const problems: string[] = [];
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
    if (m.type() === 'warn') warnings.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${(e as Error).message ?? String(e)}`));
  const primitives: PagePrimitives = {
    run: (fn, arg) => page.evaluate(fn as never, arg) as never,
    goto: async (url) => void (await page.goto(url)),
    click: (x, y) => page.mouse.click(x, y),
    hover: (x, y) => page.mouse.move(x, y),
    type: (text) => page.keyboard.type(text),
    screenshot: async (path) => void (await page.screenshot({ path: path as `${string}.png`, fullPage: true })),
    resize: (width, height) => page.setViewport({ width, height }),
    reported: () => ({ problems, warnings }),
    addInitScript: async (fn, arg) => void (await page.evaluateOnNewDocument(fn as never, arg)),
    async addAuthenticator() {
      await page.evaluate(() => (window as any).__ewDriver.installAuthenticator());
      return 'the in-page software authenticator (Firefox under WebDriver BiDi has no virtual one)';
    },
    close: () => page.close(),
    frame: async (origin) => frameOf(primitives, page.frames() as never, page.mainFrame() as never, origin),
    async popup(urlEnd) {
      const found = (await page.browserContext().pages()).find((p) => p !== page && p.url().endsWith(urlEnd));
      if (!found) return undefined;
      // A window the page opened has no init script of its own: the in-page half goes in once it has loaded.
      const opened = pagePrimitives(found);
      opened.ensureScript = async () => {
        if (!(await found.evaluate(() => '__ewDriver' in window))) await found.evaluate(IN_PAGE());
      };
      return opened;
    },
  };
  return primitives;
}
