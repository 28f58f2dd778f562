/**
 * GET /transactions/{id} (docs/sandbox.md, "Transactions"): executed quotes (OUTGOING), transfers
 * (INCOMING in, OUTGOING out) and simulated incoming UMA payments (INCOMING),
 * each in the state the sandbox clock puts it in.
 */
import type { SandboxContext } from '../context.js';
import { conversion, railOf } from '../currencies.js';
import { notFound } from '../http-error.js';
import { outcomeAt } from '../payment-outcome.js';
import type { Router } from '../router.js';
import { transferOutcomeAt } from '../transfer-outcome.js';
import { umaOutcomeAt } from '../uma.js';
import { quoteTransactionJson, transferJson, umaPaymentJson } from '../views.js';

/** The wire form of transaction `id`, or undefined when there is none. */
export function transactionJson(ctx: SandboxContext, id: string): Record<string, unknown> | undefined {
  const { store } = ctx;
  const now = ctx.clock.now();
  const customer = (customerId: string) => store.customers.get(customerId)!;
  const identifier = (externalAccountId: string) => store.externalAccounts.get(externalAccountId)!.identifier;

  const quote = [...store.quotes.values()].find((q) => q.transactionId === id && q.executedAt !== undefined);
  if (quote) {
    const outcome = outcomeAt(identifier(quote.destinationAccountId), quote.executedAt!, now);
    return quoteTransactionJson(quote, customer(quote.customerId), outcome);
  }
  const transfer = store.transfers.get(id);
  if (transfer) {
    const outcome = transferOutcomeAt(identifier(transfer.externalAccountId), transfer.createdAt, now);
    return transferJson(transfer, customer(transfer.customerId), outcome, railOf(transfer.currency));
  }
  const payment = store.umaPayments.get(id);
  if (payment) {
    const outcome = umaOutcomeAt(payment.senderUmaAddress, payment.createdAt, now);
    const { num, den } = conversion(payment.sendingCurrency, payment.currency);
    return umaPaymentJson(payment, customer(payment.customerId), outcome, Number(num) / Number(den));
  }
  return undefined;
}

export function transactionRoutes(router: Router, ctx: SandboxContext): void {
  router.on('GET', '/transactions/{id}', ({ params }) => {
    const body = transactionJson(ctx, params['id']!);
    if (!body) throw notFound('TRANSACTION_NOT_FOUND', 'Transaction');
    return { status: 200, body };
  });
}
