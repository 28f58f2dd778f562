/**
 * OAuth sign-in and registration (docs/protocol.md, "Sign-in flows"). The host supplies the
 * id_token through `oidcTokenProvider({nonce})`; for sign-in the nonce is the
 * hex SHA-256 of the exact `clientPublicKey` string sent with it, which binds
 * the token to this session key.
 */
import { oauthNonce, randomBytes, toHex } from '../../crypto/index.js';
import { WalletError, type AuthMethod, type AuthSession } from '../../protocol/index.js';
import {
  activeSession,
  sessionSignedCall,
  credentialOf,
  expectActivity,
  listCredentials,
  type ClientContext,
} from '../context.js';
import { newSessionKey, sessionSigningKey } from '../session/session-key.js';
import type { SessionInfo } from '../session/state.js';

/** Returns an OIDC id_token from your identity provider, with `nonce` as its nonce claim. */
export type OidcTokenProvider = (request: { nonce: string }) => Promise<string>;

async function token(provider: OidcTokenProvider, nonce: string, operation: string): Promise<string> {
  if (typeof provider !== 'function') throw new TypeError(`${operation}: "oidcTokenProvider" must be a function`);
  const value = await provider({ nonce });
  if (typeof value !== 'string' || value.split('.').length !== 3) {
    throw new WalletError('INVALID_INPUT', 'The token provider did not return a JWT', { operation });
  }
  return value;
}

/** An OAuth sign-in whose key (and so nonce) is ready; `start` calls the provider at once, so a popup opens inside the click. */
export interface PreparedOAuthSignIn {
  credentialId: string;
  /** The nonce the id_token must carry. */
  nonce: string;
  start(provider: OidcTokenProvider): Promise<SessionInfo>;
}

export async function prepareOAuthSignIn(ctx: ClientContext, credentialId?: string): Promise<PreparedOAuthSignIn> {
  const operation = 'signInWithOAuth';
  const id = await credentialOf(ctx, 'OAUTH', credentialId, operation);
  const key = await newSessionKey(ctx.options.sessionKeyMode);
  const nonce = await oauthNonce(key.publicKeyHex);
  let used = false;
  return {
    credentialId: id,
    nonce,
    start(provider) {
      if (used)
        return Promise.reject(
          new WalletError('CHALLENGE_EXPIRED', 'This OAuth sign-in was used; prepare again', { operation }),
        );
      used = true;
      // The provider is called before any await, inside the click's user activation.
      const pending = token(provider, nonce, operation);
      return (async () => {
        const oidcToken = await pending;
        const { body } = await ctx.api.call<AuthSession>({
          method: 'POST',
          path: `/auth/credentials/${encodeURIComponent(id)}/verify`,
          body: { type: 'OAUTH', oidcToken, clientPublicKey: key.publicKeyHex },
          operation,
        });
        return ctx.sessions.adopt(
          body,
          await sessionSigningKey(body, key, operation),
          { id, type: 'OAUTH' },
          'signed-in',
        );
      })();
    },
  };
}

export async function signInWithOAuth(
  ctx: ClientContext,
  provider: OidcTokenProvider,
  credentialId?: string,
): Promise<SessionInfo> {
  return (await prepareOAuthSignIn(ctx, credentialId)).start(provider);
}

export async function registerOAuth(ctx: ClientContext, provider: OidcTokenProvider): Promise<AuthMethod> {
  const operation = 'registerOAuth';
  const session = await activeSession(ctx, operation);
  // Registration binds no key; a random nonce keeps providers that require one happy.
  const oidcToken = await token(provider, toHex(randomBytes(32)), operation);
  const before = new Set((await listCredentials(ctx, operation)).map((c) => c.id));
  const result = await sessionSignedCall<AuthMethod>(ctx, session, {
    method: 'POST',
    path: '/auth/credentials',
    body: { type: 'OAUTH', accountId: ctx.options.accountId, oidcToken },
    operation,
    expect: expectActivity(ctx, 'addOAuth', {
      parameters: { accountId: ctx.options.accountId, oauthProviders: [{ oidcToken }] },
    }),
    readBack: async () => (await listCredentials(ctx, operation)).some((c) => c.type === 'OAUTH' && !before.has(c.id)),
  });
  return result.body ?? (await listCredentials(ctx, operation)).find((c) => c.type === 'OAUTH' && !before.has(c.id))!;
}
