/**
 * The sandbox's state, in memory. Records hold what the service would hold;
 * `toJson` helpers in the routes decide what goes on the wire (never key
 * material, never OTP targets' private keys).
 */
import { ExpiringMap, FORGET_AFTER_EXPIRY_MS } from './expiring-map.js';
import type { ApiResponse } from './router.js';

/** A postal address. */
export interface Address {
  line1: string;
  line2?: string;
  city?: string;
  state?: string;
  postalCode: string;
  country: string;
}

export interface Customer {
  id: string;
  platformCustomerId: string;
  customerType: 'INDIVIDUAL';
  umaAddress: string;
  email?: string;
  phoneNumber?: string;
  fullName?: string;
  region?: string;
  currencies: string[];
  kycStatus: string;
  birthDate?: string;
  nationality?: string;
  address?: Address;
  idType?: string;
  /** The tax identification number: write-only, never on the wire. */
  identifier?: string;
  createdAt: number;
  updatedAt: number;
}

export interface InternalAccount {
  id: string;
  customerId: string;
  type: 'EMBEDDED_WALLET';
  currency: string;
  /** Funds credited through the sandbox fund operation (smallest unit). */
  funded: number;
  privateEnabled: boolean;
  /** The wallet's sub-organization, as named in activities and bundles. */
  organizationId: string;
  /** The wallet's signing address, named in SIGN_TRANSACTION activities. */
  walletAddress: string;
  /** BIP-39 phrase of the wallet; leaves only sealed in an export bundle. */
  mnemonic: string;
  createdAt: number;
  updatedAt: number;
}

export type CredentialType = 'EMAIL_OTP' | 'SMS_OTP' | 'PASSKEY' | 'OAUTH';

/** The OTP issuance a credential is waiting on: single use, sealed to by the client. */
export interface OtpIssuance {
  targetPrivateKey: string;
  issuedAt: number;
  attempts: number;
}

export interface Credential {
  id: string;
  accountId: string;
  type: CredentialType;
  nickname: string;
  createdAt: number;
  updatedAt: number;
  otp?: OtpIssuance;
  /** Set once a session has been started with it: a *verified* credential, which may sign for the wallet. */
  verified?: boolean;
  /** PASSKEY: base64url credential id, COSE public key, counter, transports. */
  passkey?: { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] };
  /** OAUTH: the identity triple the credential was registered with. */
  oauth?: { iss: string; aud: string; sub: string };
}

export interface Session {
  id: string;
  accountId: string;
  credentialId: string;
  type: CredentialType;
  nickname: string;
  /** Compressed hex P-256 key that signs this session's stamps. */
  publicKey: string;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  revoked: boolean;
}

export interface ExternalAccount {
  id: string;
  customerId?: string;
  currency: string;
  status: 'PENDING' | 'ACTIVE' | 'UNDER_REVIEW' | 'INACTIVE';
  accountInfo: Record<string, unknown>;
  /** The primary identifier (account number, IBAN, CLABE, PIX key) whose magic suffix selects sandbox outcomes. */
  identifier: string;
  platformAccountId?: string;
  /** Incoming UMA payments to the customer land here (at most one account per customer). */
  defaultUmaDepositAccount: boolean;
  beneficiaryVerificationStatus: string;
  beneficiaryVerifiedData?: { fullName: string };
  createdAt: number;
  updatedAt: number;
}

/** The rate and fee breakdown of a quote (its `rateDetails`). */
export interface RateDetails {
  counterpartyMultiplier: number;
  counterpartyFixedFee: number;
  serviceApiMultiplier: number;
  serviceApiFixedFee: number;
  serviceApiVariableFeeRate: number;
  serviceApiVariableFeeAmount: number;
}

export interface Quote {
  id: string;
  sourceAccountId: string;
  customerId: string;
  destinationAccountId: string;
  /** Currency codes of the rate table (currencies.ts). */
  sendingCurrency: string;
  receivingCurrency: string;
  sendingAmount: number;
  receivingAmount: number;
  /** In the sending currency's smallest unit. */
  fees: number;
  /** Sending units per receiving unit. */
  exchangeRate: number;
  rateDetails: RateDetails;
  paymentRail: string;
  createdAt: number;
  expiresAt: number;
  payloadToSign: string;
  transactionId: string;
  /** Set when executed. */
  executedAt?: number;
}

/** A same-currency transfer between an internal and an external account (POST /transfer-in, /transfer-out). */
export interface Transfer {
  /** Transaction:<uuid>: a transfer is read back as a transaction. */
  id: string;
  direction: 'IN' | 'OUT';
  internalAccountId: string;
  externalAccountId: string;
  customerId: string;
  amount: number;
  currency: string;
  createdAt: number;
}

