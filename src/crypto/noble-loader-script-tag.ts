import type * as NoblePublicKey from './noble-public-key.js';

/**
 * The script-tag bundle's loader for the @noble/curves fallback: an IIFE
 * cannot split code, so the fallback ships as one more ES module next to the
 * bundle (scripts/browser-crypto.mjs builds it) and is imported from there.
 * Same origin as the bundle, so a `script-src 'self'` policy allows it, and a
 * dynamic `import()` is no Trusted Types sink.
 */

/** The fallback's file name, next to embedded-wallet-elements.js. */
export const P256_FALLBACK_FILE = 'embedded-wallet-p256.js';

// Only set while the bundle's own classic script first runs, so it is read at load.
const script = typeof document === 'undefined' ? null : document.currentScript;
const bundleUrl = script instanceof HTMLScriptElement && script.src ? script.src : undefined;

export function loadNoblePublicPoint(): Promise<typeof NoblePublicKey> {
  if (!bundleUrl) {
    return Promise.reject(new Error('the bundle was not loaded by a <script src>, so its fallback file has no URL'));
  }
  return import(/* @vite-ignore */ new URL(P256_FALLBACK_FILE, bundleUrl).href) as Promise<typeof NoblePublicKey>;
}
