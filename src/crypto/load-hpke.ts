/**
 * The crypto core's door to sealing and opening enclave bundles (hpke/, with
 * @hpke/core). They are needed only to seal an OTP code and to open a
 * session-key or export bundle, so they are loaded on first use
 * (src/packaging/lazy-module.ts); when they do not load, `CONFIG_BUNDLE_FILE`.
 * Callers load first, then seal or open, so a flow refuses before it sends
 * what it could not seal or open.
 */
import { lazyModule } from '../packaging/lazy-module.js';
import { WalletCryptoError } from './errors.js';
import type * as HpkeModule from './hpke/hpke.lazy.js';

/** What the HPKE module exports. */
export type Hpke = typeof HpkeModule;

export const loadHpke = lazyModule<Hpke>({
  name: 'hpke',
  neededBy: 'The wallet (to seal codes and open keys) needs',
  load: () => import('./hpke/hpke.lazy.js'),
  refuse: (message, cause) => new WalletCryptoError('CONFIG_BUNDLE_FILE', message, { cause }),
});
