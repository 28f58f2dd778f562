/**
 * The script-tag bundle's QR encoder: embedded-wallet-qr.js next to the bundle
 * (built by scripts/browser-crypto.mjs), fetched when a QR code is first
 * shown. Same contract as qr-library.ts.
 */
import { WalletCryptoError } from '../../client/index.js';
import { importBundleFile } from '../../bundle-file.js';
import type { QrEncoder } from './qr-library.js';

/** The encoder's file name, next to embedded-wallet-elements.js. */
export const QR_FILE = 'embedded-wallet-qr.js';

let loading: Promise<QrEncoder> | undefined;

export function loadQrEncoder(): Promise<QrEncoder> {
  loading ??= importBundleFile<QrEncoder>(QR_FILE).catch((cause: unknown) => {
    loading = undefined; // the next "Show QR code" tries again
    throw new WalletCryptoError(
      'CONFIG_BUNDLE_FILE',
      `The QR code needs ${QR_FILE}, served next to embedded-wallet-elements.js, and it did not load`,
      { cause },
    );
  });
  return loading;
}
