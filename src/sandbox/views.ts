/**
 * Wire forms of the sandbox's records: what the service would return, and
 * nothing it would not (no key material, no OTP targets, no mnemonics).
 */
import { iso } from './clock.js';
import { currencyJson } from './currencies.js';
import type { Outcome } from './payment-outcome.js';
import type {
  Credential,
  Customer,
  ExternalAccount,
  InternalAccount,
  Quote,
  Session,
  Transfer,
  UmaPayment,
} from './store.js';

export function customerJson(c: Customer): Record<string, unknown> {
  return {
    id: c.id,
    platformCustomerId: c.platformCustomerId,
    customerType: c.customerType,
    umaAddress: c.umaAddress,
    ...(c.email ? { email: c.email } : {}),
    ...(c.phoneNumber ? { phoneNumber: c.phoneNumber } : {}),
    ...(c.fullName ? { fullName: c.fullName } : {}),
    ...(c.region ? { region: c.region } : {}),
    currencies: c.currencies,
    kycStatus: c.kycStatus,
    ...(c.birthDate ? { birthDate: c.birthDate } : {}),
    ...(c.nationality ? { nationality: c.nationality } : {}),
    ...(c.address ? { address: c.address } : {}),
    // `identifier` is write-only: never on the wire.
    ...(c.idType ? { idType: c.idType } : {}),
    isDeleted: false,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

export function accountJson(a: InternalAccount, balance: number): Record<string, unknown> {
  return {
    id: a.id,
    customerId: a.customerId,
    type: a.type,
    status: 'ACTIVE',
    balance: { amount: balance, currency: currencyJson(a.currency) },
    privateEnabled: a.privateEnabled,
    walletAddress: a.walletAddress,
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
  };
}

export function credentialJson(c: Credential): Record<string, unknown> {
  return {
    id: c.id,
    accountId: c.accountId,
    type: c.type,
    nickname: c.nickname,
    ...(c.passkey ? { credentialId: c.passkey.credentialId } : {}),
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

export function sessionJson(s: Session, encryptedSessionSigningKey?: string): Record<string, unknown> {
  return {
    id: s.id,
    accountId: s.accountId,
    credentialId: s.credentialId,
    type: s.type,
    nickname: s.nickname,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
    expiresAt: iso(s.expiresAt),
    ...(encryptedSessionSigningKey ? { encryptedSessionSigningKey } : {}),
  };
}

export function externalAccountJson(e: ExternalAccount): Record<string, unknown> {
  return {
    id: e.id,
    status: e.status,
    currency: e.currency,
    accountInfo: e.accountInfo,
    ...(e.customerId ? { customerId: e.customerId } : {}),
    ...(e.platformAccountId ? { platformAccountId: e.platformAccountId } : {}),
    defaultUmaDepositAccount: e.defaultUmaDepositAccount,
    beneficiaryVerificationStatus: e.beneficiaryVerificationStatus,
    ...(e.beneficiaryVerifiedData ? { beneficiaryVerifiedData: e.beneficiaryVerifiedData } : {}),
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}

/** A quote in its state `status`; its payload to sign commits to the same values (quotes.ts). */
export function quoteJson(quote: Quote, status: string): Record<string, unknown> {
  return {
    id: quote.id,
    status,
    createdAt: iso(quote.createdAt),
    expiresAt: iso(quote.expiresAt),
    source: { sourceType: 'ACCOUNT', accountId: quote.sourceAccountId, customerId: quote.customerId },
    destination: { destinationType: 'ACCOUNT', accountId: quote.destinationAccountId, paymentRail: quote.paymentRail },
    sendingCurrency: currencyJson(quote.sendingCurrency),
    receivingCurrency: currencyJson(quote.receivingCurrency),
    totalSendingAmount: quote.sendingAmount,
    totalReceivingAmount: quote.receivingAmount,
    exchangeRate: quote.exchangeRate,
    feesIncluded: quote.fees,
    transactionId: quote.transactionId,
    paymentInstructions: [
      { accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: quote.payloadToSign } },
    ],
    rateDetails: quote.rateDetails,
  };
}

/** What every transaction kind shows (the common part). */
function transactionBase(
  id: string,
  type: 'INCOMING' | 'OUTGOING',
  customer: Customer,
  outcome: Outcome,
  createdAt: number,
): Record<string, unknown> {
  return {
    id,
    type,
    status: outcome.status,
    customerId: customer.id,
    platformCustomerId: customer.platformCustomerId,
    ...(outcome.failureReason ? { failureReason: outcome.failureReason } : {}),
    ...(outcome.status === 'COMPLETED' ? { settledAt: iso(outcome.since) } : {}),
    createdAt: iso(createdAt),
    updatedAt: iso(outcome.since),
  };
}

const account = (accountId: string) => ({ accountId });

/** The OUTGOING transaction of an executed quote, in both of its currencies. */
export function quoteTransactionJson(quote: Quote, customer: Customer, outcome: Outcome): Record<string, unknown> {
  return {
    ...transactionBase(quote.transactionId, 'OUTGOING', customer, outcome, quote.executedAt!),
    source: { sourceType: 'ACCOUNT', ...account(quote.sourceAccountId) },
    destination: { destinationType: 'ACCOUNT', ...account(quote.destinationAccountId) },
    sentAmount: { amount: quote.sendingAmount, currency: currencyJson(quote.sendingCurrency) },
    receivedAmount: { amount: quote.receivingAmount, currency: currencyJson(quote.receivingCurrency) },
    exchangeRate: quote.exchangeRate,
    fees: quote.fees,
    quoteId: quote.id,
    rateDetails: quote.rateDetails,
    paymentRail: quote.paymentRail,
    railSelectionMode: 'AUTO',
  };
}

/** A same-currency transfer: INCOMING when it brings money in, OUTGOING when it takes it out. */
export function transferJson(
  transfer: Transfer,
  customer: Customer,
  outcome: Outcome,
  paymentRail: string,
): Record<string, unknown> {
  const money = { amount: transfer.amount, currency: currencyJson(transfer.currency) };
  const inward = transfer.direction === 'IN';
  const [from, to] = inward
    ? [transfer.externalAccountId, transfer.internalAccountId]
    : [transfer.internalAccountId, transfer.externalAccountId];
  return {
    ...transactionBase(transfer.id, inward ? 'INCOMING' : 'OUTGOING', customer, outcome, transfer.createdAt),
    source: { sourceType: 'ACCOUNT', ...account(from) },
    destination: { destinationType: 'ACCOUNT', ...account(to) },
    ...(inward ? {} : { sentAmount: money, exchangeRate: 1, paymentRail, railSelectionMode: 'AUTO' }),
    receivedAmount: money,
    fees: 0,
    ...(inward ? { reconciliationInstructions: { reference: transfer.id } } : {}),
  };
}

/** An incoming UMA payment (an INCOMING transaction); rateDetails carries only the serviceApi* fields. */
export function umaPaymentJson(
  payment: UmaPayment,
  customer: Customer,
  outcome: Outcome,
  serviceApiMultiplier: number,
): Record<string, unknown> {
  return {
    ...transactionBase(payment.id, 'INCOMING', customer, outcome, payment.createdAt),
    source: { sourceType: 'UMA_ADDRESS', umaAddress: payment.senderUmaAddress },
    destination: {
      destinationType: 'ACCOUNT',
      ...account(payment.destinationAccountId),
      umaAddress: payment.receiverUmaAddress,
    },
    receivedAmount: { amount: payment.amount, currency: currencyJson(payment.currency) },
    fees: 0,
    reconciliationInstructions: { reference: payment.id },
    rateDetails: {
      serviceApiMultiplier,
      serviceApiFixedFee: 0,
      serviceApiVariableFeeRate: 0,
      serviceApiVariableFeeAmount: 0,
    },
  };
}
