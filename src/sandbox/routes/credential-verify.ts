/**
 * POST /auth/credentials/{id}/verify: signing in with a credential, which
 * starts a session. An OTP code is opened and then confirmed by a retry the
 * code's key (TEK) stamps; a passkey answers its challenge; OAuth shows a
 * token naming the identity and the session key.
 */
import { parseClientKey, type ClientKey } from '../client-key.js';
import type { SandboxContext } from '../context.js';
import { openOtpBundle, otpVerificationToken } from '../enclave.js';
import { ApiError, authFailed, invalidInput } from '../http-error.js';
import { newId } from '../ids.js';
import { checkOidcClaims, decodeOidcToken } from '../oidc.js';
import type { ApiRequest, ApiResponse } from '../router.js';
import { startSession } from '../sessions.js';
import { signedFlow, type SignatureRequest } from '../signed-request.js';
import type { Credential } from '../store.js';
import { verifyPasskeyAssertion } from '../webauthn.js';

function header(request: ApiRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The sealed code opened and checked; what the TEK's stamp must cover, and the session key it names. */
function openOtp(ctx: SandboxContext, request: ApiRequest, credential: Credential): SignatureRequest {
  const { store, clock, config } = ctx;
  const issuance = credential.otp;
  if (!issuance) throw authFailed('No code is pending; request a new one');
  if (clock.now() - issuance.issuedAt > config.otpLifetimeMs) throw authFailed('Code expired; request a new one');
  if (issuance.attempts >= config.otpMaxAttempts) throw authFailed('Too many wrong codes; request a new one');
  const bundle = request.body['encryptedOtpBundle'];
  if (typeof bundle !== 'string') throw invalidInput('encryptedOtpBundle is required');
  const opened = openOtpBundle(bundle, issuance.targetPrivateKey);
  if (!opened) throw authFailed('encryptedOtpBundle does not open with the current code target');
  if (opened.otpCode !== config.otpCode) {
    issuance.attempts++;
    throw authFailed('Invalid OTP code');
  }
  const tek = parseClientKey(opened.publicKey);
  if (!tek) throw invalidInput('public_key in the sealed bundle is not a P-256 key');
  // Optional sandbox extension: an uncompressed clientPublicKey asks for a sealed session key.
  // The token names it (`session_public_key`, the hex as sent), so the TEK's stamp covers the
  // key the session is sealed to: a relay that adds its own key shows it to the user's client,
  // which refuses a token naming a key it did not send (docs/sandbox.md).
  const clientPublicKey = request.body['clientPublicKey'];
  if (clientPublicKey !== undefined && !parseClientKey(clientPublicKey))
    throw invalidInput('clientPublicKey must be a P-256 public key (hex, SEC1)');
  credential.otp = undefined; // one code, one verification
  const account = store.accounts.get(credential.accountId)!;
  const claims: Record<string, unknown> = {
    id: newId('Verification'),
    verification_type: credential.type === 'EMAIL_OTP' ? 'OTP_TYPE_EMAIL' : 'OTP_TYPE_SMS',
    contact: credential.nickname,
    organization_id: account.organizationId,
    public_key: opened.publicKey,
    ...(clientPublicKey !== undefined ? { session_public_key: clientPublicKey } : {}),
    exp: String(clock.now() + config.requestIdLifetimeMs),
  };
  // The session key comes only from what the stamped token names; the retry's body (its
  // clientPublicKey included) must equal the first call's (signed-request.ts).
  const named = claims['session_public_key'];
  const sessionKey: ClientKey = named === undefined ? { ...tek, mode: 'client-held' } : parseClientKey(named)!;
  const payloadToSign = otpVerificationToken(ctx.keys.otpTarget, claims);
  return { payloadToSign, signer: { kind: 'key', publicKey: tek.compressed }, context: { sessionKey } };
}

/** OTP verify: open the sealed code, then a signed retry by the TEK. */
function verifyOtp(ctx: SandboxContext, request: ApiRequest, credential: Credential): Promise<ApiResponse> {
  return signedFlow(ctx, {
    request,
    begin: () => openOtp(ctx, request, credential),
    complete: (context) => ({ status: 200, body: startSession(ctx, credential, context['sessionKey'] as ClientKey) }),
  });
}

/** Passkey verify: the assertion over the one-use challenge named by Request-Id. */
async function verifyPasskey(ctx: SandboxContext, request: ApiRequest, credential: Credential): Promise<ApiResponse> {
  const { store, clock } = ctx;
  const requestId = header(request, 'request-id');
  if (!requestId) throw new ApiError(401, 'REQUEST_ID_MISSING', 'Request-Id from the challenge answer is required');
  const challenge = store.passkeyChallenges.get(requestId);
  if (!challenge || challenge.credentialId !== credential.id) throw authFailed('Unknown Request-Id');
  if (challenge.used) throw authFailed('Challenge already used');
  if (clock.now() > challenge.expiresAt) throw authFailed('Challenge expired');
  challenge.used = true;
  await verifyPasskeyAssertion(ctx, credential, challenge.challenge, request.body['assertion']);
  return { status: 200, body: startSession(ctx, credential, parseClientKey(challenge.clientPublicKey)!) };
}

/** OAuth verify: a token for the registered identity whose nonce names the session key. */
function verifyOauth(ctx: SandboxContext, body: Record<string, unknown>, credential: Credential): ApiResponse {
  const claims = decodeOidcToken(body['oidcToken']);
  const key = parseClientKey(body['clientPublicKey']);
  if (!key) throw invalidInput('clientPublicKey must be a P-256 public key (hex, SEC1)');
  checkOidcClaims(ctx, claims, { nonceFor: body['clientPublicKey'] as string, identity: credential.oauth! });
  return { status: 200, body: startSession(ctx, credential, key) };
}

export async function verifyCredential(
  ctx: SandboxContext,
  request: ApiRequest,
  credential: Credential,
): Promise<ApiResponse> {
  if (request.body['type'] !== credential.type) {
    throw invalidInput(`type must be ${credential.type} for this credential`);
  }
  if (credential.type === 'EMAIL_OTP' || credential.type === 'SMS_OTP') return verifyOtp(ctx, request, credential);
  if (credential.type === 'PASSKEY') return verifyPasskey(ctx, request, credential);
  return verifyOauth(ctx, request.body, credential);
}
