/** The service's wallet resources as the client reads them (docs/protocol.md, "Endpoints the widget uses"). */

export type CredentialType = 'EMAIL_OTP' | 'SMS_OTP' | 'PASSKEY' | 'OAUTH';

/** An authentication credential (`AuthMethod`). */
export interface AuthMethod {
  id: string;
  accountId: string;
  type: CredentialType;
  /** Email, E.164 phone, OAuth email claim, or the passkey's name. */
  nickname: string;
  createdAt: string;
  updatedAt: string;
  /** PASSKEY: base64url WebAuthn credential id. */
  credentialId?: string;
  /** EMAIL_OTP / SMS_OTP challenge answers: the enclave-signed target bundle. */
  otpEncryptionTargetBundle?: string;
}

/** A wallet session (`AuthSession`). */
export interface AuthSession {
  id: string;
  accountId: string;
  credentialId?: string;
  type?: CredentialType;
  nickname: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  /** Sealed mode only: the session key, sealed to the client's public key. */
  encryptedSessionSigningKey?: string;
}

/** The answer to a passkey challenge. */
export interface PasskeyChallenge extends AuthMethod {
  credentialId: string;
  /** Lowercase hex; the WebAuthn challenge is its UTF-8 bytes. */
  challenge: string;
  /**
   * The login activity whose SHA-256 (lowercase hex) is `challenge`: it names
   * the key the session will be sealed to, so the client can check it.
   */
  payloadToSign?: string;
  requestId: string;
  expiresAt: string;
}

export interface Currency {
  code: string;
  name?: string;
  symbol?: string;
  decimals: number;
}

/** A quote, as far as approving it needs (docs/protocol.md, "Quote approval"). */
export interface Quote {
  id: string;
  status: string;
  createdAt?: string;
  expiresAt: string;
  source: { sourceType?: string; accountId: string; customerId?: string };
  destination: { destinationType?: string; accountId: string; paymentRail?: string };
  sendingCurrency: Currency;
  receivingCurrency: Currency;
  totalSendingAmount: number;
  totalReceivingAmount: number;
  exchangeRate: number;
  feesIncluded: number;
  transactionId?: string;
  paymentInstructions?: { accountOrWalletInfo?: { accountType?: string; payloadToSign?: string } }[];
}

/** List answers of the wallet endpoints. */
export interface DataList<T> {
  data: T[];
  hasMore?: boolean;
  nextCursor?: string;
}
