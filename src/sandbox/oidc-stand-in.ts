/**
 * A stand-in for an identity provider's authorization endpoint, for QA of the
 * OAuth sign-in isolated mode's frame asks for itself (OpenID Connect Core
 * 1.0, 3.2: the implicit flow, `response_type=id_token`, answered in the
 * redirect URI's fragment). It consents at once, with no login page, and
 * answers with an unsigned id_token for the sandbox's issuer (the sandbox
 * checks an id_token's claims, not its signature), carrying the nonce and
 * audience asked for. It redirects only to the origins it is given: it is not
 * an open redirect.
 */
import { SANDBOX_OIDC_ISSUER } from './oidc.js';

export interface StandInOptions {
  /** Origins whose pages may be redirect URIs (the frame's). */
  redirectOrigins: string[];
  /** Now, in seconds (the sandbox's clock: `Math.floor(sandbox.clock.now() / 1000)`). */
  nowSeconds: number;
  /** The `sub` of every token (default `sandbox-user`; a request's `login_hint` wins). */
  subject?: string;
  issuer?: string;
}

export type StandInAnswer = { status: 302; location: string } | { status: 400; message: string };

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The answer to an authorization request whose query is `query`. */
export function standInAuthorization(query: URLSearchParams, options: StandInOptions): StandInAnswer {
  let redirect: URL;
  try {
    redirect = new URL(query.get('redirect_uri') ?? '');
  } catch {
    return { status: 400, message: 'redirect_uri must be an absolute URL' };
  }
  // An unknown redirect URI is never redirected to (RFC 6749, 4.2.2.1): said here instead.
  if (!options.redirectOrigins.includes(redirect.origin) || redirect.hash)
    return { status: 400, message: `redirect_uri is not on an origin this provider knows (${redirect.origin})` };
  const state = query.get('state');
  const answer = (params: Record<string, string>) => {
    redirect.hash = new URLSearchParams({ ...params, ...(state === null ? {} : { state }) }).toString();
    return { status: 302 as const, location: redirect.href };
  };
  if (query.get('response_type') !== 'id_token') return answer({ error: 'unsupported_response_type' });
  const clientId = query.get('client_id');
  const nonce = query.get('nonce');
  if (!clientId || !nonce || !(query.get('scope') ?? '').split(' ').includes('openid'))
    return answer({ error: 'invalid_request', error_description: 'client_id, nonce and scope=openid are required' });
  const now = options.nowSeconds;
  const claims = {
    iss: options.issuer ?? SANDBOX_OIDC_ISSUER,
    aud: clientId,
    sub: query.get('login_hint') || options.subject || 'sandbox-user',
    iat: now,
    exp: now + 300,
    nonce,
  };
  return answer({ id_token: `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(claims)}.c3RhbmQtaW4` });
}
