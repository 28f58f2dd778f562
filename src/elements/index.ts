/** The element classes, events and strings (no registration: see define.ts). */
export { EwAccountSettings } from './account-settings/account-settings.js';
export { EwApproveQuote } from './approve-quote/approve-quote.js';
export { EwCredentials } from './credentials/credentials.js';
export { EwExportWallet } from './export-wallet/export-wallet.js';
export { EwOAuthSignIn } from './oauth-sign-in/oauth-sign-in.js';
export { EwOtpSignIn } from './otp-sign-in/otp-sign-in.js';
export { EwPasskeySignIn } from './passkey-sign-in/passkey-sign-in.js';
export { EwSessions } from './sessions/sessions.js';
export { EwSignIn } from './sign-in/sign-in.js';
export { EwWallet } from './wallet/wallet.js';
export { EwWalletOverview } from './wallet-overview/wallet-overview.js';
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
