/**
 * OIDC id_token checks of the sandbox (docs/sandbox.md, "Rules it reproduces"): the provider's
 * signature is not checked, but the claims, their freshness, the credential's
 * identity (iss, aud, sub) and the nonce binding are.
 */
import { createHash } from 'node:crypto';
import type { SandboxContext } from './context.js';
import { authFailed, invalidInput } from './http-error.js';

/** Issuer of the sandbox's built-in test identity provider (the demo's OAuth, oidc-stand-in.ts). */
export const SANDBOX_OIDC_ISSUER = 'https://oidc.sandbox.embedded-wallet.test';

export interface OidcIdentity {
  iss: string;
  aud: string;
  sub: string;
}

interface Claims {
  iss?: unknown;
  aud?: unknown;
  sub?: unknown;
  iat?: unknown;
  exp?: unknown;
  nonce?: unknown;
  email?: unknown;
}

/** Decodes a compact JWT's claims; anything that is not one is 400 INVALID_INPUT. */
export function decodeOidcToken(token: unknown): Claims {
  if (typeof token !== 'string') throw invalidInput('oidcToken is required');
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p)) || !parts[0] || !parts[1]) {
    throw invalidInput('oidcToken is not a compact JWT');
  }
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (typeof header !== 'object' || !header || typeof claims !== 'object' || !claims) throw new Error('not objects');
    return claims as Claims;
  } catch {
    throw invalidInput('oidcToken segments are not base64url JSON');
  }
}

/**
 * Checks claims at `now`; returns the identity. With `nonceFor`, the nonce
 * must be the hex SHA-256 of that exact string; with `identity`, the token must
 * name the same (iss, aud, sub). Each failure names the check as `reason`.
 */
export function checkOidcClaims(
  ctx: SandboxContext,
  claims: Claims,
  expect: { nonceFor?: string; identity?: OidcIdentity } = {},
): OidcIdentity & { email?: string } {
  const nowSeconds = ctx.clock.now() / 1000;
  if (typeof claims.iss !== 'string' || !ctx.config.oidcIssuers.includes(claims.iss))
    throw authFailed('Unsupported issuer');
  const aud = Array.isArray(claims.aud) && claims.aud.length === 1 ? claims.aud[0] : claims.aud;
  if (typeof aud !== 'string' || aud === '')
    throw authFailed('Audience must be a non-empty string or a one-element array');
  if (typeof claims.sub !== 'string' || claims.sub === '') throw authFailed('Subject is missing');
  if (typeof claims.iat !== 'number') throw authFailed('Issued-at (iat) is missing');
  if (claims.iat < nowSeconds - 60 - 5) throw authFailed('Token is stale: iat is more than 60 seconds old');
  if (claims.iat > nowSeconds + 5) throw authFailed('Token is issued in the future');
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) throw authFailed('Token has expired');
  const identity = { iss: claims.iss, aud, sub: claims.sub };
  if (
    expect.identity &&
    (expect.identity.iss !== identity.iss ||
      expect.identity.aud !== identity.aud ||
      expect.identity.sub !== identity.sub)
  ) {
    throw authFailed('Token identity does not match the credential');
  }
  if (expect.nonceFor !== undefined) {
    const nonce = createHash('sha256').update(expect.nonceFor, 'utf8').digest('hex');
    if (claims.nonce !== nonce) throw authFailed('Nonce does not match clientPublicKey');
  }
  return { ...identity, ...(typeof claims.email === 'string' ? { email: claims.email } : {}) };
}
