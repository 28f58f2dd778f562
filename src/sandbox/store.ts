/**
 * The sandbox's state, in memory. Records hold what the service would hold;
 * `toJson` helpers in the routes decide what goes on the wire (never key
 * material, never OTP targets' private keys).
 */
import { ExpiringMap, FORGET_AFTER_EXPIRY_MS } from './expiring-map.js';

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
  status: 'ACTIVE';
  accountInfo: Record<string, unknown>;
  /** The primary identifier whose last three digits select sandbox outcomes. */
  identifier: string;
  beneficiaryVerificationStatus: string;
  createdAt: number;
  updatedAt: number;
}

export interface Quote {
  id: string;
  sourceAccountId: string;
  customerId: string;
  destinationAccountId: string;
  currency: string;
  sendingAmount: number;
  receivingAmount: number;
  fees: number;
  createdAt: number;
  expiresAt: number;
  payloadToSign: string;
  transactionId: string;
  /** Set when executed. */
  executedAt?: number;
  /** Idempotency-Key -> the first answer given for it. */
  idempotent: Map<string, { status: number; body: unknown }>;
}

/** What a wallet-signed request is waiting for (the answer to its first call). */
export interface PendingSignature {
  requestId: string;
  /** `METHOD path` the retry must repeat. */
  operation: string;
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
  /** An active session of this account, optionally not of one credential. */
  | { kind: 'session'; accountIds: string[]; notCredentialId?: string }
  /** Exactly this key (the OTP flow's TEK). */
  | { kind: 'key'; publicKey: string };

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
  /** Waiting signed retries and passkey challenges are short-lived: forgotten after they expire. */
  readonly pending: ExpiringMap<PendingSignature>;
  readonly passkeyChallenges: ExpiringMap<PasskeyChallenge>;

  /**
   * `now` is the sandbox clock, which decides when short-lived entries are forgotten.
   * Issued Request-Ids are remembered at least one more lifetime after they expire
   * (`requestIdLifetimeMs`), so "expired" and "never issued" stay apart (signed-request.ts).
   */
  constructor(now: () => number, requestIdLifetimeMs = 0) {
    this.pending = new ExpiringMap(now, Math.max(FORGET_AFTER_EXPIRY_MS, requestIdLifetimeMs));
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
