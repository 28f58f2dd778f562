/**
 * Test harness for Node: the shared test files import `#test-harness`, which
 * resolves here under Node (node:test) and to `browser.ts` in Chromium (mocha).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export { after, afterEach, before, beforeEach, describe, it } from 'node:test';

/** Where the suite runs; printed in count lines so CI logs show both runtimes. */
export const runtime = `node ${process.version}`;

/** Reads a JSON file from `test/vectors/`. */
export async function loadVector<T = unknown>(name: string): Promise<T> {
  const path = fileURLToPath(new URL(`../vectors/${name}`, import.meta.url));
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

/** Prints a suite's counts (one line, so both runners show it). */
export function report(line: string): void {
  console.log(`[${runtime}] ${line}`);
}
