/** Embedded wallet credentials: register, list, challenge, verify, revoke (docs/protocol.md, "Sign-in flows"). */
import { createHash, randomBytes } from 'node:crypto';
import { iso } from '../clock.js';
import { parseClientKey, type ClientKey } from '../client-key.js';
import type { SandboxContext } from '../context.js';
import { newOtpTarget, openOtpBundle, otpVerificationToken, signBundle } from '../enclave.js';
import { ApiError, authFailed, invalidInput, notFound } from '../http-error.js';
import { newId } from '../ids.js';
import { checkOidcClaims, decodeOidcToken } from '../oidc.js';
import type { ApiRequest, Router } from '../router.js';
import { startSession } from '../sessions.js';
import { activity, signedFlow } from '../signed-request.js';
import type { Credential, CredentialType } from '../store.js';
import { credentialJson } from '../views.js';
import { verifyPasskeyAssertion, verifyPasskeyRegistration } from '../webauthn.js';

const TYPES: CredentialType[] = ['EMAIL_OTP', 'SMS_OTP', 'PASSKEY', 'OAUTH'];
const E164 = /^\+[1-9]\d{1,14}$/;

/** The activity a new credential of each type is signed as. */
const ADD_ACTIVITY: Record<CredentialType, string> = {
  EMAIL_OTP: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
  SMS_OTP: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
  PASSKEY: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS',
  OAUTH: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS',
};

/**
 * What an add-credential activity states: the account and everything that
 * identifies the new credential, so the wallet signs exactly this one (a
 * passkey's attestation, an OAuth identity's token, the email or phone).
 */
function addParameters(
  draft: Omit<Credential, 'id' | 'createdAt' | 'updatedAt'>,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const { accountId } = draft;
  switch (draft.type) {
    case 'PASSKEY':
      return {
        accountId,
        authenticators: [
          { authenticatorName: draft.nickname, challenge: body['challenge'], attestation: body['attestation'] },
        ],
      };
    case 'OAUTH':
      return { accountId, oauthProviders: [{ oidcToken: body['oidcToken'] }] };
    case 'EMAIL_OTP':
      return { accountId, email: draft.nickname };
    case 'SMS_OTP':
      return { accountId, phoneNumber: draft.nickname };
  }
}

