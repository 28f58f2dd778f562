/**
 * The door to the passkey flows (passkey/passkey.ts, with the WebAuthn
 * library), loaded on first use (src/packaging/lazy-module.ts). Every
 * ceremony is prepared, and so awaited, before the user's tap, so the code is
 * here by the time it comes.
 */
import { lazyModule } from '../packaging/lazy-module.js';
import { PasskeyError } from './passkey-error.js';
import type * as PasskeyFlowsModule from './passkey/passkey.lazy.js';

export type PasskeyFlows = typeof PasskeyFlowsModule;

export const loadPasskeyFlows = lazyModule<PasskeyFlows>({
  name: 'passkey',
  neededBy: 'Passkeys need',
  load: () => import('./passkey/passkey.lazy.js'),
  refuse: (message, cause) => new PasskeyError('CONFIG_PASSKEY_FILE', message, 'preparePasskey', { cause }),
});

/** The flows, once loaded (undefined before: then no ceremony is running). */
export const passkeyFlows = (): PasskeyFlows | undefined => loadPasskeyFlows.current;
