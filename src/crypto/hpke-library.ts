/**
 * The crypto core's one door to the HPKE library (hpke-suite.ts, which holds
 * @hpke/core). HPKE is needed only to seal an OTP code and to open a
 * session-key or export bundle, so it is loaded on first use: here by a
 * dynamic import, which the ESM build and partners' bundlers turn into a
 * chunk of its own. The script-tag build, which cannot split, swaps this
 * module for hpke-library-script-tag.ts (scripts/browser-crypto.mjs).
 *
 * Contract (both versions): resolves with the library, or rejects with
 * `CONFIG_BUNDLE_FILE` when its code did not load. hpke.ts memoises it.
 */
import { WalletCryptoError } from './errors.js';
import type * as HpkeSuite from './hpke-suite.js';

/** What the HPKE code exports. */
export type HpkeLibrary = typeof HpkeSuite;

export function loadHpkeLibrary(): Promise<HpkeLibrary> {
  return import('./hpke-suite.js').catch((cause: unknown) => {
    throw new WalletCryptoError(
      'CONFIG_BUNDLE_FILE',
      'The HPKE code (@hpke/core, a chunk of its own in this build) did not load: serve every chunk of the build',
      { cause },
    );
  });
}
