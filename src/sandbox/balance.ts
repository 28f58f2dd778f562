/**
 * An internal account's balance, computed on read from everything that moved
 * money through it, at the sandbox clock's now (so no timer ever runs):
 * sandbox funding, executed quotes (debited at execution, given back when a
 * payment fails with a refund), transfers in (credited once completed),
 * transfers out (debited at once, given back when they fail) and incoming UMA
 * payments (credited once completed). All in the account's currency.
 */
import type { SandboxContext } from './context.js';
import { invalidInput } from './http-error.js';
import { outcomeAt } from './payment-outcome.js';
import type { InternalAccount } from './store.js';
import { transferOutcomeAt } from './transfer-outcome.js';
import { umaOutcomeAt } from './uma.js';

/** The balance now, and the most it could reach if every pending credit completes. */
export function ledgerOf(ctx: SandboxContext, account: InternalAccount): { balance: number; ceiling: number } {
  const { store } = ctx;
  const now = ctx.clock.now();
  let balance = account.funded;
  let pendingCredits = 0;
  for (const quote of store.quotes.values()) {
    if (quote.sourceAccountId !== account.id || quote.executedAt === undefined) continue;
    const identifier = store.externalAccounts.get(quote.destinationAccountId)!.identifier;
    if (!outcomeAt(identifier, quote.executedAt, now).refunded) balance -= quote.sendingAmount;
  }
  for (const transfer of store.transfers.values()) {
    if (transfer.internalAccountId !== account.id) continue;
    const identifier = store.externalAccounts.get(transfer.externalAccountId)!.identifier;
    const outcome = transferOutcomeAt(identifier, transfer.createdAt, now);
    if (transfer.direction === 'OUT') {
      if (!outcome.refunded) balance -= transfer.amount;
    } else if (outcome.status === 'COMPLETED') balance += transfer.amount;
    else if (outcome.status !== 'FAILED') pendingCredits += transfer.amount;
  }
  for (const payment of store.umaPayments.values()) {
    if (payment.destinationAccountId !== account.id) continue;
    const outcome = umaOutcomeAt(payment.senderUmaAddress, payment.createdAt, now);
    if (outcome.status === 'COMPLETED') balance += payment.amount;
    else if (outcome.status !== 'FAILED') pendingCredits += payment.amount;
  }
  return { balance, ceiling: balance + pendingCredits };
}

/** The balance now (smallest unit of the account's currency). */
export const balanceOf = (ctx: SandboxContext, account: InternalAccount): number => ledgerOf(ctx, account).balance;

/**
 * Refuses a credit of `amount` that could take the balance past 2^53 - 1
 * (counting credits still on their way): a JS number would round beyond it.
 */
export function checkCreditFits(ctx: SandboxContext, account: InternalAccount, amount: number): void {
  if (!Number.isSafeInteger(ledgerOf(ctx, account).ceiling + amount))
    throw invalidInput(`the balance could pass ${Number.MAX_SAFE_INTEGER}`);
}
