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
import { activeSession, activityExpectation, type ClientContext } from '../context.js';
import { verifyQuote, type ApproveQuoteOptions } from '../verify-quote.js';

/** The parameters of a SIGN_TRANSACTION activity (docs/protocol.md, "Quote approval"). */
const TRANSACTION_PARAMETERS = ['type', 'signWith', 'unsignedTransaction'];

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
  // verifyQuote read `unsignedTransaction`; any parameter beyond the transaction's own is refused.
  checkPayloadToSign(
    payload,
    activityExpectation(
      ctx,
      ctx.options.activityTypes.signTransaction,
      checked.verified ? { parameters: {}, freeParameters: TRANSACTION_PARAMETERS } : {},
    ),
  );
  const signature = await createStamp(payload, ctx.sessions.signerFor(session.sessionId)());
  return {
    signature,
    quoteId: checked.quoteId,
    idempotencyKey: `ew-${(await sha256Hex(checked.quoteId)).slice(0, 32)}`,
    sessionExpiresAt: new Date(session.expiresAt),
  };
}

/** What `signPayload` checks before it signs. */
export interface SignPayloadOptions {
  /** Activity types accepted (default: transaction signing). */
  activityTypes?: readonly string[];
  /**
   * The parameters the activity must state, each equal (as JSON) to the value
   * given; with this set, parameters not named here or in `freeParameters`
   * are refused. State what your user asked for.
   */
  parameters?: Record<string, unknown>;
  /** Parameters that may carry any value. */
  freeParameters?: readonly string[];
  /** Sign a payload in no format the client knows. Nothing is checked: the host vouches for it. */
  allowOpaque?: boolean;
}

/**
 * Signs a `payloadToSign` the host obtained elsewhere. By default only
 * transaction-signing activities are accepted; name other activity types and
 * the parameters they must state, or opt into opaque payloads explicitly.
 */
export async function signPayload(
  ctx: ClientContext,
  payloadToSign: string,
  options: SignPayloadOptions = {},
): Promise<string> {
  const session = await activeSession(ctx, 'signPayload');
  const { parameters, freeParameters } = options;
  checkPayloadToSign(
    payloadToSign,
    options.allowOpaque
      ? { kind: 'opaque' }
      : activityExpectation(ctx, options.activityTypes ?? ctx.options.activityTypes.signTransaction, {
          ...(parameters ? { parameters } : {}),
          ...(freeParameters ? { freeParameters } : {}),
        }),
  );
  return createStamp(payloadToSign, ctx.sessions.signerFor(session.sessionId)());
}
