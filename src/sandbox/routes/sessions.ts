/** Sessions: list, refresh, revoke (docs/protocol.md, "Signed activities"). */
import { parseClientKey } from '../client-key.js';
import type { SandboxContext } from '../context.js';
import { invalidInput, notFound } from '../http-error.js';
import { readLimit } from '../list.js';
import type { Router } from '../router.js';
import { startSession } from '../sessions.js';
import { activity, signedFlow } from '../signed-request.js';
import { sessionJson } from '../views.js';

export function sessionRoutes(router: Router, ctx: SandboxContext): void {
  const { store, clock } = ctx;
  const findActive = (id: string) => {
    const session = store.sessions.get(id);
    if (!session || session.revoked || session.expiresAt <= clock.now())
      throw notFound('SESSION_NOT_FOUND', 'Active session');
    return session;
  };

  router.on('GET', '/auth/sessions', ({ query }) => {
    const accountId = query.get('accountId');
    if (!accountId) throw invalidInput('accountId is required');
    readLimit(query);
    return { status: 200, body: { data: store.activeSessions(accountId, clock.now()).map((s) => sessionJson(s)) } };
  });

  router.on('POST', '/auth/sessions/{id}/refresh', (request) => {
    const session = findActive(request.params['id']!);
    const key = parseClientKey(request.body['clientPublicKey']);
    if (!key) throw invalidInput('clientPublicKey must be a P-256 public key (hex, SEC1)');
    const account = store.accounts.get(session.accountId)!;
    const type = 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2';
    return signedFlow(ctx, {
      request,
      begin: () => ({
        type,
        payloadToSign: activity(ctx, type, account.organizationId, {
          targetPublicKey: request.body['clientPublicKey'],
          expirationSeconds: String(ctx.config.sessionLifetimeMs / 1000),
        }),
        signer: { kind: 'session', accountIds: [session.accountId], sessionId: session.id },
      }),
      complete: () => {
        const current = findActive(session.id);
        const credential = store.credentials.get(current.credentialId);
        if (!credential) throw notFound('CREDENTIAL_NOT_FOUND', 'Credential');
        const next = startSession(ctx, credential, key);
        // The refreshed session replaces the old one, so one device shows as one session.
        current.revoked = true;
        return { status: 201, body: next };
      },
    });
  });

  router.on('DELETE', '/auth/sessions/{id}', (request) => {
    const session = findActive(request.params['id']!);
    const account = store.accounts.get(session.accountId)!;
    return signedFlow(ctx, {
      request,
      begin: () => ({
        type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
        payloadToSign: activity(ctx, 'ACTIVITY_TYPE_DELETE_API_KEYS', account.organizationId, {
          apiKeyIds: [session.id],
        }),
        // Any active session of the wallet may revoke, itself included (sign-out).
        signer: { kind: 'session', accountIds: [session.accountId] },
      }),
      complete: () => {
        session.revoked = true;
        return { status: 204 };
      },
    });
  });
}
