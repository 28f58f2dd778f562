/**
 * Files that ship next to the script-tag bundle (embedded-wallet-elements.js)
 * and are imported from there only when needed: an IIFE cannot split code.
 * Same origin as the bundle, so `script-src 'self'` allows them, and a
 * dynamic `import()` is no Trusted Types sink.
 *
 * Packaging, below every layer: the script-tag variants of the lazy loaders
 * (crypto's HPKE and P-256 fallback, the client's WebAuthn library, the
 * elements' QR encoder and Spanish strings) all fetch through it. It knows
 * nothing of what it loads.
 */

// Only set while the bundle's own classic script first runs, so it is read at load.
const script = typeof document === 'undefined' ? null : document.currentScript;
const bundleUrl = script instanceof HTMLScriptElement && script.src ? script.src : undefined;

// How many times each file failed to load on this page. Some engines (Firefox) keep a module
// whose fetch failed as failed in the document's module map, so importing the same URL again
// fetches nothing; a later try asks under a URL of its own (`?retry=1`), which a static server
// answers with the same file.
const failures = new Map<string, number>();

/**
 * How long a file may take. A stalled answer would otherwise leave the
 * action that needs it busy for good; past this it fails like a missing file
 * (a typed CONFIG_ error from the caller), and the next try asks again.
 */
export const BUNDLE_FILE_TIMEOUT_MS = 15_000;

/** Imports `file` from next to the bundle; after a failure or a timeout, the next call fetches it again. */
export function importBundleFile<T>(file: string): Promise<T> {
  if (!bundleUrl)
    return Promise.reject(new Error(`the bundle was not loaded by a <script src>, so ${file} has no URL`));
  const url = new URL(file, bundleUrl);
  const failed = failures.get(file) ?? 0;
  if (failed > 0) url.searchParams.set('retry', String(failed));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${file} did not load within ${BUNDLE_FILE_TIMEOUT_MS / 1000} s`)),
      BUNDLE_FILE_TIMEOUT_MS,
    );
  });
  return Promise.race([import(/* @vite-ignore */ url.href) as Promise<T>, stalled])
    .catch((error: unknown) => {
      failures.set(file, failed + 1);
      throw error;
    })
    .finally(() => clearTimeout(timer));
}
