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

/** Imports `file` from next to the bundle; after a failure, the next call fetches it again. */
export function importBundleFile<T>(file: string): Promise<T> {
  if (!bundleUrl)
    return Promise.reject(new Error(`the bundle was not loaded by a <script src>, so ${file} has no URL`));
  const url = new URL(file, bundleUrl);
  const failed = failures.get(file) ?? 0;
  if (failed > 0) url.searchParams.set('retry', String(failed));
  return (import(/* @vite-ignore */ url.href) as Promise<T>).catch((error: unknown) => {
    failures.set(file, failed + 1);
    throw error;
  });
}
