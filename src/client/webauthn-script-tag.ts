/**
 * The script-tag bundle's @simplewebauthn/browser: one more ES module next to
 * the bundle (embedded-wallet-webauthn.js, built by scripts/browser-crypto.mjs),
 * fetched when a passkey ceremony is first prepared, before any tap, so pages
 * that never use passkeys never load it. Same contract as webauthn.ts.
 */
import type * as Library from '@simplewebauthn/browser';
import { importBundleFile } from '../bundle-file.js';
import { PasskeyError } from './passkey-error.js';

/** The library's file name, next to embedded-wallet-elements.js. */
export const WEBAUTHN_FILE = 'embedded-wallet-webauthn.js';

let loaded: typeof Library | undefined;
let loading: Promise<typeof Library> | undefined;

export function loadWebAuthn(): Promise<typeof Library> {
  loading ??= importBundleFile<typeof Library>(WEBAUTHN_FILE).then(
    (library) => (loaded = library),
    (cause: unknown) => {
      loading = undefined; // a later preparation tries again
      throw new PasskeyError(
        'CONFIG_PASSKEY_FILE',
        `Passkeys need ${WEBAUTHN_FILE}, served next to embedded-wallet-elements.js, and it did not load`,
        'preparePasskey',
        { cause },
      );
    },
  );
  return loading;
}

export const webauthn = (): typeof Library | undefined => loaded;
