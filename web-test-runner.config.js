// Browser tests: one engine per run (`WTR_ENGINE`: chromium, the default,
// firefox or webkit; the system's browsers, see scripts/chromium.mjs, firefox.mjs
// and webkit.mjs), real
// WebCrypto and IndexedDB, and the real sandbox + relay mounted on the test
// server at /api (test/helpers/harness/wallet-stack.ts). What a test needs from an engine
// is probed (test/helpers/authenticator.ts, color-scheme.ts): where it is missing
// the test is skipped with the reason printed. Shared tests (`*.test.ts`)
// also run in Node; `*.node.test.ts` run only there. Run under tsx (npm test
// does) so this config can import the TypeScript sandbox.
import { freePort } from './scripts/free-port.mjs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, ensureChromium } from './scripts/chromium.mjs';
import { ensureFirefox } from './scripts/firefox.mjs';
import { ensureWebKit, startWebKitDriver, webkitCapabilities } from './scripts/webkit.mjs';
import { VIRTUAL_AUTHENTICATOR } from './test/helpers/harness/virtual-authenticator.ts';
import { startWalletStack } from './test/helpers/harness/wallet-stack.ts';

const port = await freePort();
const stack = await startWalletStack(`http://localhost:${port}`);

// @hpke/common falls back to `import("crypto")` when globalThis.crypto is
// missing (old Node). Browsers always take the first branch, but the dev
// server must still resolve the specifier: point it at an empty module.
const nodeCryptoStub = {
  name: 'node-crypto-stub',
  resolveImport({ source }) {
    if (source === 'crypto') return '/test/helpers/harness/empty-module.js';
  },
};

// Chromium's virtual authenticator, driven over CDP from the test page's own session.
const cdpSessions = new Map();
const webauthnCommands = {
  name: 'webauthn-commands',
  async executeCommand({ command, payload, session }) {
    if (!command.startsWith('webauthn:')) return undefined;
    let cdp = cdpSessions.get(session.id);
    if (!cdp) {
      const page = session.browser.getPage?.(session.id);
      // A capability, not an engine name: the virtual authenticator is a DevTools-protocol feature.
      if (typeof page?.context?.()?.newCDPSession !== 'function')
        return { missing: "no virtual authenticator: this browser's automation has no DevTools protocol session" };
      cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      cdpSessions.set(session.id, cdp);
    }
    switch (command) {
      case 'webauthn:add-authenticator':
        return cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: { ...VIRTUAL_AUTHENTICATOR, ...payload },
        });
      case 'webauthn:remove-authenticator':
        await cdp.send('WebAuthn.removeVirtualAuthenticator', payload);
        return true;
      case 'webauthn:credentials':
        return (await cdp.send('WebAuthn.getCredentials', payload)).credentials.map(
          ({ rpId, isResidentCredential }) => ({
            rpId,
            isResidentCredential,
          }),
        );
      // Whole, private keys included: for a window of the page's own, whose authenticator is its own (`popup`).
      case 'webauthn:export':
        return (await cdp.send('WebAuthn.getCredentials', payload)).credentials;
      case 'webauthn:set-presence':
        await cdp.send('WebAuthn.setAutomaticPresenceSimulation', payload);
        return true;
      default:
        throw new Error(`unknown command ${command}`);
    }
  },
};

/**
 * The launcher of one engine (`WTR_ENGINE`): Debian's Chromium (Playwright),
 * Firefox ESR (Puppeteer, WebDriver BiDi) or WebKitGTK's MiniBrowser (WebDriver).
 */
async function engineLauncher(engine) {
  if (engine === 'chromium')
    return playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS },
    });
  if (engine === 'firefox') {
    const { puppeteerLauncher } = await import('@web/test-runner-puppeteer');
    return puppeteerLauncher({
      launchOptions: { browser: 'firefox', executablePath: ensureFirefox(), headless: true },
    });
  }
  if (engine === 'webkit') {
    const binary = ensureWebKit();
    const { webdriverLauncher } = await import('@web/test-runner-webdriver');
    const driver = await startWebKitDriver();
    return webdriverLauncher({
      automationProtocol: 'webdriver',
      hostname: '127.0.0.1',
      port: driver.port,
      capabilities: webkitCapabilities(binary),
    });
  }
  throw new Error(`unknown engine ${engine}`);
}

// `prefers-color-scheme` for the page, through whichever automation drives it; where
// none can, says so and the tests that need it skip (test/helpers/color-scheme.ts).
const colorSchemeCommand = {
  name: 'color-scheme',
  async executeCommand({ command, payload, session }) {
    if (command !== 'color-scheme') return undefined;
    const page = session.browser.getPage?.(session.id);
    if (typeof page?.emulateMedia === 'function') {
      await page.emulateMedia({ colorScheme: payload.scheme }); // Playwright
      return {};
    }
    if (typeof page?.emulateMediaFeatures === 'function') {
      try {
        await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: payload.scheme }]); // Puppeteer
        return {};
      } catch (error) {
        return { missing: `no color-scheme emulation: ${String(error).split('\n')[0]}` };
      }
    }
    return { missing: "no color-scheme emulation in this browser's automation" };
  },
};

