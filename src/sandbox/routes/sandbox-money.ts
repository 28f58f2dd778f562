/**
 * Sandbox operations that simulate money arriving (docs/sandbox.md,
 * "Incoming UMA payments" and "POST /sandbox/send"): paying a
 * quote's payment instructions (POST /sandbox/send) and an incoming UMA
 * payment (POST /sandbox/uma/receive). Funding an account is in wallet.ts.
 */
import { checkCreditFits } from '../balance.js';
import type { SandboxContext } from '../context.js';
import { CURRENCY_CODES, currencyEntry } from '../currencies.js';
import { ApiError, invalidInput, notFound } from '../http-error.js';
import { newId } from '../ids.js';
import type { Router } from '../router.js';
import type { UmaPayment } from '../store.js';
import { isUmaAddress, sameUma, senderCurrency } from '../uma.js';
import { transactionJson } from './transactions.js';

export function sandboxMoneyRoutes(router: Router, ctx: SandboxContext): void {
  const { store } = ctx;

  /**
   * "Simulates payment of a real-time-funded quote's payment instructions." Every quote
   * this sandbox issues is funded from an embedded wallet, which only the wallet owner's
   * signature may spend: such a quote is refused with the way to pay it instead.
   */
  router.on('POST', '/sandbox/send', ({ body }) => {
    const { quoteId, currencyCode } = body;
    if (typeof quoteId !== 'string') throw invalidInput('quoteId is required');
    if (typeof currencyCode !== 'string') throw invalidInput('currencyCode is required');
    const quote = store.quotes.get(quoteId);
    if (!quote) throw notFound('QUOTE_NOT_FOUND', 'Quote');
    if (currencyCode !== quote.sendingCurrency)
      throw invalidInput(`currencyCode must be the quote's sending currency, ${quote.sendingCurrency}`);
    throw invalidInput(
      'The quote is funded from an embedded wallet, not in real time: fund the wallet ' +
        '(POST /sandbox/internal-accounts/{id}/fund or /transfer-in) and execute the quote with the wallet signature',
      { sourceAccountId: quote.sourceAccountId, sourceAccountType: 'EMBEDDED_WALLET' },
    );
  });

  router.on('POST', '/sandbox/uma/receive', ({ body }) => {
    const { senderUmaAddress, receiverUmaAddress, receivingCurrencyCode, receivingCurrencyAmount } = body;
    if (!isUmaAddress(senderUmaAddress)) throw invalidInput('senderUmaAddress must be an UMA address, $user@domain');
    if (!isUmaAddress(receiverUmaAddress))
      throw invalidInput('receiverUmaAddress must be an UMA address, $user@domain');
    if (typeof receivingCurrencyCode !== 'string' || !currencyEntry(receivingCurrencyCode))
      throw invalidInput(`receivingCurrencyCode must be one of ${CURRENCY_CODES.join(', ')}`);
    const amount = receivingCurrencyAmount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
      throw invalidInput('receivingCurrencyAmount must be a positive integer (smallest currency unit)');
    const customer = [...store.customers.values()].find((c) => sameUma(c.umaAddress, receiverUmaAddress));
    if (!customer) throw new ApiError(404, 'UMA_NOT_FOUND', `No receiver at ${receiverUmaAddress}`);
    // Incoming UMA payments land in the customer's default UMA deposit account, when it has one, else its wallet.
    const deposit = [...store.externalAccounts.values()].find(
      (a) => a.customerId === customer.id && a.defaultUmaDepositAccount,
    );
    const wallet = store.accountsOf(customer.id)[0];
    const destination = deposit ?? wallet;
    if (!destination) throw new ApiError(404, 'UMA_NOT_FOUND', `No account receives payments to ${receiverUmaAddress}`);
    if (destination.currency !== receivingCurrencyCode)
      throw invalidInput(`The receiver's account holds ${destination.currency}: receivingCurrencyCode must be it`);
    if (!deposit && wallet) checkCreditFits(ctx, wallet, amount);
    const payment: UmaPayment = {
      id: newId('Transaction'),
      senderUmaAddress,
      receiverUmaAddress: customer.umaAddress,
      customerId: customer.id,
      destinationAccountId: destination.id,
      amount,
      currency: receivingCurrencyCode,
      sendingCurrency: senderCurrency(senderUmaAddress, receivingCurrencyCode),
      createdAt: ctx.clock.now(),
    };
    store.umaPayments.set(payment.id, payment);
    return { status: 201, body: transactionJson(ctx, payment.id) };
  });
}
