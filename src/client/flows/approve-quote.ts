/**
 * Approving a quote: the widget only signs. It checks the quote is still
 * valid on the server's clock and comes from the signed-in wallet, checks the
 * payload is a transaction-signing activity, stamps its exact bytes and hands
 * the stamp to the host, whose backend executes the quote with it. No network
 * call is made here.
 */
import { checkPayloadToSign, createStamp, sha256Hex } from '../../crypto/index.js';
import { WalletError, type Quote } from '../../protocol/index.js';
import { activeSession, type ClientContext } from '../context.js';

export interface QuoteApproval {
  /** The `Service-Wallet-Signature` value for `POST /quotes/{id}/execute`. */
  signature: string;
  quoteId: string;
  /** Stable for this quote: execute may be retried with it safely. */
  idempotencyKey: string;
  /** When the signing session expires (server clock). */
  sessionExpiresAt: Date;
}

/** The payload an embedded-wallet quote asks the wallet to sign. */
export function quotePayload(quote: Quote): string | undefined {
  return quote.paymentInstructions?.find((p) => p.accountOrWalletInfo?.accountType === 'EMBEDDED_WALLET')
    ?.accountOrWalletInfo?.payloadToSign;
}

/** What a transaction payload states about the payment, when it states anything readable. */
export interface QuoteCommitment {
  quoteId?: string;
  amount?: number;
  currency?: string;
}

/**
 * Reads the payment a SIGN_TRANSACTION payload commits to: its
 * `unsignedTransaction` hex, when that decodes to JSON naming a quote id,
 * amount or currency (the sandbox's does; opaque chain transactions do not).
 */
export function quoteCommitment(payload: string): QuoteCommitment | undefined {
  try {
    const activity = JSON.parse(payload) as { parameters?: { unsignedTransaction?: unknown } };
    const hex = activity.parameters?.unsignedTransaction;
    if (typeof hex !== 'string' || !/^([0-9a-f]{2})+$/i.test(hex)) return undefined;
    const bytes = new Uint8Array(hex.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    const stated = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Record<string, unknown>;
    const commitment: QuoteCommitment = {};
    if (typeof stated['quoteId'] === 'string') commitment.quoteId = stated['quoteId'];
    if (typeof stated['amount'] === 'number') commitment.amount = stated['amount'];
    if (typeof stated['currency'] === 'string') commitment.currency = stated['currency'];
    return Object.keys(commitment).length ? commitment : undefined;
  } catch {
    return undefined;
  }
}

/** What you see is what you sign: a payload that states the payment must state the quote's. */
function assertCommitmentMatches(payload: string, quote: Quote, operation: string): void {
  const stated = quoteCommitment(payload);
  if (!stated) return;
  const mismatches = [
    stated.quoteId !== undefined && stated.quoteId !== quote.id ? 'quote id' : '',
    stated.amount !== undefined && stated.amount !== quote.totalSendingAmount ? 'amount' : '',
    stated.currency !== undefined && stated.currency !== quote.sendingCurrency?.code ? 'currency' : '',
  ].filter(Boolean);
  if (mismatches.length) {
    throw new WalletError(
      'QUOTE_NOT_SIGNABLE',
      `The payment to sign differs from the quote shown (${mismatches.join(', ')})`,
      { operation },
    );
  }
}

export async function approveQuote(ctx: ClientContext, quote: Quote): Promise<QuoteApproval> {
  const operation = 'approveQuote';
  const session = await activeSession(ctx, operation);
  if (Date.parse(quote.expiresAt) <= ctx.api.clock.now()) {
    throw new WalletError('QUOTE_EXPIRED', 'The quote has expired', { operation });
  }
  if (quote.source?.accountId !== ctx.options.accountId) {
    throw new WalletError('QUOTE_NOT_SIGNABLE', 'The quote is not paid from this wallet', { operation });
  }
  const payload = quotePayload(quote);
  if (!payload)
    throw new WalletError('QUOTE_NOT_SIGNABLE', 'The quote has no embedded-wallet payload to sign', { operation });
  checkPayloadToSign(payload, { kind: 'activity', types: ctx.options.activityTypes.signTransaction });
  assertCommitmentMatches(payload, quote, operation);
  const signature = await createStamp(payload, ctx.sessions.signerFor(session.sessionId)());
  return {
    signature,
    quoteId: quote.id,
    idempotencyKey: `ew-${(await sha256Hex(quote.id)).slice(0, 32)}`,
    sessionExpiresAt: new Date(session.expiresAt),
  };
}

/**
 * Signs a `payloadToSign` the host obtained elsewhere. By default only
 * transaction-signing activities are accepted; name other activity types, or
 * opt into opaque payloads explicitly.
 */
export async function signPayload(
  ctx: ClientContext,
  payloadToSign: string,
  options: { activityTypes?: readonly string[]; allowOpaque?: boolean } = {},
): Promise<string> {
  const session = await activeSession(ctx, 'signPayload');
  checkPayloadToSign(
    payloadToSign,
    options.allowOpaque
      ? { kind: 'opaque' }
      : { kind: 'activity', types: options.activityTypes ?? ctx.options.activityTypes.signTransaction },
  );
  return createStamp(payloadToSign, ctx.sessions.signerFor(session.sessionId)());
}
