/**
 * Test harness for Chromium under @web/test-runner (mocha globals). See node.ts.
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

export const runtime = `chromium ${navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? ''}`.trim();

/** Fetches a JSON file from `test/vectors/` (served by the test runner from the project root). */
export async function loadVector<T = unknown>(name: string): Promise<T> {
  const response = await fetch(new URL(`../vectors/${name}`, import.meta.url));
  if (!response.ok) throw new Error(`vector ${name}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export function report(line: string): void {
  console.log(`[${runtime}] ${line}`);
}
