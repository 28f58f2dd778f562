/**
 * Embedded wallet credentials: register, list, challenge, verify, revoke.
 * Registration, challenges and verification each have a module of their own;
 * listing and revoking are here.
 */
import type { SandboxContext } from '../context.js';
import { invalidInput, notFound } from '../http-error.js';
import type { ApiRequest, ApiResponse, Router } from '../router.js';
import { activity, signedFlow } from '../signed-request.js';
import type { Credential } from '../store.js';
import { credentialJson } from '../views.js';
import { credentialChallenge } from './credential-challenge.js';
import { registerCredential } from './credential-registration.js';
import { verifyCredential } from './credential-verify.js';

/** Revoking a credential: signed by a session of another of the wallet's credentials, never the last one. */
function revokeCredential(ctx: SandboxContext, request: ApiRequest, credential: Credential): Promise<ApiResponse> {
  const { store } = ctx;
  const assertNotLast = () => {
    if (store.credentialsOf(credential.accountId).length <= 1) {
      throw invalidInput('The last credential of a wallet cannot be removed');
    }
  };
  assertNotLast();
  const account = store.accounts.get(credential.accountId)!;
  return signedFlow(ctx, {
    request,
    begin: () => ({
      type: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS',
      payloadToSign: activity(ctx, 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS', account.organizationId, {
        authenticatorIds: [credential.id],
      }),
      signer: { kind: 'session', accountIds: [credential.accountId], notCredentialId: credential.id },
    }),
    complete: () => {
      if (!store.credentials.has(credential.id)) throw notFound('CREDENTIAL_NOT_FOUND', 'Credential');
      assertNotLast();
      store.credentials.delete(credential.id);
      // Its sessions die with it.
      for (const session of store.sessions.values()) if (session.credentialId === credential.id) session.revoked = true;
      return { status: 204 };
    },
  });
}

export function credentialRoutes(router: Router, ctx: SandboxContext): void {
  const { store } = ctx;
  const findCredential = (id: string) => {
    const credential = store.credentials.get(id);
    if (!credential) throw notFound('CREDENTIAL_NOT_FOUND', 'Credential');
    return credential;
  };

  router.on('POST', '/auth/credentials', (request) => registerCredential(ctx, request));

  router.on('GET', '/auth/credentials', ({ query }) => {
    const accountId = query.get('accountId');
    if (!accountId) throw invalidInput('accountId is required');
    return { status: 200, body: { data: store.credentialsOf(accountId).map(credentialJson) } };
  });

  router.on('POST', '/auth/credentials/{id}/challenge', ({ params, body }) =>
    credentialChallenge(ctx, findCredential(params['id']!), body),
  );

  router.on('POST', '/auth/credentials/{id}/verify', (request) =>
    verifyCredential(ctx, request, findCredential(request.params['id']!)),
  );

  router.on('DELETE', '/auth/credentials/{id}', (request) =>
    revokeCredential(ctx, request, findCredential(request.params['id']!)),
  );
}
