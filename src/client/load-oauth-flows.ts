/**
 * The door to the OAuth flows (oauth/oauth.ts), loaded on first use
 * (src/packaging/lazy-module.ts). A sign-in is prepared, and so awaited,
 * before the user's click, so the code is here when the provider must open
 * its popup inside that click. When the file does not load, the call fails
 * with `CONFIG_BUNDLE_FILE` before anything is sent.
 */
import { WalletCryptoError } from '../crypto/index.js';
import { lazyModule } from '../packaging/lazy-module.js';
import type * as OAuthFlowsModule from './oauth/oauth.lazy.js';

export type OAuthFlows = typeof OAuthFlowsModule;

export const loadOAuthFlows = lazyModule<OAuthFlows>({
  name: 'oauth',
  neededBy: 'OAuth sign-in needs',
  load: () => import('./oauth/oauth.lazy.js'),
  refuse: (message, cause) => new WalletCryptoError('CONFIG_BUNDLE_FILE', message, { cause }),
});
