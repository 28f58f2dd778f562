/**
 * The door to the wallet's signed-in view (src/packaging/lazy-module.ts). Asked for while the
 * stored session is restored and while a code is typed, so a signing-in user rarely waits for it.
 */
import { WalletCryptoError } from '../../../client/index.js';
import { lazyModule } from '../../../packaging/lazy-module.js';
import type * as SignedInView from './signed-in-view.lazy.js';

export { HEADING_ID } from './heading.js';

export const loadSignedInView = lazyModule<typeof SignedInView>({
  name: 'signed-in-view',
  neededBy: 'The signed-in wallet needs',
  load: () => import('./signed-in-view.lazy.js'),
  refuse: (message, cause) => new WalletCryptoError('CONFIG_BUNDLE_FILE', message, { cause }),
});
