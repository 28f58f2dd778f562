/**
 * One way to drive a page in every engine, for the tests that run real pages
 * from Node (QA demo journeys, partner pages): Chromium through Playwright,
 * Firefox ESR through Puppeteer over WebDriver BiDi, WebKitGTK through
 * webdriverio over classic WebDriver. Each engine supplies a few primitives
 * (./chromium.ts, firefox.ts, webkit.ts); everything a test does is built on
 * them here, so a journey reads the same and means the same in all three.
 *
 * Elements are named as a user names them (role and accessible name, label,
 * text; in-page.ts finds them through shadow roots). A click is the real
 * pointer at the element's centre once it is enabled and on top; typing is
 * real key presses, one at a time.
 */
import { buildSync } from 'esbuild';
import type { Query as PageQuery, TextMatch } from './in-page.js';

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

/** What a test names an element by; see in-page.ts. Strings match a name exactly and text by containment. */
export interface Query extends Omit<PageQuery, 'name' | 'text'> {
  name?: string | RegExp;
  text?: string | RegExp;
}

/** What an engine's automation provides for one page. */
export interface PagePrimitives {
  /** Runs a self-contained function in the page on a JSON argument; resolves with its (awaited) JSON result. */
  run<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<Awaited<T>>;
  goto(url: string): Promise<void>;
  /** A real mouse click at viewport coordinates. */
  click(x: number, y: number): Promise<void>;
  /** Moves the real mouse to viewport coordinates, pressing nothing. */
  hover(x: number, y: number): Promise<void>;
  /** Real key presses into the focused element, one character at a time. */
  type(text: string): Promise<void>;
  screenshot(path: string): Promise<void>;
  /** Sets the page's viewport to `width` × `height` CSS pixels (the window's size where the automation sizes only windows). */
  resize(width: number, height: number): Promise<void>;
  /** Console errors and uncaught errors the automation reported (empty where it reports none). */
  reported(): { problems: string[]; warnings: string[] };
  /** Runs `fn(arg)` in every document this page loads from now on: before the page's scripts where the automation can, else right after load. */
  addInitScript<A>(fn: (arg: A) => void, arg: A): Promise<void>;
  /** Makes passkey ceremonies answerable; returns which authenticator. */
  addAuthenticator(): Promise<string>;
  /** Installs the in-page script when it is missing (WebKit, after a navigation). */
  ensureScript?(): Promise<void>;
  /**
   * The page's frame whose document is on `origin`, as primitives of its own: scripts run in it, and
   * its clicks are at its own viewport's coordinates. Absent where the automation cannot reach a
   * cross-origin frame in a closed shadow root (WebKitGTK's classic WebDriver).
   */
  frame?(origin: string): Promise<PagePrimitives | undefined>;
  /** A window this page opened whose URL ends in `urlEnd` (isolated mode's confirmation window), where the automation lists windows. */
  popup?(urlEnd: string): Promise<PagePrimitives | undefined>;
  close(): Promise<void>;
}

/** A frame's primitives from its page's: `run` and `click` are the frame's, the rest the page's. */
export function framePrimitives(
  page: PagePrimitives,
  frame: { run: PagePrimitives['run']; box(): Promise<{ x: number; y: number } | null> },
): PagePrimitives {
  return {
    ...page,
    run: frame.run,
    async click(x, y) {
      const box = await frame.box();
      if (!box) throw new Error('the frame is not on screen');
      await page.click(box.x + x, box.y + y);
    },
    async hover(x, y) {
      const box = await frame.box();
      if (!box) throw new Error('the frame is not on screen');
      await page.hover(box.x + x, box.y + y);
    },
    frame: undefined,
    popup: undefined,
  };
}

/** A frame as Playwright and Puppeteer both describe it (their frame APIs answer alike for what the driver needs). */
export interface AutomationFrame {
  url(): string;
  evaluate(fn: never, arg: never): Promise<unknown>;
  frameElement(): Promise<{ boundingBox(): Promise<{ x: number; y: number } | null> } | null>;
}

/** The frame of `origin` among a page's `frames` (its main frame aside), as primitives of its own; undefined if none. */
export function frameOf(page: PagePrimitives, frames: AutomationFrame[], main: AutomationFrame, origin: string) {
  const found = frames.find((f) => f !== main && f.url().startsWith(origin));
  if (!found) return undefined;
  return framePrimitives(page, {
    run: (fn, arg) => found.evaluate(fn as never, arg as never) as never,
    box: async () => (await found.frameElement())?.boundingBox() ?? null,
  });
}

