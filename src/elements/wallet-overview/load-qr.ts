/**
 * The overview's door to the QR encoder and the address checksum (qr.lazy.ts),
 * loaded once an address is shown, never for the first paint
 * (src/packaging/lazy-module.ts).
 */
import { WalletCryptoError } from '../../client/index.js';
import { lazyModule } from '../../packaging/lazy-module.js';
import type * as Encoder from './qr.lazy.js';

export type QrEncoder = typeof Encoder;

export const loadQrEncoder = lazyModule<QrEncoder>({
  name: 'qr',
  neededBy: 'The QR code needs',
  load: () => import('./qr.lazy.js'),
  refuse: (message, cause) => new WalletCryptoError('CONFIG_BUNDLE_FILE', message, { cause }),
});
