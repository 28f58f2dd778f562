/**
 * The script-tag bundle's HPKE library: one more ES module next to the bundle
 * (embedded-wallet-hpke.js, hpke-suite.ts built alone by
 * scripts/browser-crypto.mjs), fetched on first use (when a code is asked
 * for, a sealed session key or an export is requested, or the pre-warm of
 * prewarm.ts runs), so pages load and paint without it. Same contract as
 * hpke-library.ts; a failed load is tried again by the next call (hpke.ts).
 */
import { importBundleFile } from '../bundle-file.js';
import { WalletCryptoError } from './errors.js';
import type * as HpkeSuite from './hpke-suite.js';

/** The library's file name, next to embedded-wallet-elements.js. */
export const HPKE_FILE = 'embedded-wallet-hpke.js';

export function loadHpkeLibrary(): Promise<typeof HpkeSuite> {
  return importBundleFile<typeof HpkeSuite>(HPKE_FILE).catch((cause: unknown) => {
    throw new WalletCryptoError(
      'CONFIG_BUNDLE_FILE',
      `The wallet needs ${HPKE_FILE} served next to embedded-wallet-elements.js (to seal codes and open keys), and it did not load`,
      { cause },
    );
  });
}
