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
  const signature = await createStamp(payload, ctx.sessions.signerFor(session.sessionId)());
  return {
    signature,
    quoteId: quote.id,
    idempotencyKey: `ew-${sha256Hex(quote.id).slice(0, 32)}`,
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
