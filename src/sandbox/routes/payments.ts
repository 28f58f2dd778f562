/** External accounts, quotes from an embedded wallet, execution and transactions (spec 2.3-2.6, 4.3, 4.5). */
import { iso } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { ApiError, invalidInput, notFound } from '../http-error.js';
import { newId } from '../ids.js';
import { outcomeAt } from '../payment-outcome.js';
import type { ApiResponse, Router } from '../router.js';
import { activity } from '../signed-request.js';
import { checkStamp } from '../stamp-check.js';
import type { ExternalAccount, InternalAccount, Quote } from '../store.js';
import { externalAccountJson } from '../views.js';

const USD = { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 };
const FEE = 50; // a flat sandbox fee, in cents

/** Beneficiary name verification by suffix (spec Part 4.9; 105 is refused outright). */
const BENEFICIARY: Record<string, string> = {
  '102': 'NOT_MATCHED',
  '103': 'PARTIAL_MATCH',
  '104': 'PENDING',
  '106': 'UNSUPPORTED',
  '107': 'CHECKED_BY_RECEIVING_FI',
};

/** Funds minus every executed payment that has not been given back (at the sandbox's now). */
export function balanceOf(ctx: SandboxContext, account: InternalAccount): number {
  let balance = account.funded;
  for (const quote of ctx.store.quotes.values()) {
    if (quote.sourceAccountId !== account.id || quote.executedAt === undefined) continue;
    if (!outcomeAt(destinationOf(ctx, quote).identifier, quote.executedAt, ctx.clock.now()).refunded) {
      balance -= quote.sendingAmount;
    }
  }
  return balance;
}

function destinationOf(ctx: SandboxContext, quote: Quote): ExternalAccount {
  return ctx.store.externalAccounts.get(quote.destinationAccountId)!;
}

function quoteJson(ctx: SandboxContext, quote: Quote): Record<string, unknown> {
  const now = ctx.clock.now();
  const status =
    quote.executedAt !== undefined
      ? outcomeAt(destinationOf(ctx, quote).identifier, quote.executedAt, now).status
      : now > quote.expiresAt
        ? 'EXPIRED'
        : 'PENDING';
  return {
    id: quote.id,
    status,
    createdAt: iso(quote.createdAt),
    expiresAt: iso(quote.expiresAt),
    source: { sourceType: 'ACCOUNT', accountId: quote.sourceAccountId, customerId: quote.customerId },
    destination: { destinationType: 'ACCOUNT', accountId: quote.destinationAccountId, paymentRail: 'ACH' },
    sendingCurrency: USD,
    receivingCurrency: USD,
    totalSendingAmount: quote.sendingAmount,
    totalReceivingAmount: quote.receivingAmount,
    exchangeRate: 1,
    feesIncluded: quote.fees,
    transactionId: quote.transactionId,
    paymentInstructions: [
      { accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: quote.payloadToSign } },
    ],
    rateDetails: {
      counterpartyMultiplier: 1,
      counterpartyFixedFee: 0,
      serviceApiMultiplier: 1,
      serviceApiFixedFee: quote.fees,
      serviceApiVariableFeeRate: 0,
      serviceApiVariableFeeAmount: 0,
    },
  };
}

function transactionJson(ctx: SandboxContext, quote: Quote): Record<string, unknown> {
  const outcome = outcomeAt(destinationOf(ctx, quote).identifier, quote.executedAt!, ctx.clock.now());
  const customer = ctx.store.customers.get(quote.customerId)!;
  return {
    id: quote.transactionId,
    type: 'OUTGOING',
    status: outcome.status,
    source: { sourceType: 'ACCOUNT', accountId: quote.sourceAccountId },
    destination: { destinationType: 'ACCOUNT', accountId: quote.destinationAccountId },
    customerId: customer.id,
    platformCustomerId: customer.platformCustomerId,
    sentAmount: { amount: quote.sendingAmount, currency: USD },
    receivedAmount: { amount: quote.receivingAmount, currency: USD },
    exchangeRate: 1,
    fees: quote.fees,
    quoteId: quote.id,
    paymentRail: 'ACH',
    ...(outcome.failureReason ? { failureReason: outcome.failureReason } : {}),
    ...(outcome.status === 'COMPLETED' ? { settledAt: iso(outcome.since) } : {}),
    createdAt: iso(quote.executedAt!),
    updatedAt: iso(outcome.since),
  };
}

