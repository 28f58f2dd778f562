/**
 * `embedded-wallet-elements/client`: the headless wallet client, for partners
 * who build their own UI.
 */
export { WalletClient, type WalletClientEventMap, type WalletState } from './wallet-client.js';
export { DEFAULT_ACTIVITY_TYPES, type SignedOperationName, type WalletClientOptions } from './options.js';
export type { OtpSignIn } from './flows/otp-sign-in.js';
export { normaliseOtp } from './flows/otp-sign-in.js';
export type { PreparedPasskeyRegistration, PreparedPasskeySignIn } from './passkey/passkey.js';
export type { PasskeyCeremonyElsewhere } from './passkey/ceremony-elsewhere.js';
export type { OidcTokenProvider, PreparedOAuthSignIn } from './oauth/oauth.js';
export type { ListedSession } from './account/sessions.js';
export type { NameCheck, Payee } from './account/payee.js';
export type { WalletInfo } from './account/wallet-info.js';
export type { QuoteApproval, SignPayloadOptions } from './flows/approve-quote.js';
export {
  quoteCommitment,
  quotePayload,
  verifyQuote,
  type ApproveQuoteOptions,
  type CheckedCurrency,
  type QuoteCommitment,
  type VerifiedQuote,
} from './verify-quote.js';
export type { SessionInfo } from './session/state.js';
export type { SessionKeyMode } from './session/session-key.js';
export { PasskeyError, type PasskeyErrorCode } from './passkey-error.js';
export {
  PRODUCTION_EXPORT_SIGNER_KEY,
  PRODUCTION_OTP_TARGET_SIGNER_KEY,
  WalletCryptoError,
  type CryptoErrorCode,
} from '../crypto/index.js';
export {
  fetchTransport,
  isWalletError,
  WalletError,
  type AuthMethod,
  type AuthSession,
  type Currency,
  type Quote,
  type Transport,
  type ClientErrorCode,
  type RelayErrorCode,
  type ServiceErrorCode,
  type WalletErrorCode,
  type WireRequest,
  type WireResponse,
} from '../protocol/index.js';
