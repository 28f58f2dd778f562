/**
 * The client's door to the account flows (account.lazy.ts): sessions listed
 * and revoked, contact, privacy, export, credentials added and removed, the
 * wallet read. Loaded when one of them is first used (src/packaging/lazy-module.ts);
 * when the file does not load, that call fails with `CONFIG_BUNDLE_FILE`
 * before anything is sent, and the next call tries again.
 */
import { WalletCryptoError } from '../../crypto/index.js';
import { lazyModule } from '../../packaging/lazy-module.js';
import type * as AccountModule from './account.lazy.js';

export type AccountFlows = typeof AccountModule;

export const loadAccount = lazyModule<AccountFlows>({
  name: 'account',
  neededBy: "The wallet's settings and lists need",
  load: () => import('./account.lazy.js'),
  refuse: (message, cause) => new WalletCryptoError('CONFIG_BUNDLE_FILE', message, { cause }),
});
