/** The wallet itself: export and privacy (signed), and sandbox funding. */
import { balanceOf, checkCreditFits } from '../balance.js';
import { parseClientKey } from '../client-key.js';
import type { SandboxContext } from '../context.js';
import { exportBundle } from '../enclave.js';
import { invalidInput, notFound } from '../http-error.js';
import type { Router } from '../router.js';
import { activity, signedFlow } from '../signed-request.js';
import { accountJson } from '../views.js';

export function walletRoutes(router: Router, ctx: SandboxContext): void {
  const { store } = ctx;
  const findAccount = (id: string) => {
    const account = store.accounts.get(id);
    if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Internal account');
    return account;
  };

  router.on('POST', '/internal-accounts/{id}/export', (request) => {
    const account = findAccount(request.params['id']!);
    const key = parseClientKey(request.body['clientPublicKey']);
    if (!key || key.mode !== 'sealed')
      throw invalidInput('clientPublicKey must be an uncompressed P-256 public key (130 hex)');
    return signedFlow(ctx, {
      request,
      begin: () => ({
        type: 'ACTIVITY_TYPE_EXPORT_WALLET',
        payloadToSign: activity(ctx, 'ACTIVITY_TYPE_EXPORT_WALLET', account.organizationId, {
          walletId: account.id,
          targetPublicKey: request.body['clientPublicKey'],
          language: 'MNEMONIC_LANGUAGE_ENGLISH',
        }),
        signer: { kind: 'session', accountIds: [account.id] },
      }),
      complete: () => ({
        status: 200,
        body: {
          id: account.id,
          encryptedWalletCredentials: exportBundle(
            ctx.keys.export,
            account.mnemonic,
            key.uncompressed,
            account.organizationId,
          ),
        },
      }),
    });
  });

  router.on('PATCH', '/internal-accounts/{id}', (request) => {
    const account = findAccount(request.params['id']!);
    const privateEnabled = request.body['privateEnabled'];
    if (typeof privateEnabled !== 'boolean') throw invalidInput('privateEnabled (boolean) is required');
    return signedFlow(ctx, {
      request,
      begin: () => ({
        type: 'ACTIVITY_TYPE_UPDATE_WALLET',
        payloadToSign: activity(ctx, 'ACTIVITY_TYPE_UPDATE_WALLET', account.organizationId, {
          walletId: account.id,
          privateEnabled,
        }),
        signer: { kind: 'session', accountIds: [account.id] },
      }),
      complete: () => {
        account.privateEnabled = privateEnabled;
        account.updatedAt = ctx.clock.now();
        return { status: 200, body: accountJson(account, balanceOf(ctx, account)) };
      },
    });
  });

  router.on('POST', '/sandbox/internal-accounts/{id}/fund', ({ params, body }) => {
    const account = findAccount(params['id']!);
    const amount = body['amount'];
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      throw invalidInput('amount must be a positive integer (smallest currency unit)');
    }
    // The funded total is a JS number too (it can exceed the balance after payments out).
    if (!Number.isSafeInteger(account.funded + amount))
      throw invalidInput(`the funded total would pass ${Number.MAX_SAFE_INTEGER}`);
    checkCreditFits(ctx, account, amount);
    account.funded += amount;
    account.updatedAt = ctx.clock.now();
    return { status: 200, body: accountJson(account, balanceOf(ctx, account)) };
  });
}
