/**
 * The authenticator passkey tests use. Chromium's virtual authenticator, over
 * the DevTools protocol the Playwright launcher exposes, where there is one;
 * elsewhere the in-page software authenticator (page-authenticator.ts), so the
 * passkey flows, user presence included, run in every engine.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import type { Need } from '#test-harness';
import { installPageAuthenticator, requireUserActivation, setPagePresence } from './page-authenticator.js';

export { requireUserActivation };

export interface Authenticator {
  /** The virtual authenticator's id; undefined for the in-page one. */
  authenticatorId?: string;
}

/** Adds a virtual authenticator to this page, or installs the in-page one where the engine's automation has none. */
export async function addVirtualAuthenticator(options: Record<string, unknown> = {}): Promise<Authenticator> {
  const virtual =
    typeof PublicKeyCredential === 'undefined'
      ? { missing: 'this engine has no WebAuthn (PublicKeyCredential is undefined)' }
      : ((await executeServerCommand('webauthn:add-authenticator', options)) as { authenticatorId?: string } & Need);
  if (!virtual.missing) return { authenticatorId: virtual.authenticatorId! };
  installPageAuthenticator();
  console.log(`passkeys: the in-page software authenticator (${virtual.missing})`);
  return {};
}

/** Whether the user touches the authenticator: when not, ceremonies wait until cancelled or timed out. */
export async function setUserPresence(authenticator: Authenticator, enabled: boolean): Promise<void> {
  if (authenticator.authenticatorId === undefined) return setPagePresence(enabled);
  await executeServerCommand('webauthn:set-presence', { authenticatorId: authenticator.authenticatorId, enabled });
}
