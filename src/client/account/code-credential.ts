/**
 * Adding an email or SMS code credential while signed in, for the contact the
 * user just set (a wallet's first one, before any sign-in, is
 * flows/code-credential.ts).
 */
import { WalletError, type AuthMethod } from '../../protocol/index.js';
import { activeSession, expectActivity, listCredentials, sessionSignedCall, type ClientContext } from '../context.js';

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
