/**
 * Files that ship next to the script-tag bundle (embedded-wallet-elements.js)
 * and are imported from there only when needed: an IIFE cannot split code.
 * Same origin as the bundle, so `script-src 'self'` allows them, and a
 * dynamic `import()` is no Trusted Types sink.
 *
 * Only the script-tag build calls this: scripts/browser-crypto.mjs rewrites
 * each `import('./<name>.lazy.js')` into `importBundleFile('embedded-wallet-<name>.js')`.
 * Timeouts, retries and typed errors are lazy-module.ts's.
 */
import { VERSION } from './version.js';

// Only set while the bundle's own classic script first runs, so it is read at load (no DOM in Node).
const script = typeof document === 'undefined' ? null : document.currentScript;
const bundleUrl = script && 'src' in script && script.src ? script.src : undefined;

/** Whether this code runs as the script-tag bundle (its lazy files are files next to it). */
export const isScriptTag = (): boolean => bundleUrl !== undefined;

// How many times each file was asked for on this page. Some engines (Firefox) keep a module
// whose fetch failed (or stalled) in the document's module map, so importing the same URL again
// fetches nothing; each later try asks under a URL of its own (`?retry=1`), which a static
// server answers with the same file.
const attempts = new Map<string, number>();

/** Imports `file` from next to the bundle and checks that it is of this bundle's version. */
export async function importBundleFile<T>(file: string): Promise<T> {
  if (!bundleUrl) throw new Error(`the bundle was not loaded by a <script src>, so ${file} has no URL`);
  const url = new URL(file, bundleUrl);
  const attempt = attempts.get(file) ?? 0;
  attempts.set(file, attempt + 1);
  if (attempt > 0) url.searchParams.set('retry', String(attempt));
  const module = (await import(/* @vite-ignore */ url.href)) as T & { EW_VERSION?: unknown };
  if (module.EW_VERSION !== VERSION) {
    const theirs =
      typeof module.EW_VERSION === 'string' ? `version ${module.EW_VERSION.slice(0, 20)}` : 'another version';
    throw new Error(`${file} is from ${theirs}, and this bundle is version ${VERSION}`);
  }
  return module;
}
