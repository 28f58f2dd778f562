/**
 * The virtual authenticator passkey tests use, where the engine and its
 * automation can provide one: Chromium's, over the DevTools protocol the
 * Playwright launcher exposes. Elsewhere it says what is missing, and the
 * tests that need it skip with that reason (`itNeeds`).
 */
import { executeServerCommand } from '@web/test-runner-commands';
import type { Need } from '#test-harness';

export interface Authenticator extends Need {
  authenticatorId?: string;
}

/** Adds a virtual authenticator to this page (options as CDP's), or says why this engine cannot. */
export async function addVirtualAuthenticator(options: Record<string, unknown> = {}): Promise<Authenticator> {
  if (typeof PublicKeyCredential === 'undefined')
    return { missing: 'this engine has no WebAuthn (PublicKeyCredential is undefined)' };
  return (await executeServerCommand('webauthn:add-authenticator', options)) as Authenticator;
}
