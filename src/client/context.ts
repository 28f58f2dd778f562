/** What every flow works with: the API, options, the session, and the shared checks. */
import type { ActivityExpectation, PayloadExpectation } from '../crypto/index.js';
import {
  signedCall,
  WalletError,
  type ApiClient,
  type AuthMethod,
  type AuthSession,
  type CredentialType,
  type DataList,
  type SignedCall,
  type SignedResult,
} from '../protocol/index.js';
import type { ResolvedOptions, SignedOperationName } from './options.js';
import type { SessionManager } from './session/session-manager.js';
import type { SessionInfo } from './session/state.js';
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
  if (session.expiresAt <= ctx.api.clock.now() && (await ctx.sessions.expire())) {
    throw new WalletError('SESSION_EXPIRED', 'The session has expired', { operation });
  }
  const left = session.expiresAt - ctx.api.clock.now();
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
  /** Parameters the payload may carry with any value (e.g. a nonce). */
  freeParameters?: readonly string[];
  /** Parameters that may be absent or a whole number up to a limit (e.g. a session lifetime). */
  limits?: Readonly<Record<string, number>>;
}

/**
 * The payload expectation of an activity-signing operation: its allowed
 * types, and the parameters it asked for (docs/protocol.md, "Payloads to
 * sign"; a relay that swaps one gets nothing signed).
 */
export function expectActivity(
  ctx: ClientContext,
  name: SignedOperationName,
  binding: ActivityBinding,
): () => PayloadExpectation {
  return () => activityExpectation(ctx, ctx.options.activityTypes[name], binding);
}

/** An activity of one of `types`, as `binding` states it, naming the wallet's organization when configured. */
export function activityExpectation(
  ctx: ClientContext,
  types: readonly string[],
  binding: Partial<ActivityBinding> = {},
): ActivityExpectation {
  const { organizationId } = ctx.options;
  return { kind: 'activity', types, ...binding, ...(organizationId ? { organizationId } : {}) };
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

/** Every active session of the wallet, all pages of the list (bounded, in case a cursor never ends). */
export async function activeSessions(ctx: ClientContext, operation: string): Promise<AuthSession[]> {
  const all: AuthSession[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const query = `accountId=${encodeURIComponent(ctx.options.accountId)}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const { body } = await ctx.api.call<DataList<AuthSession>>({
      method: 'GET',
      path: `/auth/sessions?${query}`,
      operation,
    });
    if (!Array.isArray(body.data))
      throw new WalletError('INVALID_RESPONSE', 'The session list has no data', { operation });
    all.push(...body.data);
    if (!body.hasMore || typeof body.nextCursor !== 'string') return all;
    cursor = body.nextCursor;
  }
  return all;
}

/**
 * A signed call stamped by `session`. A stamp refused as
 * WALLET_SIGNATURE_INVALID may mean the session was replaced or revoked
 * elsewhere: the service's list decides, and a session gone from it is
 * dropped here too (else every later action, also after a reload, would fail
 * the same way) and reported as SESSION_REPLACED.
 */
export async function sessionSignedCall<T = Record<string, unknown>>(
  ctx: ClientContext,
  session: StoredSession,
  call: Omit<SignedCall, 'signer'>,
): Promise<SignedResult<T>> {
  try {
    return await signedCall<T>(ctx.api, { ...call, signer: ctx.sessions.signerFor(session.sessionId) });
  } catch (error) {
    if (!(error instanceof WalletError) || error.code !== 'WALLET_SIGNATURE_INVALID') throw error;
    if (ctx.sessions.session?.sessionId !== session.sessionId) throw error;
    let listed = true;
    try {
      listed = (await activeSessions(ctx, call.operation)).some((s) => s.id === session.sessionId);
    } catch {
      // The list could not be read: keep the session, report the refusal as it came.
    }
    if (listed) throw error;
    await ctx.sessions.clear('revoked');
    throw new WalletError('SESSION_REPLACED', 'This session was ended elsewhere; sign in again', {
      operation: call.operation,
      cause: error,
    });
  }
}