/** A simulated incoming UMA payment (POST /sandbox/uma/receive). */
export interface UmaPayment {
  /** Transaction:<uuid>. */
  id: string;
  senderUmaAddress: string;
  receiverUmaAddress: string;
  customerId: string;
  /** Where the money lands: the customer's wallet, or its default UMA deposit external account. */
  destinationAccountId: string;
  /** Credited amount, in the receiving currency's smallest unit. */
  amount: number;
  currency: string;
  /** The currency the sender paid in. */
  sendingCurrency: string;
  createdAt: number;
}

/** What a wallet-signed request is waiting for (the answer to its first call). */
export interface PendingSignature {
  requestId: string;
  /** `METHOD path` the retry must repeat. */
  operation: string;
  /** What it acts on (signed-request.ts `resourceOf`): a newer first call on it supersedes this one. */
  resource: string;
  /** Canonical body of the first call, compared on the retry. */
  body: string;
  payloadToSign: string;
  expiresAt: number;
  used: boolean;
  /** Decides whether a stamp's public key may sign this request. */
  signer: SignerRule;
  /** Extra state the operation carries from the first call to the retry. */
  context: Record<string, unknown>;
}

export type SignerRule =
  /**
   * An active session of this account, optionally not of one credential, or
   * only the one session the request acts on (`sessionId`: a refresh).
   */
  | { kind: 'session'; accountIds: string[]; notCredentialId?: string; sessionId?: string }
  /** Exactly this key (the OTP flow's TEK). */
  | { kind: 'key'; publicKey: string };

/** The newest request issued on a resource: any older one still pending there is superseded. */
export interface NewestRequest {
  requestId: string;
  /** The newest request's own expiry, so this is forgotten with it. */
  expiresAt: number;
}

/** A passkey assertion challenge, answered by verify with the same Request-Id. */
export interface PasskeyChallenge {
  requestId: string;
  credentialId: string;
  challenge: string;
  clientPublicKey: string;
  expiresAt: number;
  used: boolean;
}

export class Store {
  readonly customers = new Map<string, Customer>();
  readonly accounts = new Map<string, InternalAccount>();
  readonly credentials = new Map<string, Credential>();
  readonly sessions = new Map<string, Session>();
  readonly externalAccounts = new Map<string, ExternalAccount>();
  readonly quotes = new Map<string, Quote>();
  readonly transfers = new Map<string, Transfer>();
  readonly umaPayments = new Map<string, UmaPayment>();
  /** Idempotency-Key of quote execution -> the first answer, for the whole platform (docs/sandbox.md, "Idempotency"). */
  readonly idempotentAnswers = new Map<string, ApiResponse>();
  /** Answers still being computed, so a concurrent repeat waits for the first instead of racing it. */
  readonly idempotentInFlight = new Map<string, Promise<ApiResponse>>();
  /** Waiting signed retries and passkey challenges are short-lived: forgotten after they expire. */
  readonly pending: ExpiringMap<PendingSignature>;
  /** Resource -> its newest issued request (signed-request.ts), remembered as long as that request. */
  readonly newestRequest: ExpiringMap<NewestRequest>;
  readonly passkeyChallenges: ExpiringMap<PasskeyChallenge>;

  /**
   * `now` is the sandbox clock, which decides when short-lived entries are forgotten.
   * Issued Request-Ids are remembered at least one more lifetime after they expire
   * (`requestIdLifetimeMs`), so "expired" and "never issued" stay apart (signed-request.ts).
   */
  constructor(now: () => number, requestIdLifetimeMs = 0) {
    this.pending = new ExpiringMap(now, Math.max(FORGET_AFTER_EXPIRY_MS, requestIdLifetimeMs));
    this.newestRequest = new ExpiringMap(now, Math.max(FORGET_AFTER_EXPIRY_MS, requestIdLifetimeMs));
    this.passkeyChallenges = new ExpiringMap(now);
  }

  credentialsOf(accountId: string): Credential[] {
    return [...this.credentials.values()].filter((c) => c.accountId === accountId);
  }

  accountsOf(customerId: string): InternalAccount[] {
    return [...this.accounts.values()].filter((a) => a.customerId === customerId);
  }

  /** Sessions that can sign now: not revoked, not expired, credential still present. */
  activeSessions(accountId: string, now: number): Session[] {
    return [...this.sessions.values()].filter(
      (s) => s.accountId === accountId && !s.revoked && s.expiresAt > now && this.credentials.has(s.credentialId),
    );
  }
}
