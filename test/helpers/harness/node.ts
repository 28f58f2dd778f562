/**
 * Test harness for Node: the shared test files import `#test-harness`, which
 * resolves here under Node (node:test) and to `browser.ts` in the browsers (mocha).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { it } from 'node:test';

export { after, afterEach, before, beforeEach, describe, it } from 'node:test';

/** What a test needs from the runtime: `missing` says why it cannot provide it. */
export interface Need {
  missing?: string;
}

/** A test that needs a capability: skipped with the reason where `need()` says it is missing (as in browser.ts). */
export const itNeeds = (need: () => Need, name: string, fn: () => unknown): void => {
  it(name, async (t) => {
    const { missing } = need();
    if (missing) return t.skip(missing);
    await fn();
  });
};

/** Where the suite runs; printed in count lines so CI logs show both runtimes. */
export const runtime = `node ${process.version}`;

/** Reads a JSON file from `test/vectors/`. */
export async function loadVector<T = unknown>(name: string): Promise<T> {
  const path = fileURLToPath(new URL(`../../vectors/${name}`, import.meta.url));
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

/** Prints a suite's counts (one line, so both runners show it). */
export function report(line: string): void {
  console.log(`[${runtime}] ${line}`);
}
