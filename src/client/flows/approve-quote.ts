/**
 * Approving a quote: the widget only signs. It checks that what the quote
 * shows is what its payload commits to (`../verify-quote.ts`), that it comes
 * from the signed-in wallet and is still valid on the server's clock, that the
 * payload is a transaction-signing activity, stamps its exact bytes and hands
 * the stamp to the host, whose backend executes the quote with it. No network
 * call is made here.
 */
import { checkPayloadToSign, createStamp, sha256Hex } from '../../crypto/index.js';
import { WalletError, type Quote } from '../../protocol/index.js';
import { activeSession, type ClientContext } from '../context.js';
import { verifyQuote, type ApproveQuoteOptions } from '../verify-quote.js';

export interface QuoteApproval {
  /** The `Service-Wallet-Signature` value for `POST /quotes/{id}/execute`. */
  signature: string;
  quoteId: string;
  /** Stable for this quote: execute may be retried with it safely. */
  idempotencyKey: string;
  /** When the signing session expires (server clock). */
  sessionExpiresAt: Date;
}

/**
 * Signs a quote after checking that everything it shows is what the payload
 * commits to (`verifyQuote`), that it is paid from this wallet and not
 * expired on the server's clock. The stamp covers the exact payload checked.
 */
export async function approveQuote(
  ctx: ClientContext,
  quote: Quote,
  options: ApproveQuoteOptions = {},
): Promise<QuoteApproval> {
  const operation = 'approveQuote';
  const session = await activeSession(ctx, operation);
  const checked = verifyQuote(quote, { ...options, accountId: ctx.options.accountId });
  if (checked.expiresAtMs <= ctx.api.clock.now()) {
    throw new WalletError('QUOTE_EXPIRED', 'The quote has expired', { operation });
  }
  const payload = checked.payloadToSign;
  checkPayloadToSign(payload, { kind: 'activity', types: ctx.options.activityTypes.signTransaction });
  const signature = await createStamp(payload, ctx.sessions.signerFor(session.sessionId)());
  return {
    signature,
    quoteId: checked.quoteId,
    idempotencyKey: `ew-${(await sha256Hex(checked.quoteId)).slice(0, 32)}`,
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
