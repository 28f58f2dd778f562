/**
 * This device's session: refresh, revoke, sign out (docs/protocol.md, "Signed activities"). The
 * list of every device's sessions is account/sessions.ts.
 */
import { WalletError, type AuthSession } from '../../protocol/index.js';
import { activeSession, activeSessions, expectActivity, sessionSignedCall, type ClientContext } from '../context.js';
import { newSessionKey, sessionSigningKey, type PendingSessionKey } from '../session/session-key.js';
import { toInfo, type SessionInfo } from '../session/state.js';
import { withLock } from '../session/tab-sync.js';
import type { StoredSession } from '../session/vault.js';

/**
 * Refreshes the session with a fresh key. One tab at a time (Web Locks): a tab
 * that waited finds the session already refreshed by another and adopts it
 * instead of refreshing again.
 */
export async function refreshSession(ctx: ClientContext, operation = 'refreshSession'): Promise<SessionInfo> {
  const started = ctx.sessions.session;
  if (!started) throw new WalletError('NOT_SIGNED_IN', 'Sign in first', { operation });
  return withLock(`embedded-wallet-elements:refresh:${ctx.options.accountId}`, async () => {
    const latest = await ctx.sessions.reloadFromVault();
    if (!latest) throw new WalletError('NOT_SIGNED_IN', 'Signed out meanwhile', { operation });
    if (latest.sessionId !== started.sessionId) return toInfo(latest);
    if (latest.expiresAt <= ctx.api.clock.now() && (await ctx.sessions.expire())) {
      throw new WalletError('SESSION_EXPIRED', 'The session expired before it could be refreshed', { operation });
    }
    const key = await newSessionKey(ctx.options.sessionKeyMode);
    const startedAt = ctx.api.clock.now();
    const result = await sessionSignedCall<AuthSession>(ctx, latest, {
      method: 'POST',
      path: `/auth/sessions/${encodeURIComponent(latest.sessionId)}/refresh`,
      body: { clientPublicKey: key.publicKeyHex },
      operation,
      expect: expectActivity(ctx, 'refreshSession', {
        targetPublicKey: key.publicKeyHex,
        parameters: {},
        limits: { expirationSeconds: ctx.options.maxSessionSeconds },
      }),
      // The old session gone from the list means the service applied the refresh (it replaces the old one).
      readBack: async () => !(await activeSessions(ctx, operation)).some((s) => s.id === latest.sessionId),
    });
    if (result.outcome === 'read-back') return reopenAfterLostRefresh(ctx, latest, key, startedAt, operation);
    if (!result.body) throw new WalletError('INVALID_RESPONSE', 'The refresh answer has no session', { operation });
    const keyPair = await sessionSigningKey(result.body, key, operation);
    return ctx.sessions.adopt(
      result.body,
      keyPair,
      { id: latest.credentialId, type: latest.credentialType },
      'refreshed',
    );
  });
}

/**
 * A refresh the service applied but whose answer was lost: the old session is
 * dead. With a client-held key the new session's key is ours already, so the
 * one new session of this credential type is adopted; a sealed key was only
 * in the lost answer, so the client signs out with that cause instead of
 * staying "signed in" with a session that can sign nothing.
 */
async function reopenAfterLostRefresh(
  ctx: ClientContext,
  old: StoredSession,
  key: PendingSessionKey,
  startedAt: number,
  operation: string,
): Promise<SessionInfo> {
  if (key.mode === 'client-held') {
    // One second of slack for the service's clock granularity; a second candidate makes it ambiguous.
    const fresh = (await activeSessions(ctx, operation)).filter(
      (s) => s.type === old.credentialType && Date.parse(s.createdAt) >= startedAt - 1_000,
    );
    if (fresh.length === 1) {
      return ctx.sessions.adopt(
        fresh[0]!,
        await sessionSigningKey(fresh[0]!, key, operation),
        { id: old.credentialId, type: old.credentialType },
        'refreshed',
      );
    }
  }
  await ctx.sessions.clear('replaced');
  throw new WalletError('SESSION_REPLACED', 'The session was refreshed but the answer was lost; sign in again', {
    operation,
  });
}

/**
 * Revokes a session (another device's, or this one's), signed by this
 * device's session. Done only once the session is gone from the service's
 * list (read through the relay, like every call): a relay that keeps the
 * signed retry and makes up a 204 without also faking the list is caught
 * (NOT_CONFIRMED).
 */
export async function revokeSession(ctx: ClientContext, sessionId: string, operation = 'revokeSession'): Promise<void> {
  const session = await activeSession(ctx, operation);
  const gone = async () => !(await activeSessions(ctx, operation)).some((s) => s.id === sessionId);
  const result = await sessionSignedCall(ctx, session, {
    method: 'DELETE',
    path: `/auth/sessions/${encodeURIComponent(sessionId)}`,
    operation,
    expect: expectActivity(ctx, 'revokeSession', { parameters: { apiKeyIds: [sessionId] } }),
    readBack: gone,
  });
  if (result.outcome === 'answered' && !(await gone())) {
    throw new WalletError('NOT_CONFIRMED', 'The service answered the revoke, but the session is still listed', {
      operation,
    });
  }
}

/**
 * Signs out: revokes this session at the service, then wipes it here and in
 * every tab even when the network fails. Resolves to whether the service
 * confirmed the revoke, so the UI can say "signed out on this device only".
 */
export async function signOut(ctx: ClientContext): Promise<{ revoked: boolean; error?: unknown }> {
  const session = ctx.sessions.session;
  if (!session) return { revoked: true };
  try {
    // An expiry by a clock the relay alone set is no reason to leave the session open at the service.
    if (session.expiresAt > ctx.api.clock.now() || !ctx.api.clock.believed)
      await revokeSession(ctx, session.sessionId, 'signOut');
    return { revoked: true };
  } catch (error) {
    return { revoked: false, error };
  } finally {
    await ctx.sessions.clear('signed-out');
  }
}
