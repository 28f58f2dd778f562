/**
 * Test harness for the browsers under @web/test-runner (mocha globals). See node.ts.
 */

type Fn = () => unknown;
interface MochaGlobals {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: Fn): void;
  before(fn: Fn): void;
  after(fn: Fn): void;
  beforeEach(fn: Fn): void;
  afterEach(fn: Fn): void;
}
const mocha = globalThis as unknown as MochaGlobals;

export const describe = (name: string, fn: () => void): void => mocha.describe(name, fn);
export const it = (name: string, fn: Fn): void => mocha.it(name, fn);
export const before = (fn: Fn): void => mocha.before(fn);
export const after = (fn: Fn): void => mocha.after(fn);
export const beforeEach = (fn: Fn): void => mocha.beforeEach(fn);
export const afterEach = (fn: Fn): void => mocha.afterEach(fn);

/** The engine and its version, read from the user agent: for report lines only, never to pick a code path. */
export const runtime = ((ua: string) => {
  const version = (re: RegExp) => ua.match(re)?.[1] ?? '';
  if (/Firefox\//.test(ua)) return `firefox ${version(/Firefox\/([\d.]+)/)}`;
  if (/Chrome\//.test(ua)) return `chromium ${version(/Chrome\/([\d.]+)/)}`;
  return `webkit ${version(/AppleWebKit\/([\d.]+)/)}`;
})(navigator.userAgent).trim();

/** What a test needs from the engine: `missing` says why this engine cannot provide it. */
export interface Need {
  missing?: string;
}

/**
 * A test that needs an engine capability (a virtual authenticator, say),
 * probed by `need()` when the test runs: where it is missing the test is
 * skipped and the reason printed, so a skip always names what is missing.
 */
export const itNeeds = (need: () => Need, name: string, fn: Fn): void =>
  mocha.it(name, function (this: { skip(): void }) {
    const { missing } = need();
    if (missing) {
      console.log(`skipped "${name}": ${missing}`);
      this.skip();
      return undefined;
    }
    return fn();
  });

/** Fetches a JSON file from `test/vectors/` (served by the test runner from the project root). */
export async function loadVector<T = unknown>(name: string): Promise<T> {
  const response = await fetch(new URL(`../../vectors/${name}`, import.meta.url));
  if (!response.ok) throw new Error(`vector ${name}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export function report(line: string): void {
  console.log(`[${runtime}] ${line}`);
}
