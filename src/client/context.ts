/** What every flow works with: the API, options, the session, and the shared checks. */
import type { PayloadExpectation } from '../crypto/index.js';
import { WalletError, type ApiClient, type AuthMethod, type CredentialType, type DataList } from '../protocol/index.js';
import type { ResolvedOptions, SignedOperationName } from './options.js';
import type { SessionInfo, SessionManager } from './session/session-manager.js';
import type { StoredSession } from './session/vault.js';

export interface ClientContext {
  api: ApiClient;
  options: ResolvedOptions;
  sessions: SessionManager;
  /** Refreshes the session now (one tab at a time); resolves to the new session. */
  refresh(operation: string): Promise<SessionInfo>;
}

/**
 * The session for a signed action. With less than the action margin left it
 * is refreshed first, so the action does not die half-way; an expired one is
 * `SESSION_EXPIRED` (the caller keeps its pending action and re-authenticates).
 */
export async function activeSession(ctx: ClientContext, operation: string): Promise<StoredSession> {
  let session = ctx.sessions.session;
  if (!session) throw new WalletError('NOT_SIGNED_IN', 'Sign in first', { operation });
  const left = session.expiresAt - ctx.api.clock.now();
  if (left <= 0) {
    await ctx.sessions.clear('expired');
    throw new WalletError('SESSION_EXPIRED', 'The session has expired', { operation });
  }
  if (left < ctx.options.actionMarginMs) {
    await ctx.refresh(operation);
    session = ctx.sessions.session;
    if (!session) throw new WalletError('NOT_SIGNED_IN', 'Sign in first', { operation });
  }
  return session;
}

/** What an operation asked for, which its activity payload must state. */
export interface ActivityBinding {
  /** The key this client just generated for the operation, when it names one. */
  targetPublicKey?: string;
  /** Every security-relevant parameter, with the value this client sent. */
  parameters: Record<string, unknown>;
  /** Parameters the payload may carry with any value (e.g. a session lifetime). */
  freeParameters?: readonly string[];
}

/**
 * The payload expectation of an activity-signing operation: its allowed
 * types, and the parameters it asked for (PROTOCOL.md "What a payloadToSign
 * looks like"; a relay that swaps one gets nothing signed).
 */
export function expectActivity(
  ctx: ClientContext,
  name: SignedOperationName,
  binding: ActivityBinding,
): () => PayloadExpectation {
  const types = ctx.options.activityTypes[name];
  const { organizationId } = ctx.options;
  return () => ({ kind: 'activity', types, ...binding, ...(organizationId ? { organizationId } : {}) });
}

/** The wallet's credentials (one call). */
export async function listCredentials(ctx: ClientContext, operation = 'listCredentials'): Promise<AuthMethod[]> {
  const { body } = await ctx.api.call<DataList<AuthMethod>>({
    method: 'GET',
    path: `/auth/credentials?accountId=${encodeURIComponent(ctx.options.accountId)}`,
    operation,
  });
  if (!Array.isArray(body.data))
    throw new WalletError('INVALID_RESPONSE', 'The credential list has no data', { operation });
  return body.data;
}

/** The credential of `type` to use: the given id, or the wallet's only one of that type. */
export async function credentialOf(
  ctx: ClientContext,
  type: CredentialType,
  credentialId: string | undefined,
  operation: string,
): Promise<string> {
  if (credentialId) return credentialId;
  const found = (await listCredentials(ctx, operation)).find((c) => c.type === type);
  if (!found) throw new WalletError('WRONG_CREDENTIAL_TYPE', `This wallet has no ${type} credential`, { operation });
  return found.id;
}
