/**
 * The door to the @noble/curves fallback (p256-fallback/p256.lazy.ts), loaded on first use
 * (src/packaging/lazy-module.ts) and only by engines that refuse the native
 * session-key import (scalar-import.ts).
 */
import { lazyModule } from '../../packaging/lazy-module.js';
import { WalletCryptoError } from '../errors.js';
import type * as NoblePublicKey from './p256-fallback/p256.lazy.js';

export const loadNoblePublicPoint = lazyModule<typeof NoblePublicKey>({
  name: 'p256',
  neededBy: 'This browser cannot import the session key natively, and the P-256 fallback needs',
  load: () => import('./p256-fallback/p256.lazy.js'),
  refuse: (message, cause) => new WalletCryptoError('P256_FALLBACK_UNAVAILABLE', message, { cause }),
});
