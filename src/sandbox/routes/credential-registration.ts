/**
 * POST /auth/credentials: a new credential on a wallet. Unsigned until one of
 * the wallet's credentials has been used to sign in; then a signed activity
 * naming exactly the new credential.
 */
import type { SandboxContext } from '../context.js';
import { invalidInput, notFound } from '../http-error.js';
import { newId } from '../ids.js';
import { checkOidcClaims, decodeOidcToken } from '../oidc.js';
import type { ApiRequest, ApiResponse } from '../router.js';
import { activity, signedFlow } from '../signed-request.js';
import type { Credential, CredentialType, InternalAccount } from '../store.js';
import { credentialJson } from '../views.js';
import { verifyPasskeyRegistration } from '../webauthn.js';

const TYPES: CredentialType[] = ['EMAIL_OTP', 'SMS_OTP', 'PASSKEY', 'OAUTH'];
const E164 = /^\+[1-9]\d{1,14}$/;

/** A credential to create: validated, not stored yet. */
type Draft = Omit<Credential, 'id' | 'createdAt' | 'updatedAt'>;

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
function addParameters(draft: Draft, body: Record<string, unknown>): Record<string, unknown> {
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

/** An email or SMS credential: one of each per wallet, sent to the customer's own address or phone. */
function otpDraft(
  ctx: SandboxContext,
  account: InternalAccount,
  type: 'EMAIL_OTP' | 'SMS_OTP',
  body: Record<string, unknown>,
): Draft {
  const { store } = ctx;
  const customer = store.customers.get(account.customerId)!;
  if (store.credentialsOf(account.id).some((c) => c.type === type)) {
    throw invalidInput(`The account already has an ${type} credential`);
  }
  if (type === 'EMAIL_OTP') {
    if (!customer.email) throw invalidInput('The customer has no email');
    return { accountId: account.id, type, nickname: customer.email };
  }
  // The code goes to the customer's phone: a registration may repeat it, never name another.
  const phone = customer.phoneNumber;
  if (body['phoneNumber'] !== undefined && body['phoneNumber'] !== phone)
    throw invalidInput("phoneNumber must be the customer's (change it with PATCH /customers first)");
  if (!phone || !E164.test(phone)) throw invalidInput('The customer has no phone (E.164) for SMS_OTP');
  return { accountId: account.id, type, nickname: phone };
}

/** An OAuth identity, once per wallet. */
function oauthDraft(ctx: SandboxContext, account: InternalAccount, body: Record<string, unknown>): Draft {
  const identity = checkOidcClaims(ctx, decodeOidcToken(body['oidcToken']));
  if (
    ctx.store
      .credentialsOf(account.id)
      .some(
        (c) => c.oauth && c.oauth.iss === identity.iss && c.oauth.sub === identity.sub && c.oauth.aud === identity.aud,
      )
  ) {
    throw invalidInput('This OAuth identity is already registered on the account');
  }
  const { email, ...triple } = identity;
  return { accountId: account.id, type: 'OAUTH', nickname: email ?? identity.sub, oauth: triple };
}

/** A passkey, from its attestation; once across the whole sandbox. */
async function passkeyDraft(
  ctx: SandboxContext,
  account: InternalAccount,
  body: Record<string, unknown>,
): Promise<Draft> {
  if (typeof body['challenge'] !== 'string') throw invalidInput('challenge is required for PASSKEY');
  const nickname =
    typeof body['nickname'] === 'string' && body['nickname'].trim() ? body['nickname'].trim().slice(0, 64) : 'Passkey';
  const passkey = await verifyPasskeyRegistration(ctx, body['challenge'], body['attestation']);
  if ([...ctx.store.credentials.values()].some((c) => c.passkey?.credentialId === passkey.credentialId)) {
    throw invalidInput('This passkey is already registered');
  }
  return { accountId: account.id, type: 'PASSKEY', nickname, passkey };
}

/** Validates a registration; returns the credential to create (not stored yet). */
async function prepareCredential(ctx: SandboxContext, body: Record<string, unknown>): Promise<Draft> {
  const type = body['type'] as CredentialType;
  if (!TYPES.includes(type)) throw invalidInput(`type must be one of ${TYPES.join(', ')}`);
  const id = body['accountId'];
  const account = typeof id === 'string' ? ctx.store.accounts.get(id) : undefined;
  if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Internal account');
  if (type === 'EMAIL_OTP' || type === 'SMS_OTP') return otpDraft(ctx, account, type, body);
  if (type === 'OAUTH') return oauthDraft(ctx, account, body);
  return passkeyDraft(ctx, account, body);
}

export async function registerCredential(ctx: SandboxContext, request: ApiRequest): Promise<ApiResponse> {
  const { store, clock } = ctx;
  const draft = await prepareCredential(ctx, request.body);
  const create = () => {
    const now = clock.now();
    const credential: Credential = { ...draft, id: newId('AuthMethod'), createdAt: now, updatedAt: now };
    store.credentials.set(credential.id, credential);
    return { status: 201, body: credentialJson(credential) };
  };
  // Unsigned while no credential of the wallet has been used to sign in (the wallet's bootstrap);
  // once one is verified, a session of the wallet must sign.
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
}
