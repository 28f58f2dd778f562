/**
 * Registering a wallet's first email or SMS code credential (the first-time
 * wallet bootstrap, docs/protocol.md "Signed activities"), unsigned while no
 * credential has been used to sign in. The code always goes to the
 * customer's own contact: a registration names only the type and the wallet,
 * nothing a page or a relay could point elsewhere. Adding one more while
 * signed in is account/code-credential.ts.
 */
import { WalletError, type AuthMethod } from '../../protocol/index.js';
import type { ClientContext } from '../context.js';

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
