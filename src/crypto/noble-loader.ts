import type * as NoblePublicKey from './noble-public-key.js';

/**
 * Loads the @noble/curves fallback (src/crypto/noble-public-key.ts) on first
 * use. Bundlers and the ESM build keep it a separate chunk; the script-tag
 * build, which cannot split, swaps this module for noble-loader-script-tag.ts
 * (scripts/browser-crypto.mjs).
 */
export function loadNoblePublicPoint(): Promise<typeof NoblePublicKey> {
  return import('./noble-public-key.js');
}