/** What a test needs from the engine's automation: `missing` says why it cannot provide it (tests skip on it). */
export interface Need {
  missing?: string;
}

export interface Engine {
  name: EngineName;
  /** The browser's own name and version. */
  version: string;
  /** Whether a tab's `warnings()` and `problems()` include console messages from the page's first script on. */
  consoleFromLoad: Need;
  /** A new device: storage (IndexedDB, cookies) shared by its tabs and by nothing else. */
  newDevice(): Promise<Device>;
  close(): Promise<void>;
}

export interface Device {
  newTab(): Promise<Tab>;
  close(): Promise<void>;
}

let script: string | undefined;
/** The in-page half, bundled once: sets `window.__ewDriver`. */
export function inPageScript(): string {
  script ??= buildSync({
    stdin: {
      contents: "import * as driver from './in-page.ts'; window.__ewDriver ??= driver;",
      resolveDir: import.meta.dirname,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).outputFiles[0]!.text;
  return script;
}

const serialise = (text: string | RegExp | undefined): TextMatch | undefined =>
  text instanceof RegExp ? { pattern: text.source, flags: text.flags } : text;
const toPage = (query: Query): PageQuery => ({ ...query, name: serialise(query.name), text: serialise(query.text) });

const DEFAULT_TIMEOUT = 20_000;

/** A page in one engine, driven as a user would. */
export class Tab {
  constructor(
    readonly engine: EngineName,
    private readonly page: PagePrimitives,
    private readonly timeout = DEFAULT_TIMEOUT,
  ) {}

  /** Runs `fn(arg)` in the page once the in-page script (and any init script) is there. */
  private async run<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<Awaited<T>> {
    await this.page.ensureScript?.();
    return this.page.run(fn, arg);
  }

  /** Calls an in-page operation (in-page.ts) with JSON arguments. */
  private call<T>(op: string, ...params: unknown[]): Promise<T> {
    return this.run(({ op, params }: { op: string; params: unknown[] }) => (window as any).__ewDriver[op](...params), {
      op,
      params,
    }) as Promise<T>;
  }

  /** Polls `attempt` until it returns a value; fails with its last reason after the timeout. */
  private async until<T>(attempt: () => Promise<T | { wait: string }>, timeout = this.timeout): Promise<T> {
    const started = Date.now();
    for (;;) {
      const result = await attempt();
      if (!(result && typeof result === 'object' && 'wait' in result)) return result as T;
      if (Date.now() - started > timeout)
        throw new Error(`${this.engine}: timed out after ${timeout} ms: ${result.wait}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  goto(url: string): Promise<void> {
    return this.page.goto(url);
  }

  /**
   * Clicks the one element `query` names, once it is enabled, on top, and has
   * stayed so, in place, across two looks 50 ms apart (a list reloading after a
   * section opens disables its buttons for a moment: a click then would be lost).
   */
  async click(query: Query, options: { timeout?: number } = {}): Promise<void> {
    let last: { x: number; y: number } | undefined;
    const { x, y } = await this.until(async () => {
      const aim = await this.call<{ x: number; y: number } | { wait: string }>('aim', toPage(query));
      if ('wait' in aim) {
        last = undefined;
        return aim;
      }
      const steady = last?.x === aim.x && last.y === aim.y;
      last = aim;
      return steady ? aim : { wait: `${JSON.stringify(toPage(query))} to settle` };
    }, options.timeout);
    await this.page.click(x, y);
  }

  /** Moves the mouse to the viewport's top-left corner, so that nothing the page measures is hovered. */
  async pointerAway(): Promise<void> {
    await this.page.hover(0, 0);
  }

  /** Clicks into a field and types `text` key by key. */
  async type(query: Query, text: string): Promise<void> {
    await this.click(query);
    await this.page.type(text);
  }

  /** Replaces a field's content by typing `text`. */
  async fill(query: Query, text: string): Promise<void> {
    await this.until(async () => {
      const problem = await this.call<string | undefined>('focusForTyping', toPage(query));
      return problem ? { wait: problem } : true;
    });
    await this.page.type(text);
  }

  async select(query: Query, option: { label: string } | { value: string }): Promise<void> {
    await this.until(async () => {
      const problem = await this.call<string | undefined>('selectOption', toPage(query), option);
      return problem ? { wait: problem } : true;
    });
  }

  /** Ticks a checkbox (a click, unless it is ticked already). */
  async check(query: Query): Promise<void> {
    await this.waitFor(query);
    if (!(await this.read(query)).checked) await this.click(query);
  }

  private read(query: Query, attribute?: string) {
    return this.call<{ count: number; text?: string; attribute: string | null; checked: boolean }>(
      'read',
      toPage(query),
      attribute,
    );
  }

  /** Waits until `query` names a visible element (or, with `gone`, none). */
  async waitFor(query: Query, options: { timeout?: number; gone?: boolean } = {}): Promise<void> {
    await this.until(async () => {
      const { count } = await this.read(query);
      const done = options.gone ? count === 0 : count > (query.nth ?? 0);
      return done ? true : { wait: `${JSON.stringify(toPage(query))}${options.gone ? ' to go' : ''} (${count} now)` };
    }, options.timeout);
  }

  async count(query: Query): Promise<number> {
    return (await this.read(query)).count;
  }

  /** The rendered text of the element (waits for it). */
  async text(query: Query): Promise<string> {
    await this.waitFor(query);
    return (await this.read(query)).text ?? '';
  }

  async attribute(query: Query, name: string): Promise<string | null> {
    await this.waitFor(query);
    return (await this.read(query, name)).attribute;
  }

  /** Runs a self-contained function in the page. */
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<Awaited<T>> {
    return this.run(fn, arg as A);
  }

  /** Waits until `fn(arg)` is truthy in the page. */
  async waitUntil<A>(what: string, fn: (arg: A) => unknown, arg?: A, timeout?: number): Promise<void> {
    await this.until(async () => ((await this.run(fn, arg as A)) ? true : { wait: what }), timeout);
  }

  screenshot(path: string): Promise<void> {
    return this.page.screenshot(path);
  }

  /**
   * Sets the viewport to `width` × `height`; resolves with the width the page's layout then has:
   * `width`, or a wider one that has held for half a second, the narrowest the engine's window
   * reaches. A narrower width is a resize still under way: waited out, never taken.
   */
  async resize(width: number, height: number): Promise<number> {
    await this.page.resize(width, height);
    let last = { width: 0, since: Date.now() };
    return this.until(async () => {
      const now = await this.run(() => window.innerWidth, undefined);
      if (now === width) return now;
      if (now !== last.width) last = { width: now, since: Date.now() };
      const floor = now > width && Date.now() - last.since > 500;
      return floor ? now : { wait: `a viewport ${width} px wide (${now} px now)` };
    });
  }

  addAuthenticator(): Promise<string> {
    return this.page.addAuthenticator();
  }

  /** Runs `fn(arg)` in every document this tab loads from now on (see PagePrimitives.addInitScript). */
  addInitScript<A>(fn: (arg: A) => void, arg: A): Promise<void> {
    return this.page.addInitScript(fn, arg);
  }

  /** Everything the page complained about: console errors, uncaught errors, CSP violations. */
  async problems(): Promise<string[]> {
    const inPage = await this.call<string[]>('recorded').catch(() => []);
    return [...this.page.reported().problems, ...inPage];
  }

  /** Console warnings, where the engine's automation reports them. */
  warnings(): string[] {
    return this.page.reported().warnings;
  }

  /**
   * The frame of `origin` in this page (isolated mode's wallet), driven as a page is, once it has
   * loaded; undefined where the engine's automation cannot reach it (PagePrimitives.frame).
   */
  async frame(origin: string): Promise<Tab | undefined> {
    if (!this.page.frame) return undefined;
    const frame = await this.until(async () => (await this.page.frame!(origin)) ?? { wait: `a frame of ${origin}` });
    return new Tab(this.engine, frame, this.timeout);
  }

  /**
   * The window this page (or a frame in it) opened whose URL ends in `urlEnd`, once it is open;
   * undefined where the engine's automation cannot list windows (PagePrimitives.popup).
   */
  async popup(urlEnd: string): Promise<Tab | undefined> {
    const lookup = this.page.popup;
    if (!lookup) return undefined;
    const window = await this.until(async () => (await lookup(urlEnd)) ?? { wait: `a window at …${urlEnd}` });
    return new Tab(this.engine, window, this.timeout);
  }

  close(): Promise<void> {
    return this.page.close();
  }
}
