/**
 * The script-tag bundle's Spanish strings: embedded-wallet-strings-es.js next
 * to the bundle (built by scripts/browser-crypto.mjs), fetched on the first
 * `loadWalletStrings('es')`. Same contract as spanish.ts.
 */
import { WalletCryptoError } from '../../client/index.js';
import { importBundleFile } from '../../bundle-file.js';
import type * as Spanish from './es.js';

/** The file's name, next to embedded-wallet-elements.js. */
export const STRINGS_ES_FILE = 'embedded-wallet-strings-es.js';

let loading: Promise<typeof Spanish> | undefined;

export function loadSpanish(): Promise<typeof Spanish> {
  loading ??= importBundleFile<typeof Spanish>(STRINGS_ES_FILE).catch((cause: unknown) => {
    loading = undefined; // a later call tries again
    throw new WalletCryptoError(
      'CONFIG_BUNDLE_FILE',
      `Spanish needs ${STRINGS_ES_FILE}, served next to embedded-wallet-elements.js, and it did not load`,
      { cause },
    );
  });
  return loading;
}
