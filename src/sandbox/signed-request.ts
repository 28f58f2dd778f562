/**
 * The wallet-signed two-step (docs/protocol.md, "The signed retry"): the
 * first call answers 202 with `payloadToSign` and a single-use `requestId`;
 * the same request sent again with `Service-Wallet-Signature` and
 * `Request-Id` runs the operation once the stamp verifies under a key the
 * operation allows.
 *
 * The service ignores both headers on a first call (docs/protocol.md, "The
 * signed retry"): a call whose `Request-Id` names no request this sandbox
 * issued is a first call, whatever headers it carries. Issued ids are remembered (used or not)
 * until well after they expire (`ExpiringMap`'s grace), so a late or repeated
 * retry is still told "expired" or "already used" rather than challenged anew.
 *
 * Supersession (a sandbox rule, docs/sandbox.md): a newer first call on the
 * same resource supersedes every older request on it not yet redeemed, so a
 * stamp someone withheld (a relay keeping a signed "privacy on" or a revoke)
 * cannot be redeemed after the user made a newer choice there.
 */
import { iso } from './clock.js';
import type { SandboxContext } from './context.js';
import { ApiError, authFailed } from './http-error.js';
import { newId } from './ids.js';
import type { ApiRequest, ApiResponse } from './router.js';
import { checkStamp } from './stamp-check.js';
import type { PendingSignature, Session, SignerRule } from './store.js';

/** What the first call of a signed operation decides. */
export interface SignatureRequest {
  payloadToSign: string;
  /** The activity type, echoed as `type` in the 202 answer when there is one. */
  type?: string;
  signer: SignerRule;
  context?: Record<string, unknown>;
}

/** A signed operation: what to ask for, and what to do once it is signed. */
export interface SignedOperation {
  request: ApiRequest;
  begin(): SignatureRequest;
  /** Runs the operation; `session` is the signer's session when the rule names sessions. */
  complete(context: Record<string, unknown>, session: Session | undefined): ApiResponse | Promise<ApiResponse>;
}

const header = (request: ApiRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Canonical form of a body for the retry comparison (member order and spacing do not matter). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a signed request acts on, for supersession: its method and path, read
 * as the router reads it (percent escapes decoded: `InternalAccount%3a…` is
 * the same wallet as `InternalAccount:…`, and must be the same resource); and
 * for POST /auth/credentials, the one collection path every wallet shares,
 * also the account it registers a credential on, so that wallets adding
 * credentials at the same time do not supersede each other.
 */
export function resourceOf(request: ApiRequest): string {
  let path = request.path;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not decodable: the router matched no id in it either, so the raw path names it.
  }
  const operation = `${request.method} ${path}`;
  if (request.method === 'POST' && path === '/auth/credentials')
    return `${operation} ${JSON.stringify(request.body['accountId'])}`;
  return operation;
}

/** Runs `op` as a first call (202) or a signed retry. */
export async function signedFlow(ctx: SandboxContext, op: SignedOperation): Promise<ApiResponse> {
  const { request } = op;
  const signature = header(request, 'service-wallet-signature');
  const requestId = header(request, 'request-id');
  const operation = `${request.method} ${request.path}`;
  const now = ctx.clock.now();

  if (signature && !requestId)
    throw new ApiError(401, 'REQUEST_ID_MISSING', 'Request-Id is required with Service-Wallet-Signature');
  const pending = requestId === undefined ? undefined : issued(ctx, requestId);
  if (!pending) {
    const ask = op.begin();
    const first: PendingSignature = {
      requestId: newId('Request'),
      operation,
      resource: resourceOf(request),
      body: canonical(request.body),
      payloadToSign: ask.payloadToSign,
      expiresAt: now + ctx.config.requestIdLifetimeMs,
      used: false,
      signer: ask.signer,
      context: ask.context ?? {},
    };
    ctx.store.pending.set(first.requestId, first);
    // Issued, so it supersedes what is pending on its resource.
    ctx.store.newestRequest.set(first.resource, { requestId: first.requestId, expiresAt: first.expiresAt });
    return {
      status: 202,
      body: {
        ...(ask.type ? { type: ask.type } : {}),
        payloadToSign: first.payloadToSign,
        requestId: first.requestId,
        expiresAt: iso(first.expiresAt),
      },
    };
  }
  if (!signature)
    throw new ApiError(401, 'WALLET_SIGNATURE_MISSING', 'Service-Wallet-Signature is required for this wallet action');
  if (pending.used) throw authFailed('Request-Id already used');
  if (now > pending.expiresAt) throw authFailed('Request-Id expired');
  // Single use: any retry that names it, good or bad, spends it.
  pending.used = true;
  if (superseded(ctx, pending)) throw authFailed('Request-Id superseded by a newer request on the same resource');
  if (pending.operation !== operation || pending.body !== canonical(request.body)) {
    throw new ApiError(
      401,
      'WALLET_SIGNATURE_BODY_MISMATCH',
      'The retry does not repeat the request that was challenged',
    );
  }
  const signer = await checkStamp(signature, pending.payloadToSign);
  return op.complete(pending.context, allowedSigner(ctx, pending.signer, signer, now));
}

/** The shape of the ids this sandbox issues (`newId('Request')`). */
const REQUEST_ID = /^Request:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The pending request `requestId` names, or undefined when this sandbox never
 * issued it (or issued it so long ago that it was forgotten): then the call is
 * a first call. A value that cannot be an id at all (not `Request:<uuid>`) is
 * refused rather than ignored, so a garbled retry is reported, not re-challenged.
 */
function issued(ctx: SandboxContext, requestId: string): PendingSignature | undefined {
  if (!REQUEST_ID.test(requestId)) throw authFailed('Request-Id is not one this service issues (Request:<uuid>)');
  return ctx.store.pending.get(requestId);
}

/**
 * True when a newer request was issued on `pending`'s resource. The newest is
 * remembered as long as `pending` is (the same grace, a later expiry), so a
 * forgotten one can only be `pending` itself or older.
 */
function superseded(ctx: SandboxContext, pending: PendingSignature): boolean {
  const newest = ctx.store.newestRequest.get(pending.resource);
  return newest !== undefined && newest.requestId !== pending.requestId;
}

/** Applies the operation's signer rule to a verified stamp's key. */
function allowedSigner(ctx: SandboxContext, rule: SignerRule, signer: string, now: number): Session | undefined {
  if (rule.kind === 'key') {
    if (rule.publicKey !== signer) throw invalid('The stamp was not made with the key this verification is bound to');
    return undefined;
  }
  const session = rule.accountIds
    .flatMap((id) => ctx.store.activeSessions(id, now))
    .find((s) => s.publicKey === signer);
  if (!session) throw invalid('The stamp key is not an active session of this wallet');
  if (rule.notCredentialId && session.credentialId === rule.notCredentialId) {
    throw invalid('A credential must be removed with a session of a different credential');
  }
  // The refresh activity does not name the session: only that session's own stamp may replace it.
  if (rule.sessionId !== undefined && session.id !== rule.sessionId) {
    throw invalid('A session is refreshed only with its own key');
  }
  return session;
}

const invalid = (message: string): ApiError => new ApiError(401, 'WALLET_SIGNATURE_INVALID', message);

/** A Turnkey-style activity payload (docs/protocol.md, "Payloads to sign"): type, timestamp, organization, parameters. */
export function activity(
  ctx: SandboxContext,
  type: string,
  organizationId: string,
  parameters: Record<string, unknown>,
): string {
  return JSON.stringify({ type, timestampMs: String(ctx.clock.now()), organizationId, parameters });
}
