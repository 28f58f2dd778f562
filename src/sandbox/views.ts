/**
 * Wire forms of the sandbox's records: what the service would return, and
 * nothing it would not (no key material, no OTP targets, no mnemonics).
 */
import { iso } from './clock.js';
import type { Credential, Customer, ExternalAccount, InternalAccount, Session } from './store.js';

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
    balance: { amount: balance, currency: { code: a.currency, name: 'US Dollar', symbol: '$', decimals: 2 } },
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
    defaultUmaDepositAccount: false,
    beneficiaryVerificationStatus: e.beneficiaryVerificationStatus,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}
