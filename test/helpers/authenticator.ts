/**
 * The authenticator passkey tests use. Chromium's virtual authenticator, over
 * the DevTools protocol the Playwright launcher exposes, where there is one;
 * elsewhere the in-page software authenticator (page-authenticator.ts), so the
 * passkey flows run in every engine. Tests that steer the authenticator itself
 * (user presence) need the virtual one and skip elsewhere with the reason.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import type { Need } from '#test-harness';
import { installPageAuthenticator } from './page-authenticator.js';

export interface Authenticator extends Need {
  /** The virtual authenticator's id; undefined for the in-page one. */
  authenticatorId?: string;
  /** Why user presence cannot be steered here (the in-page authenticator is always present). */
  presence: Need;
}

/** Adds a virtual authenticator to this page, or installs the in-page one where the engine's automation has none. */
export async function addVirtualAuthenticator(options: Record<string, unknown> = {}): Promise<Authenticator> {
  const virtual =
    typeof PublicKeyCredential === 'undefined'
      ? { missing: 'this engine has no WebAuthn (PublicKeyCredential is undefined)' }
      : ((await executeServerCommand('webauthn:add-authenticator', options)) as { authenticatorId?: string } & Need);
  if (!virtual.missing) return { authenticatorId: virtual.authenticatorId!, presence: {} };
  installPageAuthenticator();
  console.log(`passkeys: the in-page software authenticator (${virtual.missing})`);
  return { presence: { missing: `no user-presence control: ${virtual.missing}` } };
}
