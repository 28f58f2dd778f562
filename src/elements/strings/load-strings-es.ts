/** The door to the Spanish strings, loaded on the first `loadWalletStrings('es')` (src/packaging/lazy-module.ts). */
import { WalletCryptoError } from '../../client/index.js';
import { lazyModule } from '../../packaging/lazy-module.js';
import type * as Spanish from './strings-es.lazy.js';

export const loadSpanish = lazyModule<typeof Spanish>({
  name: 'strings-es',
  neededBy: 'Spanish needs',
  load: () => import('./strings-es.lazy.js'),
  refuse: (message, cause) => new WalletCryptoError('CONFIG_BUNDLE_FILE', message, { cause }),
});
