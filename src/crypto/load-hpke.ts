/**
 * The crypto core's door to the HPKE library (hpke-suite.ts, which holds
 * @hpke/core). HPKE is needed only to seal an OTP code and to open a
 * session-key or export bundle, so it is loaded on first use
 * (src/packaging/lazy-module.ts); when it does not load, `CONFIG_BUNDLE_FILE`.
 */
import { lazyModule } from '../packaging/lazy-module.js';
import { WalletCryptoError } from './errors.js';
import type * as HpkeSuite from './hpke-suite.js';

/** What the HPKE code exports. */
export type HpkeLibrary = typeof HpkeSuite;

export const loadHpkeLibrary = lazyModule<HpkeLibrary>({
  name: 'hpke',
  neededBy: 'The wallet (to seal codes and open keys) needs',
  load: () => import('./hpke.lazy.js'),
  refuse: (message, cause) => new WalletCryptoError('CONFIG_BUNDLE_FILE', message, { cause }),
});
