/**
 * Passkey checks with @simplewebauthn/server (docs/sandbox.md, "Rules it reproduces"): credential id,
 * challenge, origin and RP id from configuration, user presence, signature
 * and counter. Two rules the library leaves to the caller are added here:
 * a ceremony in a cross-origin frame (`crossOrigin: true`) is taken only
 * under a listed top-level page (`topOrigins`: isolated mode's frame on the
 * partner's pages), and user verification is not required (the service asks
 * for presence). The real service's rule for cross-origin ceremonies is not
 * published; docs/sandbox.md says what this one chose.
 */
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { SandboxContext } from './context.js';
import { authFailed, invalidInput } from './http-error.js';
import type { Credential } from './store.js';

const str = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function refuseCrossOrigin(ctx: SandboxContext, clientDataJson: string): void {
  let clientData: { crossOrigin?: unknown; topOrigin?: unknown };
  try {
    clientData = JSON.parse(Buffer.from(clientDataJson, 'base64url').toString('utf8'));
    if (typeof clientData !== 'object' || clientData === null) throw new Error('not an object');
  } catch {
    throw authFailed('clientDataJSON is not a JSON object');
  }
  if (clientData.crossOrigin !== true) return;
  const top = clientData.topOrigin;
  if (typeof top !== 'string' || !(ctx.config.webauthn.topOrigins ?? []).includes(top))
    throw authFailed(
      `Cross-origin passkey ceremonies are accepted only under a listed top origin (not ${String(top)})`,
    );
}

/** The listed top origins, for the library's own check of a cross-origin ceremony (after refuseCrossOrigin's). */
const topOrigins = (ctx: SandboxContext) =>
  ctx.config.webauthn.topOrigins?.length ? { expectedTopOrigin: ctx.config.webauthn.topOrigins } : {};

/**
 * Verifies an assertion for `credential` against the challenge string that
 * was issued (its UTF-8 bytes are the WebAuthn challenge). Updates the
 * stored counter on success.
 */
export async function verifyPasskeyAssertion(
  ctx: SandboxContext,
  credential: Credential,
  challenge: string,
  assertion: unknown,
): Promise<void> {
  const a = (assertion ?? {}) as Record<string, unknown>;
  if (!str(a['credentialId']) || !str(a['clientDataJson']) || !str(a['authenticatorData']) || !str(a['signature'])) {
    throw invalidInput('assertion needs credentialId, clientDataJson, authenticatorData and signature (base64url)');
  }
  const stored = credential.passkey!;
  if (a['credentialId'] !== stored.credentialId) throw authFailed('Credential id does not match this credential');
  refuseCrossOrigin(ctx, a['clientDataJson']);
  const response: AuthenticationResponseJSON = {
    id: a['credentialId'],
    rawId: a['credentialId'],
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: a['clientDataJson'],
      authenticatorData: a['authenticatorData'],
      signature: a['signature'],
      ...(str(a['userHandle']) ? { userHandle: a['userHandle'] } : {}),
    },
  };
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: Buffer.from(challenge, 'utf8').toString('base64url'),
      expectedOrigin: ctx.config.webauthn.origins,
      expectedRPID: ctx.config.webauthn.rpId,
      ...topOrigins(ctx),
      credential: { id: stored.credentialId, publicKey: new Uint8Array(stored.publicKey), counter: stored.counter },
      requireUserVerification: false,
    });
  } catch (error) {
    throw authFailed(`Passkey assertion refused: ${(error as Error).message}`);
  }
  if (!result.verified) throw authFailed('Passkey signature does not verify');
  stored.counter = result.authenticationInfo.newCounter;
}

/** A verified registration, ready to store. */
export interface VerifiedPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/** Verifies a registration (the `attestation` of docs/protocol.md, "Signed activities") made with `challenge` (base64url). */
export async function verifyPasskeyRegistration(
  ctx: SandboxContext,
  challenge: string,
  attestation: unknown,
): Promise<VerifiedPasskey> {
  const a = (attestation ?? {}) as Record<string, unknown>;
  if (!str(a['credentialId']) || !str(a['clientDataJson']) || !str(a['attestationObject'])) {
    throw invalidInput('attestation needs credentialId, clientDataJson and attestationObject (base64url)');
  }
  refuseCrossOrigin(ctx, a['clientDataJson']);
  const transports = Array.isArray(a['transports']) ? (a['transports'].filter(str) as string[]) : [];
  const response: RegistrationResponseJSON = {
    id: a['credentialId'],
    rawId: a['credentialId'],
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: a['clientDataJson'],
      attestationObject: a['attestationObject'],
      transports: transports as RegistrationResponseJSON['response']['transports'],
    },
  };
  let result;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: ctx.config.webauthn.origins,
      expectedRPID: ctx.config.webauthn.rpId,
      ...topOrigins(ctx),
      requireUserVerification: false,
    });
  } catch (error) {
    throw authFailed(`Passkey registration refused: ${(error as Error).message}`);
  }
  if (!result.verified || !result.registrationInfo) throw authFailed('Passkey attestation does not verify');
  const { credential } = result.registrationInfo;
  return { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter, transports };
}
