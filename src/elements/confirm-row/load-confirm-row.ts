/**
 * The door to the question a list row asks before its action
 * (confirm-row.lazy.ts), for `<ew-credentials>` and `<ew-sessions>`. Both are
 * lazy files, and what a lazy file imports from outside its folder the script
 * tag carries up front (scripts/browser-crypto.mjs): as a lazy module of its
 * own, the question's code is fetched beside the first of them shown instead.
 * When it does not load, the row's button fails with `CONFIG_BUNDLE_FILE`.
 */
import { WalletCryptoError } from '../../client/index.js';
import { lazyModule } from '../../packaging/lazy-module.js';
import type * as ConfirmRowModule from './confirm-row.lazy.js';

export type { ConfirmRow } from './confirm-row.js';

export const loadConfirmRow = lazyModule<typeof ConfirmRowModule>({
  name: 'confirm-row',
  neededBy: 'Removing a sign-in method or signing out a device needs',
  load: () => import('./confirm-row.lazy.js'),
  refuse: (message, cause) => new WalletCryptoError('CONFIG_BUNDLE_FILE', message, { cause }),
});
