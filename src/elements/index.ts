/**
 * The element classes, events and strings (no registration: see define.ts).
 * The signed-in views and the approval are types here: their code loads when
 * first shown (`loadWalletElement`, lazy-elements.ts).
 */
export type { EwAccountSettings } from './account-settings/account-settings.js';
export type { EwApproveQuote } from './approve-quote/approve-quote.js';
export type { EwCredentials } from './credentials/credentials.js';
export type { EwExportWallet } from './export-wallet/export-wallet.js';
export { EwOAuthSignIn } from './oauth-sign-in/oauth-sign-in.js';
export { EwOtpSignIn } from './otp-sign-in/otp-sign-in.js';
export { EwPasskeySignIn } from './passkey-sign-in/passkey-sign-in.js';
export type { EwSessions } from './sessions/sessions.js';
export { EwSignIn } from './sign-in/sign-in.js';
export { EwWallet } from './wallet/wallet.js';
export type { EwWalletOverview } from './wallet-overview/wallet-overview.js';
export * from './events/index.js';
export {
  errorText,
  loadWalletStrings,
  setWalletStrings,
  STRINGS_EN,
  type ShownErrorCode,
  type WalletStringOverrides,
  type WalletStrings,
} from './strings/index.js';
export { describeError, type ErrorInfo } from './shared/error-info.js';
