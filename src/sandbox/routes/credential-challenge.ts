/**
 * POST /auth/credentials/{id}/challenge: what signing in with a credential
 * starts from. An email or SMS credential gets a fresh code and the target its
 * code is sealed to; a passkey gets a login activity to sign; OAuth has none.
 */
import { createHash, randomBytes } from 'node:crypto';
import { iso } from '../clock.js';
import { parseClientKey } from '../client-key.js';
import type { SandboxContext } from '../context.js';
import { newOtpTarget, signBundle } from '../enclave.js';
import { ApiError, invalidInput } from '../http-error.js';
import { newId } from '../ids.js';
import type { ApiResponse } from '../router.js';
import { activity } from '../signed-request.js';
import type { Credential } from '../store.js';
import { credentialJson } from '../views.js';

/** A new code (no sooner than the resend interval) and the signed target bundle to seal it to. */
function otpChallenge(ctx: SandboxContext, credential: Credential): ApiResponse {
  const { store, clock, config } = ctx;
  const now = clock.now();
  const since = credential.otp ? now - credential.otp.issuedAt : Infinity;
  if (since < config.otpResendIntervalMs) {
    const seconds = Math.ceil((config.otpResendIntervalMs - since) / 1000);
    throw new ApiError(429, 'RATE_LIMITED', `A new code can be sent in ${seconds} s`, {
      headers: { 'Retry-After': String(seconds) },
      details: { retryAfterSeconds: seconds },
    });
  }
  const target = newOtpTarget();
  credential.otp = { targetPrivateKey: target.privateKey, issuedAt: now, attempts: 0 };
  const account = store.accounts.get(credential.accountId)!;
  const otpEncryptionTargetBundle = signBundle(ctx.keys.otpTarget, {
    targetPublic: target.publicKeyUncompressed,
    organizationId: account.organizationId,
    otpId: newId('Otp'),
  });
  return { status: 200, body: { ...credentialJson(credential), otpEncryptionTargetBundle } };
}

/** A one-use passkey challenge bound to the key the session will be sealed to. */
function passkeyChallenge(ctx: SandboxContext, credential: Credential, body: Record<string, unknown>): ApiResponse {
  const { store, clock, config } = ctx;
  const now = clock.now();
  const key = parseClientKey(body['clientPublicKey']);
  if (!key) throw invalidInput('clientPublicKey must be a P-256 public key (hex, SEC1)');
  // The challenge is the hash of a login activity naming the key the session will be sealed
  // to: the wallet reads the activity, checks the hash, and so knows what its passkey signs.
  const account = store.accounts.get(credential.accountId)!;
  const payloadToSign = activity(ctx, 'ACTIVITY_TYPE_STAMP_LOGIN', account.organizationId, {
    targetPublicKey: body['clientPublicKey'],
    credentialId: credential.id,
    nonce: randomBytes(16).toString('hex'),
  });
  const challenge = {
    requestId: newId('Request'),
    credentialId: credential.id,
    challenge: createHash('sha256').update(payloadToSign, 'utf8').digest('hex'),
    clientPublicKey: body['clientPublicKey'] as string,
    expiresAt: now + config.requestIdLifetimeMs,
    used: false,
  };
  store.passkeyChallenges.set(challenge.requestId, challenge);
  return {
    status: 200,
    body: {
      ...credentialJson(credential),
      credentialId: credential.passkey!.credentialId,
      challenge: challenge.challenge,
      payloadToSign,
      requestId: challenge.requestId,
      expiresAt: iso(challenge.expiresAt),
    },
  };
}

export function credentialChallenge(
  ctx: SandboxContext,
  credential: Credential,
  body: Record<string, unknown>,
): ApiResponse {
  if (credential.type === 'EMAIL_OTP' || credential.type === 'SMS_OTP') return otpChallenge(ctx, credential);
  if (credential.type === 'PASSKEY') return passkeyChallenge(ctx, credential, body);
  throw invalidInput('OAUTH credentials sign in with verify directly');
}