/** A string or number field as text; anything else (objects String() may not even convert) as ''. */
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export function paymentRoutes(router: Router, ctx: SandboxContext): void {
  const { store, clock } = ctx;
  const findQuote = (id: string) => {
    const quote = store.quotes.get(id);
    if (!quote) throw notFound('QUOTE_NOT_FOUND', 'Quote');
    return quote;
  };

  router.on('POST', '/customers/external-accounts', ({ body }) => {
    const info = body['accountInfo'] as Record<string, unknown> | undefined;
    if (typeof body['currency'] !== 'string') throw invalidInput('currency is required');
    if (!info || (info['accountType'] !== 'USD_ACCOUNT' && info['accountType'] !== 'AED_ACCOUNT')) {
      throw invalidInput('accountInfo.accountType must be USD_ACCOUNT or AED_ACCOUNT');
    }
    const identifier = text(info['accountType'] === 'USD_ACCOUNT' ? info['accountNumber'] : info['iban']);
    if (!/\d{3}$/.test(identifier)) throw invalidInput('the account number (or IBAN) must end in three digits');
    const beneficiary = info['beneficiary'] as Record<string, unknown> | undefined;
    if (!beneficiary || typeof beneficiary['fullName'] !== 'string')
      throw invalidInput('accountInfo.beneficiary.fullName is required');
    const customerId = typeof body['customerId'] === 'string' ? body['customerId'] : undefined;
    if (customerId && !store.customers.has(customerId)) throw notFound('USER_NOT_FOUND', 'Customer');
    const suffix = identifier.slice(-3);
    if (suffix === '105') throw invalidInput('Invalid account (beneficiary verification)', { suffix });
    const now = clock.now();
    const account: ExternalAccount = {
      id: newId('ExternalAccount'),
      ...(customerId ? { customerId } : {}),
      currency: body['currency'],
      status: 'ACTIVE',
      accountInfo: info,
      identifier,
      beneficiaryVerificationStatus: BENEFICIARY[suffix] ?? 'MATCHED',
      createdAt: now,
      updatedAt: now,
    };
    store.externalAccounts.set(account.id, account);
    return { status: 201, body: externalAccountJson(account) };
  });

  router.on('POST', '/quotes', ({ body }) => {
    const source = body['source'] as Record<string, unknown> | undefined;
    const destination = body['destination'] as Record<string, unknown> | undefined;
    const wallet = store.accounts.get(text(source?.['accountId']));
    if (!wallet) throw invalidInput('source.accountId must be an embedded wallet internal account');
    const target = store.externalAccounts.get(text(destination?.['accountId']));
    if (!target) throw invalidInput('destination.accountId must be an external account');
    const amount = body['lockedCurrencyAmount'];
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= FEE) {
      throw invalidInput(`lockedCurrencyAmount must be an integer above the ${FEE} fee`);
    }
    const receiving = body['lockedCurrencySide'] === 'RECEIVING';
    const now = clock.now();
    const id = newId('Quote');
    const sendingAmount = receiving ? amount + FEE : amount;
    const receivingAmount = receiving ? amount : amount - FEE;
    // Past 2^53 the fee would be added inexactly and the wallet would sign a rounded amount.
    if (!Number.isSafeInteger(sendingAmount))
      throw invalidInput(`lockedCurrencyAmount plus the fee must be at most ${Number.MAX_SAFE_INTEGER}`);
    const expiresAt = now + ctx.config.quoteLifetimeMs;
    // What the wallet signs states everything the widget shows (docs/sandbox.md, "Quotes"):
    // canonical JSON (JSON.stringify, these keys in this order), hex-encoded.
    const unsignedTransaction = Buffer.from(
      JSON.stringify({
        quoteId: id,
        sourceAccountId: wallet.id,
        destinationAccountId: target.id,
        sendingAmount,
        sendingCurrency: { code: USD.code, decimals: USD.decimals },
        receivingAmount,
        receivingCurrency: { code: USD.code, decimals: USD.decimals },
        fees: FEE,
        exchangeRate: 1,
        expiresAt: iso(expiresAt),
      }),
      'utf8',
    ).toString('hex');
    const quote: Quote = {
      id,
      sourceAccountId: wallet.id,
      customerId: wallet.customerId,
      destinationAccountId: target.id,
      currency: 'USD',
      sendingAmount,
      receivingAmount,
      fees: FEE,
      createdAt: now,
      expiresAt,
      payloadToSign: activity(ctx, 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', wallet.organizationId, {
        type: 'TRANSACTION_TYPE_ETHEREUM',
        signWith: wallet.walletAddress,
        unsignedTransaction,
      }),
      transactionId: newId('Transaction'),
      idempotent: new Map(),
    };
    store.quotes.set(quote.id, quote);
    return { status: 201, body: quoteJson(ctx, quote) };
  });

  router.on('GET', '/quotes/{id}', ({ params }) => ({ status: 200, body: quoteJson(ctx, findQuote(params['id']!)) }));

  router.on('POST', '/quotes/{id}/execute', async ({ params, headers }) => {
    const quote = findQuote(params['id']!);
    const idempotencyKey = typeof headers['idempotency-key'] === 'string' ? headers['idempotency-key'] : undefined;
    const first = idempotencyKey ? quote.idempotent.get(idempotencyKey) : undefined;
    if (first) return first as ApiResponse;
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
    const wallet = store.accounts.get(quote.sourceAccountId)!;
    if (balanceOf(ctx, wallet) < quote.sendingAmount) {
      throw new ApiError(400, 'INSUFFICIENT_FUNDS', 'The wallet balance does not cover the quote');
    }
    quote.executedAt = clock.now();
    const response = { status: 200, body: quoteJson(ctx, quote) };
    if (idempotencyKey) quote.idempotent.set(idempotencyKey, response);
    return response;
  });

  router.on('GET', '/transactions/{id}', ({ params }) => {
    const quote = [...store.quotes.values()].find(
      (q) => q.transactionId === params['id'] && q.executedAt !== undefined,
    );
    if (!quote) throw notFound('TRANSACTION_NOT_FOUND', 'Transaction');
    return { status: 200, body: transactionJson(ctx, quote) };
  });
}
