/** Removing a credential (docs/protocol.md, "Endpoints the widget uses"). */
import { WalletError } from '../../protocol/index.js';
import { activeSession, sessionSignedCall, expectActivity, listCredentials, type ClientContext } from '../context.js';

/**
 * Removes a credential. The service accepts only a session of a *different*
 * credential: removing the one this device signed in with needs signing in
 * with another first (`NO_OTHER_CREDENTIAL`).
 */
export async function revokeCredential(ctx: ClientContext, credentialId: string): Promise<void> {
  const operation = 'revokeCredential';
  const session = await activeSession(ctx, operation);
  if (session.credentialId === credentialId) {
    throw new WalletError(
      'NO_OTHER_CREDENTIAL',
      'This device is signed in with that credential; sign in with another one to remove it',
      {
        operation,
      },
    );
  }
  await sessionSignedCall(ctx, session, {
    method: 'DELETE',
    path: `/auth/credentials/${encodeURIComponent(credentialId)}`,
    operation,
    expect: expectActivity(ctx, 'revokeCredential', { parameters: { authenticatorIds: [credentialId] } }),
    readBack: async () => !(await listCredentials(ctx, operation)).some((c) => c.id === credentialId),
  });
}
