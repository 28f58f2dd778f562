/**
 * Registers every element. Guarded and versioned: a tag this copy already
 * defined is left alone; one defined by another copy (the bundle loaded twice,
 * or the script tag and the npm build on one page, whatever their versions)
 * keeps its first definition and the page gets one warning naming the
 * version. Never throws.
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

/** The package version, stamped on each registered class. */
export const VERSION = '0.2.0';

export const ELEMENTS = {
  'ew-wallet': EwWallet,
  'ew-sign-in': EwSignIn,
  'ew-otp-sign-in': EwOtpSignIn,
  'ew-passkey-sign-in': EwPasskeySignIn,
  'ew-oauth-sign-in': EwOAuthSignIn,
  'ew-approve-quote': EwApproveQuote,
  'ew-sessions': EwSessions,
  'ew-credentials': EwCredentials,
  'ew-export-wallet': EwExportWallet,
  'ew-wallet-overview': EwWalletOverview,
  'ew-account-settings': EwAccountSettings,
} as const;

const VERSION_KEY = Symbol.for('embedded-wallet-elements.version');
let warned = false;

/** Defines every `ew-*` tag not yet defined. Safe to call any number of times. */
export function defineWalletElements(registry: CustomElementRegistry = customElements): void {
  for (const [tag, element] of Object.entries(ELEMENTS)) {
    const existing = registry.get(tag) as (CustomElementConstructor & { [VERSION_KEY]?: string }) | undefined;
    if (!existing) {
      try {
        (element as unknown as Record<symbol, string>)[VERSION_KEY] = VERSION;
        registry.define(tag, element);
      } catch (error) {
        console.warn(`embedded-wallet-elements: could not define <${tag}>`, error);
      }
      continue;
    }
    // The same copy calling again: nothing to say. Another copy (the bundle loaded twice, or
    // the script tag and the npm build together): keep the first definition and say so once.
    if (existing !== element && !warned) {
      warned = true;
      const other = existing[VERSION_KEY] ? `version ${existing[VERSION_KEY]}` : 'another script';
      console.warn(
        `embedded-wallet-elements ${VERSION}: the elements are already defined by ${other}; keeping that definition. Load the widget once.`,
      );
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-wallet': EwWallet;
    'ew-sign-in': EwSignIn;
    'ew-otp-sign-in': EwOtpSignIn;
    'ew-passkey-sign-in': EwPasskeySignIn;
    'ew-oauth-sign-in': EwOAuthSignIn;
    'ew-approve-quote': EwApproveQuote;
    'ew-sessions': EwSessions;
    'ew-credentials': EwCredentials;
    'ew-export-wallet': EwExportWallet;
    'ew-wallet-overview': EwWalletOverview;
    'ew-account-settings': EwAccountSettings;
  }
}
