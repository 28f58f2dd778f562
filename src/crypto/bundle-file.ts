/**
 * Files that ship next to the script-tag bundle (embedded-wallet-elements.js)
 * and are imported from there only when needed: an IIFE cannot split code.
 * Same origin as the bundle, so `script-src 'self'` allows them, and a
 * dynamic `import()` is no Trusted Types sink.
 */

// Only set while the bundle's own classic script first runs, so it is read at load.
const script = typeof document === 'undefined' ? null : document.currentScript;
const bundleUrl = script instanceof HTMLScriptElement && script.src ? script.src : undefined;

/** Imports `file` from next to the bundle. */
export function importBundleFile<T>(file: string): Promise<T> {
  if (!bundleUrl)
    return Promise.reject(new Error(`the bundle was not loaded by a <script src>, so ${file} has no URL`));
  return import(/* @vite-ignore */ new URL(file, bundleUrl).href) as Promise<T>;
}