function header(request: ApiRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function credentialRoutes(router: Router, ctx: SandboxContext): void {
  const { store, clock, config } = ctx;
  const findCredential = (id: string) => {
    const credential = store.credentials.get(id);
    if (!credential) throw notFound('CREDENTIAL_NOT_FOUND', 'Credential');
    return credential;
  };
  const findAccount = (id: unknown) => {
    const account = typeof id === 'string' ? store.accounts.get(id) : undefined;
    if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Internal account');
    return account;
  };

  /** Validates a registration; returns the credential to create (not stored yet). */
  async function prepareCredential(
    body: Record<string, unknown>,
  ): Promise<Omit<Credential, 'id' | 'createdAt' | 'updatedAt'>> {
    const type = body['type'] as CredentialType;
    if (!TYPES.includes(type)) throw invalidInput(`type must be one of ${TYPES.join(', ')}`);
    const account = findAccount(body['accountId']);
    const existing = store.credentialsOf(account.id);
    const customer = store.customers.get(account.customerId)!;
    if ((type === 'EMAIL_OTP' || type === 'SMS_OTP') && existing.some((c) => c.type === type)) {
      throw invalidInput(`The account already has an ${type} credential`);
    }
    if (type === 'EMAIL_OTP') {
      if (!customer.email) throw invalidInput('The customer has no email');
      return { accountId: account.id, type, nickname: customer.email };
    }
    if (type === 'SMS_OTP') {
      // The code goes to the customer's phone: a registration may repeat it, never name another.
      const phone = customer.phoneNumber;
      if (body['phoneNumber'] !== undefined && body['phoneNumber'] !== phone)
        throw invalidInput("phoneNumber must be the customer's (change it with PATCH /customers first)");
      if (!phone || !E164.test(phone)) throw invalidInput('The customer has no phone (E.164) for SMS_OTP');
      return { accountId: account.id, type, nickname: phone };
    }
    if (type === 'OAUTH') {
      const identity = checkOidcClaims(ctx, decodeOidcToken(body['oidcToken']));
      if (
        existing.some(
          (c) =>
            c.oauth && c.oauth.iss === identity.iss && c.oauth.sub === identity.sub && c.oauth.aud === identity.aud,
        )
      ) {
        throw invalidInput('This OAuth identity is already registered on the account');
      }
      const { email, ...triple } = identity;
      return { accountId: account.id, type, nickname: email ?? identity.sub, oauth: triple };
    }
    if (typeof body['challenge'] !== 'string') throw invalidInput('challenge is required for PASSKEY');
    const nickname =
      typeof body['nickname'] === 'string' && body['nickname'].trim()
        ? body['nickname'].trim().slice(0, 64)
        : 'Passkey';
    const passkey = await verifyPasskeyRegistration(ctx, body['challenge'], body['attestation']);
    if ([...store.credentials.values()].some((c) => c.passkey?.credentialId === passkey.credentialId)) {
      throw invalidInput('This passkey is already registered');
    }
    return { accountId: account.id, type, nickname, passkey };
  }

  router.on('POST', '/auth/credentials', async (request) => {
    const draft = await prepareCredential(request.body);
    const create = () => {
      const now = clock.now();
      const credential: Credential = { ...draft, id: newId('AuthMethod'), createdAt: now, updatedAt: now };
      store.credentials.set(credential.id, credential);
      return { status: 201, body: credentialJson(credential) };
    };
    // Unsigned while no credential of the wallet has been used to sign in (the first-time
    // wallet bootstrap, docs/sandbox.md "Wallets, sign-in and sessions"); once one is verified, a session of the wallet must sign.
    if (!store.credentialsOf(draft.accountId).some((c) => c.verified)) return create();
    const account = store.accounts.get(draft.accountId)!;
    const type = ADD_ACTIVITY[draft.type];
    return signedFlow(ctx, {
      request,
      begin: () => ({
        type,
        payloadToSign: activity(ctx, type, account.organizationId, addParameters(draft, request.body)),
        signer: { kind: 'session', accountIds: [draft.accountId] },
      }),
      complete: create,
    });
  });

  router.on('GET', '/auth/credentials', ({ query }) => {
    const accountId = query.get('accountId');
    if (!accountId) throw invalidInput('accountId is required');
    return { status: 200, body: { data: store.credentialsOf(accountId).map(credentialJson) } };
  });

  router.on('POST', '/auth/credentials/{id}/challenge', ({ params, body }) => {
    const credential = findCredential(params['id']!);
    const now = clock.now();
    if (credential.type === 'EMAIL_OTP' || credential.type === 'SMS_OTP') {
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
    if (credential.type === 'PASSKEY') {
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
    throw invalidInput('OAUTH credentials sign in with verify directly');
  });

  router.on('POST', '/auth/credentials/{id}/verify', async (request) => {
    const credential = findCredential(request.params['id']!);
    const { body } = request;
    if (body['type'] !== credential.type) throw invalidInput(`type must be ${credential.type} for this credential`);
    if (credential.type === 'EMAIL_OTP' || credential.type === 'SMS_OTP') return verifyOtp(request, credential);

    if (credential.type === 'PASSKEY') {
      const requestId = header(request, 'request-id');
      if (!requestId) throw new ApiError(401, 'REQUEST_ID_MISSING', 'Request-Id from the challenge answer is required');
      const challenge = store.passkeyChallenges.get(requestId);
      if (!challenge || challenge.credentialId !== credential.id) throw authFailed('Unknown Request-Id');
      if (challenge.used) throw authFailed('Challenge already used');
      if (clock.now() > challenge.expiresAt) throw authFailed('Challenge expired');
      challenge.used = true;
      await verifyPasskeyAssertion(ctx, credential, challenge.challenge, body['assertion']);
      return { status: 200, body: startSession(ctx, credential, parseClientKey(challenge.clientPublicKey)!) };
    }

    const claims = decodeOidcToken(body['oidcToken']);
    const key = parseClientKey(body['clientPublicKey']);
    if (!key) throw invalidInput('clientPublicKey must be a P-256 public key (hex, SEC1)');
    checkOidcClaims(ctx, claims, { nonceFor: body['clientPublicKey'] as string, identity: credential.oauth! });
    return { status: 200, body: startSession(ctx, credential, key) };
  });

  /** OTP verify: open the sealed code, then a signed retry by the TEK (docs/protocol.md, "Sign-in flows"). */
  function verifyOtp(request: ApiRequest, credential: Credential) {
    return signedFlow(ctx, {
      request,
      begin: () => {
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
      },
      complete: (context) => ({ status: 200, body: startSession(ctx, credential, context['sessionKey'] as ClientKey) }),
    });
  }

  router.on('DELETE', '/auth/credentials/{id}', (request) => {
    const credential = findCredential(request.params['id']!);
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
        for (const session of store.sessions.values())
          if (session.credentialId === credential.id) session.revoked = true;
        return { status: 204 };
      },
    });
  });
}