// What the engine's own accessibility tree says of the page's elements named `name` (role and
// description), where the automation can read that tree (Chromium, over the DevTools protocol);
// elsewhere it says why not and the tests check the DOM alone (test/helpers/accessibility.ts).
const accessibilityCommand = {
  name: 'accessibility-tree',
  async executeCommand({ command, payload, session }) {
    if (command !== 'accessibility-tree') return undefined;
    const page = session.browser.getPage?.(session.id);
    if (typeof page?.context?.()?.newCDPSession !== 'function')
      return { missing: "no accessibility tree: this browser's automation has no DevTools protocol session" };
    const cdp = await page.context().newCDPSession(page);
    try {
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      return {
        nodes: nodes
          .filter((node) => !node.ignored && node.name?.value === payload.name)
          .map((node) => ({ role: node.role?.value ?? '', description: node.description?.value ?? '' })),
      };
    } finally {
      await cdp.detach();
    }
  },
};

/**
 * The page's viewport size (`viewport` command, test/helpers/viewport.ts): Playwright and
 * Puppeteer set it; over WebDriver the window is sized so that its inner size is the one
 * asked (a window may stay wider than asked: the helper checks the page and says so).
 */
const viewportCommand = {
  name: 'viewport',
  async executeCommand({ command, payload, session }) {
    if (command !== 'viewport') return undefined;
    const page = session.browser.getPage?.(session.id);
    const driver = session.browser.driver;
    if (typeof page?.setViewportSize === 'function') await page.setViewportSize(payload);
    else if (typeof page?.setViewport === 'function') await page.setViewport(payload);
    else if (typeof driver?.setWindowSize === 'function') {
      const [outerW, innerW, outerH, innerH] = await driver.execute(
        'return [window.outerWidth, window.innerWidth, window.outerHeight, window.innerHeight]',
      );
      await driver.setWindowSize(payload.width + outerW - innerW, payload.height + outerH - innerH);
    } else return { missing: "no viewport control in this browser's automation" };
    return {};
  },
};

/**
 * The page's other windows (`popup` command, test/helpers/popup.ts): a real click or key press in, or
 * the closing of, the window whose URL ends in `payload.urlEnd` (isolated mode's confirmation or passkey
 * window), or (Chromium) a virtual authenticator of its own holding `payload.credentials`, which the
 * test page cannot reach itself. Playwright and Puppeteer list a page per window; over WebDriver the
 * session switches to the window and back.
 */
const popupCommand = {
  name: 'popup',
  async executeCommand({ command, payload, session }) {
    if (command !== 'popup') return undefined;
    const { urlEnd, action, x = 0, y = 0 } = payload;
    const page = session.browser.getPage?.(session.id);
    const driver = session.browser.driver;
    if (page) {
      const context = typeof page.context === 'function' ? page.context() : page.browserContext();
      const popup = (await context.pages()).find((p) => p !== page && p.url().endsWith(urlEnd));
      if (!popup) return { open: false };
      // A press that closes the window (Confirm, Cancel, Escape) may leave no page for the rest of it.
      if (action === 'click') await popup.mouse.click(x, y).catch(() => undefined);
      if (action === 'key') await popup.keyboard.press(payload.key).catch(() => undefined);
      if (action === 'close') await popup.close();
      // Chromium's virtual authenticator is a page's own: the window gets one, holding `credentials`.
      if (action === 'authenticator') {
        const cdp = await context.newCDPSession(popup);
        await cdp.send('WebAuthn.enable');
        const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: VIRTUAL_AUTHENTICATOR,
        });
        for (const credential of payload.credentials ?? [])
          await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
      }
      return { open: true };
    }
    if (!driver) return { missing: "no window control in this browser's automation" };
    const home = await driver.getWindowHandle();
    // The URL of a window, or undefined for one that closed meanwhile (it may still be listed).
    const urlOf = (handle) =>
      driver.switchToWindow(handle).then(
        () => driver.getUrl(),
        () => undefined,
      );
    try {
      for (const handle of await driver.getWindowHandles()) {
        if (handle === home || !(await urlOf(handle).catch(() => undefined))?.endsWith(urlEnd)) continue;
        const pointer = { type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' } };
        const key = { Escape: '\uE00C' }[payload.key] ?? payload.key;
        const input = {
          click: {
            ...pointer,
            actions: [
              { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport' },
              { type: 'pointerDown', button: 0 },
              { type: 'pointerUp', button: 0 },
            ],
          },
          key: {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value: key },
              { type: 'keyUp', value: key },
            ],
          },
        }[action];
        // A press that closes the window (Confirm, Cancel, Escape) leaves no window for the rest of it.
        if (input)
          await driver
            .performActions([input])
            .then(() => driver.releaseActions())
            .catch(() => undefined);
        if (action === 'close') await driver.closeWindow();
        return { open: true };
      }
      return { open: false };
    } finally {
      await driver.switchToWindow(home);
    }
  },
};

export default {
  // Node-only files and page tests (which drive pages from Node) are not browser suites.
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts', '!test/**/*.page.test.ts'],
  nodeResolve: true,
  port,
  hostname: 'localhost',
  // One file at a time: files share one sandbox, and some move its clock by minutes.
  concurrency: 1,
  testsFinishTimeout: 10 * 60_000,
  middleware: [
    async (ctx, next) => {
      if (await stack.handle(ctx.req, ctx.res)) {
        ctx.respond = false;
        return;
      }
      return next();
    },
  ],
  plugins: [
    nodeCryptoStub,
    webauthnCommands,
    colorSchemeCommand,
    accessibilityCommand,
    viewportCommand,
    popupCommand,
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
  ],
  browsers: [await engineLauncher(process.env.WTR_ENGINE ?? 'chromium')],
  testFramework: { config: { timeout: 60_000 } },
};
