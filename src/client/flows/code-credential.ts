/**
 * Registering a wallet's email or SMS code credential. The code always goes
 * to the customer's own contact: a registration names only the type and the
 * wallet, nothing a page or a relay could point elsewhere.
 *
 * - `registerOtpCredential`: a new wallet's first one (the
 *   first-time wallet bootstrap, docs/protocol.md "Signed activities"), unsigned while no credential has been
 *   used to sign in.
 * - `addCodeCredential`: one more, signed by the session, for a contact the
 *   user just set.
 */
import { WalletError, type AuthMethod } from '../../protocol/index.js';
import { activeSession, expectActivity, listCredentials, sessionSignedCall, type ClientContext } from '../context.js';

export async function registerOtpCredential(
  ctx: ClientContext,
  type: 'EMAIL_OTP' | 'SMS_OTP',
  operation: string,
): Promise<AuthMethod> {
  const { accountId } = ctx.options;
  const { status, body } = await ctx.api.call<AuthMethod>({
    method: 'POST',
    path: '/auth/credentials',
    body: { type, accountId },
    operation,
  });
  // 202: the wallet already has a credential that signed in, so adding this one must be signed
  // by its session. Nothing is signed here: the user signs in with the method they set up.
  if (status === 202) {
    throw new WalletError('WRONG_CREDENTIAL_TYPE', `This wallet has no ${type} credential; add one while signed in`, {
      operation,
    });
  }
  if (
    (status !== 201 && status !== 200) ||
    body.type !== type ||
    body.accountId !== accountId ||
    typeof body.id !== 'string' ||
    !body.id ||
    typeof body.nickname !== 'string'
  ) {
    throw new WalletError('INVALID_RESPONSE', `The registration answer is not the ${type} credential asked for`, {
      status,
      operation,
    });
  }
  return body;
}

/**
 * Adds an email or SMS code credential to a wallet that has signed in: the same
 * registration, now signed by this session, whose activity must name this
 * wallet and the contact the caller just set (the customer's new email or
 * phone), so a relay cannot have a code credential for another contact signed.
 */
export async function addCodeCredential(
  ctx: ClientContext,
  type: 'EMAIL_OTP' | 'SMS_OTP',
  contact: string,
): Promise<AuthMethod> {
  const email = type === 'EMAIL_OTP';
  const operation = email ? 'addEmailCredential' : 'addSmsCredential';
  const { accountId } = ctx.options;
  const session = await activeSession(ctx, operation);
  const { body, outcome } = await sessionSignedCall<AuthMethod>(ctx, session, {
    method: 'POST',
    path: '/auth/credentials',
    body: { type, accountId },
    operation,
    expect: expectActivity(ctx, operation, {
      parameters: { accountId, ...(email ? { email: contact } : { phoneNumber: contact }) },
    }),
    readBack: async () => (await listCredentials(ctx, operation)).some((c) => c.type === type),
  });
  const notIt = () =>
    new WalletError('INVALID_RESPONSE', `The registration answer is not the ${type} credential`, { operation });
  if (outcome === 'answered') {
    // An answer naming another credential is refused, not papered over by the list.
    if (body?.type === type && body.accountId === accountId && typeof body.id === 'string') return body;
    throw notIt();
  }
  // The answer was lost and the read-back found the credential: take it from the list.
  const added = (await listCredentials(ctx, operation)).find((c) => c.type === type);
  if (!added) throw notIt();
  return added;
}
