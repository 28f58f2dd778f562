/**
 * The client's door to @simplewebauthn/browser. A ceremony must start inside
 * the user's tap with no await before it (passkey/passkey.ts), so the library
 * is loaded while a ceremony is prepared (`loadWebAuthn`, on first use:
 * src/packaging/lazy-module.ts) and used synchronously in the tap (`webauthn`).
 */
import { lazyModule } from '../packaging/lazy-module.js';
import { PasskeyError } from './passkey-error.js';
import type * as Library from './webauthn.lazy.js';

export type WebAuthnLibrary = typeof Library;

export const loadWebAuthn = lazyModule<WebAuthnLibrary>({
  name: 'webauthn',
  neededBy: 'Passkeys need',
  load: () => import('./webauthn.lazy.js'),
  refuse: (message, cause) => new PasskeyError('CONFIG_PASSKEY_FILE', message, 'preparePasskey', { cause }),
});

/** The library, once `loadWebAuthn` resolved. */
export const webauthn = (): WebAuthnLibrary | undefined => loadWebAuthn.current;
