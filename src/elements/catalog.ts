/**
 * Every element of the package, once. Each class states its own tag
 * (`static tag`); registration (define.ts) reads them from here, and
 * test/build/element-list.node.test.ts holds this list, the root exports,
 * the React/Vue typings and the docs' index to custom-elements.json.
 */
import { EwAccountSettings } from './account-settings/account-settings.js';
import { EwApproveQuote } from './approve-quote/approve-quote.js';
import { EwCredentials } from './credentials/credentials.js';
import { EwExportWallet } from './export-wallet/export-wallet.js';
import { EwOAuthSignIn } from './oauth-sign-in/oauth-sign-in.js';
import { EwOtpSignIn } from './otp-sign-in/otp-sign-in.js';
import { EwPasskeySignIn } from './passkey-sign-in/passkey-sign-in.js';
import { EwSessions } from './sessions/sessions.js';
import { EwSignIn } from './sign-in/sign-in.js';
import { EwWallet } from './wallet/wallet.js';
import { EwWalletOverview } from './wallet-overview/wallet-overview.js';

export const ELEMENTS = [
  EwWallet,
  EwSignIn,
  EwOtpSignIn,
  EwPasskeySignIn,
  EwOAuthSignIn,
  EwApproveQuote,
  EwSessions,
  EwCredentials,
  EwExportWallet,
  EwWalletOverview,
  EwAccountSettings,
] as const;
