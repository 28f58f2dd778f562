/**
 * The passkey flows (flows/passkey.ts) load on first use, a chunk of their
 * own for bundlers (the WebAuthn library is a further door: load-webauthn.ts).
 * Every ceremony is prepared, and so awaited, before the user's tap.
 */
import type * as PasskeyFlowsModule from './flows/passkey.js';

export type PasskeyFlows = typeof PasskeyFlowsModule;

let loaded: PasskeyFlows | undefined;

export async function loadPasskeyFlows(): Promise<PasskeyFlows> {
  return (loaded ??= await import('./flows/passkey.js'));
}

/** The flows, once loaded (undefined before: then no ceremony is running). */
export const passkeyFlows = (): PasskeyFlows | undefined => loaded;
