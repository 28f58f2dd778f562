/**
 * WebKit for the engine driver: WebKitGTK's MiniBrowser through webdriverio
 * over classic WebDriver (WebKitWebDriver under Xvfb). A device is its own
 * browser session (its own storage); its tabs are windows of that session,
 * so every command first switches to its window, one command at a time.
 *
 * Classic WebDriver runs no script before the page's own and reports no
 * console: the in-page script is installed right after each load and records
 * errors from then on, and passkeys use the in-page software authenticator
 * (WebKitGTK has no WebAuthn).
 */
import { remote } from 'webdriverio';
import { ensureWebKit, startWebKitDriver, webkitCapabilities } from '../../../scripts/webkit.mjs';
import { inPageScript, Tab, type Engine } from './driver.js';

type Session = Awaited<ReturnType<typeof remote>>;

/** Runs one session's commands one at a time, each in its tab's window. */
class WindowQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private current?: string;
  constructor(private readonly session: Session) {}

  in<T>(handle: string, command: () => Promise<T>): Promise<T> {
    const next = this.tail.then(async () => {
      if (this.current !== handle) await this.session.switchToWindow(handle);
      this.current = handle;
      return command();
    });
    this.tail = next.catch(() => undefined);
    return next;
  }
}

export async function launchWebKit(): Promise<Engine> {
  const binary = ensureWebKit();
  const devices = new Set<{ close(): Promise<void> }>();
  let version = 'WebKitGTK';

  async function newDevice() {
    const driver = await startWebKitDriver();
    const session = await remote({
      logLevel: 'error',
      hostname: '127.0.0.1',
      port: driver.port,
      capabilities: webkitCapabilities(binary) as WebdriverIO.Capabilities,
    });
    const caps = session.capabilities as { browserVersion?: string };
    version = `WebKitGTK ${caps.browserVersion ?? ''}`.trim();
    const queue = new WindowQueue(session);
    let firstWindow: string | undefined = await session.getWindowHandle();

    const device = {
      async newTab() {
        const handle =
          firstWindow ??
          (await queue.in(await session.getWindowHandle(), () => session.newWindow('about:blank'))).handle;
        firstWindow = undefined;
        // The result goes back wrapped: WebKitWebDriver takes a returned object with an `error` key for a script error.
        const run = async <T>(fn: (arg: any) => T, arg: unknown) => {
          const script = `return Promise.resolve((${fn.toString()})(arguments[0])).then((result) => ({ result }));`;
          const answer = await queue.in(handle, () => session.execute(script, arg));
          return (answer as { result: Awaited<T> }).result;
        };
        let authenticator = false;
        const initScripts: { fn: (arg: any) => void; arg: unknown }[] = [];
        return new Tab('webkit', {
          run: (fn, arg) => run(fn, arg) as never,
          goto: (url) => queue.in(handle, () => session.url(url)).then(() => undefined),
          click: (x, y) =>
            queue.in(handle, () =>
              session
                .action('pointer', { parameters: { pointerType: 'mouse' } })
                .move({ x, y, origin: 'viewport' })
                .down()
                .up()
                .perform(),
            ),
          hover: (x, y) =>
            queue.in(handle, () =>
              session
                .action('pointer', { parameters: { pointerType: 'mouse' } })
                .move({ x, y, origin: 'viewport' })
                .perform(),
            ),
          // webdriverio's keys() sends a string as one chord (all down, then all up): a repeated key would be lost.
          type: async (text) => {
            for (const key of text) await queue.in(handle, () => session.keys(key));
          },
          screenshot: (path) => queue.in(handle, () => session.saveScreenshot(path)).then(() => undefined),
          // Classic WebDriver sizes the window: sized once, then again by what its toolbar and frame take
          // from the viewport. MiniBrowser's window is no narrower than its toolbar (Tab.resize says so).
          async resize(width, height) {
            const inner = () => run(() => ({ w: window.innerWidth, h: window.innerHeight }), undefined);
            for (let attempt = 0; attempt < 3; attempt++) {
              const before = await inner();
              if (before.w === width && before.h === height) return;
              const outer = await queue.in(handle, () => session.getWindowSize());
              await queue.in(handle, () =>
                session.setWindowSize(outer.width + width - before.w, outer.height + height - before.h),
              );
              // The page learns its new size a moment later: measure again once it has (or after a second).
              for (let look = 0; look < 20; look++) {
                const now = await inner();
                if (now.w !== before.w || now.h !== before.h) break;
                await new Promise((resolve) => setTimeout(resolve, 50));
              }
            }
          },
          reported: () => ({ problems: [], warnings: [] }),
          // For the documents loaded from now on, as the other engines' init scripts.
          addInitScript: async (fn, arg) => void initScripts.push({ fn: fn as (arg: any) => void, arg }),
          async ensureScript() {
            const has = await run(
              () => ({
                driver: Boolean((window as any).__ewDriver),
                credentials: Boolean((window as any).__ewAuthenticator),
              }),
              undefined,
            );
            if (!has.driver) {
              await queue.in(handle, () =>
                session.execute(`${inPageScript()};window.__ewDriver.watch({ errors: true });`),
              );
              for (const { fn, arg } of initScripts) await run(fn, arg);
            }
            if (authenticator && !has.credentials)
              await run(() => {
                (window as any).__ewDriver.installAuthenticator();
                (window as any).__ewAuthenticator = true;
              }, undefined);
          },
          async addAuthenticator() {
            authenticator = true;
            await this.ensureScript!();
            return 'the in-page software authenticator (WebKitGTK has no WebAuthn)';
          },
          close: () => queue.in(handle, () => session.closeWindow()).then(() => undefined),
        });
      },
      async close() {
        devices.delete(device);
        await session.deleteSession().catch(() => undefined);
        driver.stop();
      },
    };
    devices.add(device);
    return device;
  }

  // The first session tells the version; it becomes the first device.
  const first = await newDevice();
  let spare: typeof first | undefined = first;
  return {
    name: 'webkit',
    consoleFromLoad: { missing: 'classic WebDriver reports no console messages, and runs no script before the page' },
    get version() {
      return version;
    },
    async newDevice() {
      const device = spare ?? (await newDevice());
      spare = undefined;
      return device;
    },
    async close() {
      await Promise.all([...devices].map((device) => device.close()));
    },
  };
}
