/** Creating sessions in either session-key mode (docs/protocol.md, "Session key modes"). */
import type { ClientKey } from './client-key.js';
import type { SandboxContext } from './context.js';
import { sealSessionKey } from './enclave.js';
import { newId } from './ids.js';
import type { Credential, Session } from './store.js';
import { sessionJson } from './views.js';

/**
 * Starts a session for `credential`. With an uncompressed client key the
 * session key is new and sealed to it (`encryptedSessionSigningKey`); with a
 * compressed one the client's own key signs.
 */
export function startSession(
  ctx: SandboxContext,
  credential: Credential,
  clientKey: ClientKey,
): Record<string, unknown> {
  const now = ctx.clock.now();
  let publicKey = clientKey.compressed;
  let sealed: string | undefined;
  if (clientKey.mode === 'sealed') {
    const created = sealSessionKey(clientKey.uncompressed);
    publicKey = created.sessionPublicKey;
    sealed = created.sealed;
  }
  const session: Session = {
    id: newId('Session'),
    accountId: credential.accountId,
    credentialId: credential.id,
    type: credential.type,
    nickname: credential.nickname,
    publicKey,
    createdAt: now,
    updatedAt: now,
    expiresAt: now + ctx.config.sessionLifetimeMs,
    revoked: false,
  };
  ctx.store.sessions.set(session.id, session);
  credential.verified = true;
  return sessionJson(session, sealed);
}
