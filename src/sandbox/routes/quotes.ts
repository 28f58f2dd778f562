/**
 * Quotes from an embedded wallet to an external account, and their signed
 * execution (docs/protocol.md, "Quote approval"). A quote converts at the sandbox's fixed rates
 * (quote-pricing.ts); what the wallet signs commits to exactly the values the
 * quote shows, which the widget checks field by field (src/client/verify-quote.ts).
 */
import { balanceOf } from '../balance.js';
import { iso } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { currencyEntry, railOf } from '../currencies.js';
import { ApiError, invalidInput, notFound } from '../http-error.js';
import { once } from '../idempotency.js';
import { newId } from '../ids.js';
import { outcomeAt, type PaymentStatus } from '../payment-outcome.js';
import { priceQuote } from '../quote-pricing.js';
import type { Router } from '../router.js';
import { activity } from '../signed-request.js';
import { checkStamp } from '../stamp-check.js';
import type { Quote } from '../store.js';
import { quoteJson } from '../views.js';

/** Where `quote` stands now: its payment's outcome once executed, else PENDING until it expires. */
export function quoteStatus(ctx: SandboxContext, quote: Quote): PaymentStatus {
  const now = ctx.clock.now();
  if (quote.executedAt === undefined) return now > quote.expiresAt ? 'EXPIRED' : 'PENDING';
  const destination = ctx.store.externalAccounts.get(quote.destinationAccountId)!;
  return outcomeAt(destination.identifier, quote.executedAt, now).status;
}

/** A string or number field as text; anything else (objects String() may not even convert) as ''. */
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * What the wallet signs about the payment (docs/sandbox.md, "Quotes"): canonical JSON
 * (JSON.stringify, these keys in this order), hex-encoded. Changing the shape or the
 * order breaks every widget that checks it.
 */
function commitment(quote: Omit<Quote, 'payloadToSign'>): string {
  const code = (c: string) => ({ code: c, decimals: currencyEntry(c)!.decimals });
  return Buffer.from(
    JSON.stringify({
      quoteId: quote.id,
      sourceAccountId: quote.sourceAccountId,
      destinationAccountId: quote.destinationAccountId,
      sendingAmount: quote.sendingAmount,
      sendingCurrency: code(quote.sendingCurrency),
      receivingAmount: quote.receivingAmount,
      receivingCurrency: code(quote.receivingCurrency),
      fees: quote.fees,
      exchangeRate: quote.exchangeRate,
      expiresAt: iso(quote.expiresAt),
    }),
    'utf8',
  ).toString('hex');
}

export function quoteRoutes(router: Router, ctx: SandboxContext): void {
  const { store, clock } = ctx;
  const findQuote = (id: string) => {
    const quote = store.quotes.get(id);
    if (!quote) throw notFound('QUOTE_NOT_FOUND', 'Quote');
    return quote;
  };

  router.on('POST', '/quotes', ({ body }) => {
    const source = body['source'] as Record<string, unknown> | undefined;
    const destination = body['destination'] as Record<string, unknown> | undefined;
    const wallet = store.accounts.get(text(source?.['accountId']));
    if (!wallet) throw invalidInput('source.accountId must be an embedded wallet internal account');
    const target = store.externalAccounts.get(text(destination?.['accountId']));
    if (!target) throw invalidInput('destination.accountId must be an external account');
    const side = body['lockedCurrencySide'] ?? 'SENDING';
    if (side !== 'SENDING' && side !== 'RECEIVING')
      throw invalidInput('lockedCurrencySide must be SENDING or RECEIVING');
    const amount = body['lockedCurrencyAmount'];
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
      throw invalidInput('lockedCurrencyAmount must be a positive integer (smallest unit of the locked side)');
    const price = priceQuote({
      sendingCurrency: wallet.currency,
      receivingCurrency: target.currency,
      lockedSide: side,
      amount,
    });
    const now = clock.now();
    const draft: Omit<Quote, 'payloadToSign'> = {
      id: newId('Quote'),
      sourceAccountId: wallet.id,
      customerId: wallet.customerId,
      destinationAccountId: target.id,
      sendingCurrency: wallet.currency,
      receivingCurrency: target.currency,
      ...price,
      paymentRail: railOf(target.currency),
      createdAt: now,
      expiresAt: now + ctx.config.quoteLifetimeMs,
      transactionId: newId('Transaction'),
    };
    const quote: Quote = {
      ...draft,
      payloadToSign: activity(ctx, 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', wallet.organizationId, {
        type: 'TRANSACTION_TYPE_ETHEREUM',
        signWith: wallet.walletAddress,
        unsignedTransaction: commitment(draft),
      }),
    };
    store.quotes.set(quote.id, quote);
    return { status: 201, body: quoteJson(quote, quoteStatus(ctx, quote)) };
  });

  router.on('GET', '/quotes/{id}', ({ params }) => {
    const quote = findQuote(params['id']!);
    return { status: 200, body: quoteJson(quote, quoteStatus(ctx, quote)) };
  });

  router.on('POST', '/quotes/{id}/execute', ({ params, headers }) => {
    const idempotencyKey = typeof headers['idempotency-key'] === 'string' ? headers['idempotency-key'] : undefined;
    return once(ctx, idempotencyKey, async () => {
      const quote = findQuote(params['id']!);
      if (quote.executedAt !== undefined)
        throw new ApiError(409, 'QUOTE_ALREADY_EXECUTED', 'The quote has already been executed');
      if (clock.now() > quote.expiresAt) {
        throw new ApiError(400, 'QUOTE_EXPIRED', 'The quote has expired', {
          details: { expiresAt: iso(quote.expiresAt) },
        });
      }
      const stamp = headers['service-wallet-signature'];
      if (typeof stamp !== 'string')
        throw new ApiError(
          401,
          'WALLET_SIGNATURE_MISSING',
          'Service-Wallet-Signature is required: the source is an embedded wallet',
        );
      const signer = await checkStamp(stamp, quote.payloadToSign);
      if (!store.activeSessions(quote.sourceAccountId, clock.now()).some((s) => s.publicKey === signer)) {
        throw new ApiError(
          401,
          'WALLET_SIGNATURE_INVALID',
          'The stamp key is not an active session of the source wallet',
        );
      }
      // Checked again after the await: a concurrent call (without this key) may have executed it meanwhile.
      if (quote.executedAt !== undefined)
        throw new ApiError(409, 'QUOTE_ALREADY_EXECUTED', 'The quote has already been executed');
      const wallet = store.accounts.get(quote.sourceAccountId)!;
      if (balanceOf(ctx, wallet) < quote.sendingAmount) {
        throw new ApiError(400, 'INSUFFICIENT_FUNDS', 'The wallet balance does not cover the quote');
      }
      quote.executedAt = clock.now();
      return { status: 200, body: quoteJson(quote, quoteStatus(ctx, quote)) };
    });
  });
}
