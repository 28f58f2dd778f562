/**
 * Quotes made offline, each consistent with the commitment its payload carries
 * (the sandbox's format): for tests of what is shown and checked, with no
 * service behind them.
 */
import type { Quote } from '../../src/protocol/index.js';

export const toHex = (text: string) =>
  Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('');

export const committed = (edits: Record<string, unknown> = {}) => ({
  quoteId: 'Quote:1',
  sourceAccountId: 'InternalAccount:wallet',
  destinationAccountId: 'ExternalAccount:friend',
  sendingAmount: 50_000,
  sendingCurrency: { code: 'USD', decimals: 2 },
  receivingAmount: 49_950,
  receivingCurrency: { code: 'USD', decimals: 2 },
  fees: 50,
  exchangeRate: 1,
  expiresAt: '2026-11-23T09:05:00.000Z',
  ...edits,
});

/** A SIGN_TRANSACTION activity whose `unsignedTransaction` is the hex of `transactionJson`. */
export const activity = (transactionJson: string, unsignedTransaction = toHex(transactionJson)) =>
  JSON.stringify({
    type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    timestampMs: '1',
    organizationId: 'org',
    parameters: { type: 'TRANSACTION_TYPE_ETHEREUM', signWith: '0xabc', unsignedTransaction },
  });

/** A quote stating the same as `commitment`, with `payloadToSign` as given. */
export function quoteOf(commitment = committed(), payloadToSign = activity(JSON.stringify(commitment))): Quote {
  return {
    id: commitment.quoteId,
    status: 'PENDING',
    expiresAt: commitment.expiresAt,
    source: { sourceType: 'ACCOUNT', accountId: commitment.sourceAccountId },
    destination: { destinationType: 'ACCOUNT', accountId: commitment.destinationAccountId, paymentRail: 'ACH' },
    sendingCurrency: { ...commitment.sendingCurrency, name: 'US Dollar', symbol: '$' },
    receivingCurrency: { ...commitment.receivingCurrency, name: 'US Dollar', symbol: '$' },
    totalSendingAmount: commitment.sendingAmount,
    totalReceivingAmount: commitment.receivingAmount,
    exchangeRate: commitment.exchangeRate,
    feesIncluded: commitment.fees,
    paymentInstructions: [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign } }],
  };
}
