/**
 * Same-currency transfers between a customer's embedded wallet and an
 * external account: POST /transfer-in (external -> wallet) and POST
 * /transfer-out (wallet -> external). The service does not document their bodies
 * (4.5); the sandbox takes `{source: {accountId}, destination: {accountId},
 * amount, currency?}` and answers 201 with the transaction, whose path the
 * external account's magic suffix picks (transfer-outcome.ts).
 */
import { balanceOf, checkCreditFits } from '../balance.js';
import type { SandboxContext } from '../context.js';
import { ApiError, invalidInput } from '../http-error.js';
import { newId } from '../ids.js';
import type { Router } from '../router.js';
import type { Transfer } from '../store.js';
import { transactionJson } from './transactions.js';

const accountIdOf = (body: Record<string, unknown>, side: 'source' | 'destination'): string => {
  const value = (body[side] as Record<string, unknown> | undefined)?.['accountId'];
  return typeof value === 'string' ? value : '';
};

export function transferRoutes(router: Router, ctx: SandboxContext): void {
  const { store } = ctx;

  const transfer = (direction: Transfer['direction'], body: Record<string, unknown>) => {
    const [internalSide, externalSide] =
      direction === 'IN' ? (['destination', 'source'] as const) : (['source', 'destination'] as const);
    const wallet = store.accounts.get(accountIdOf(body, internalSide));
    if (!wallet) throw invalidInput(`${internalSide}.accountId must be an internal account`);
    const external = store.externalAccounts.get(accountIdOf(body, externalSide));
    if (!external) throw invalidInput(`${externalSide}.accountId must be an external account`);
    if (external.customerId !== undefined && external.customerId !== wallet.customerId)
      throw invalidInput('The external account belongs to another customer');
    if (external.currency !== wallet.currency)
      throw invalidInput(
        `A transfer moves one currency (${wallet.currency} here, ${external.currency} there): use a quote to convert`,
      );
    if (body['currency'] !== undefined && body['currency'] !== wallet.currency)
      throw invalidInput(`currency must be the accounts' currency, ${wallet.currency}`);
    const amount = body['amount'];
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
      throw invalidInput('amount must be a positive integer (smallest currency unit)');
    if (direction === 'OUT' && balanceOf(ctx, wallet) < amount)
      throw new ApiError(400, 'INSUFFICIENT_FUNDS', 'The wallet balance does not cover the transfer');
    if (direction === 'IN') checkCreditFits(ctx, wallet, amount);
    const record: Transfer = {
      id: newId('Transaction'),
      direction,
      internalAccountId: wallet.id,
      externalAccountId: external.id,
      customerId: wallet.customerId,
      amount,
      currency: wallet.currency,
      createdAt: ctx.clock.now(),
    };
    store.transfers.set(record.id, record);
    return { status: 201, body: transactionJson(ctx, record.id) };
  };

  router.on('POST', '/transfer-in', ({ body }) => transfer('IN', body));
  router.on('POST', '/transfer-out', ({ body }) => transfer('OUT', body));
}
