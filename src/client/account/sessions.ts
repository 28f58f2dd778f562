/** The wallet's sessions on every device: the list, and revoking one from it (docs/protocol.md, "Signed activities"). */
import type { AuthSession } from '../../protocol/index.js';
import { activeSessions, type ClientContext } from '../context.js';
import { revokeSession } from '../flows/sessions.js';

/** A session of the wallet as listed, with this device's marked. */
export interface ListedSession extends AuthSession {
  current: boolean;
}

export async function listSessions(ctx: ClientContext): Promise<ListedSession[]> {
  const currentId = ctx.sessions.session?.sessionId;
  const active = await activeSessions(ctx, 'listSessions');
  // Our session missing from the service's active list: it expired, or another device signed it out.
  const current = ctx.sessions.session;
  if (current && current.sessionId === currentId && !active.some((s) => s.id === currentId)) {
    await ctx.sessions.clear(current.expiresAt <= ctx.api.clock.now() ? 'expired' : 'revoked');
  }
  return active.map((s) => ({ ...s, current: s.id === currentId && ctx.sessions.session !== undefined }));
}

/**
 * Revokes a listed session (flows/sessions.ts, `revokeSession`); when it was
 * this device's own, the session is then wiped here and in every tab too.
 */
export async function revokeListedSession(ctx: ClientContext, sessionId: string): Promise<void> {
  await revokeSession(ctx, sessionId);
  if (sessionId === ctx.sessions.session?.sessionId) await ctx.sessions.clear('signed-out');
}
