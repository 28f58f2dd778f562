// Written by scripts/element-types.mjs from custom-elements.json (`npm run build`); do not edit.
/**
 * What each `ew-*` tag takes in a template, framework-neutral: its attributes
 * (kebab-case, as written in markup), its property-only members, and the
 * events it fires. The React and Vue typings are built from these.
 */
import type {
  EwAccountSettings,
  EwApproveQuote,
  EwCredentials,
  EwExportWallet,
  EwOAuthSignIn,
  EwOtpSignIn,
  EwPasskeySignIn,
  EwSessions,
  EwSignIn,
  EwWallet,
  EwWalletOverview,
} from '../elements/index.js';

/** Every `ew-*` event by name, with its event class. */
export type EwEventMap = {
  [K in keyof GlobalEventHandlersEventMap as K extends `ew-${string}` ? K : never]: GlobalEventHandlersEventMap[K];
};

/** An attribute's value in markup: a number may be written as text. */
type Attribute<T> = T extends number ? T | string : T;

export interface EwElements {
  'ew-account-settings': {
    element: EwAccountSettings;
    attributes: {
      'hide-title'?: Attribute<EwAccountSettings['hideTitle']>;
      locale?: Attribute<EwAccountSettings['locale']>;
    };
    properties: Partial<Pick<EwAccountSettings, 'strings' | 'client'>>;
  };
  'ew-approve-quote': {
    element: EwApproveQuote;
    attributes: {
      'destination-label'?: Attribute<EwApproveQuote['destinationLabel']>;
      'app-name'?: Attribute<EwApproveQuote['appName']>;
      'allow-unverified-payment'?: Attribute<EwApproveQuote['allowUnverifiedPayment']>;
      'allow-framed'?: Attribute<EwApproveQuote['allowFramed']>;
      status?: Attribute<EwApproveQuote['status']>;
      'failure-reason'?: Attribute<EwApproveQuote['failureReason']>;
      locale?: Attribute<EwApproveQuote['locale']>;
    };
    properties: Partial<Pick<EwApproveQuote, 'quote' | 'strings' | 'client'>>;
  };
  'ew-credentials': {
    element: EwCredentials;
    attributes: {
      'hide-title'?: Attribute<EwCredentials['hideTitle']>;
      locale?: Attribute<EwCredentials['locale']>;
    };
    properties: Partial<Pick<EwCredentials, 'oidcTokenProvider' | 'strings' | 'client'>>;
  };
  'ew-export-wallet': {
    element: EwExportWallet;
    attributes: {
      'hide-title'?: Attribute<EwExportWallet['hideTitle']>;
      'reveal-seconds'?: Attribute<EwExportWallet['revealSeconds']>;
      locale?: Attribute<EwExportWallet['locale']>;
    };
    properties: Partial<Pick<EwExportWallet, 'strings' | 'client'>>;
  };
  'ew-oauth-sign-in': {
    element: EwOAuthSignIn;
    attributes: {
      'credential-id'?: Attribute<EwOAuthSignIn['credentialId']>;
      label?: Attribute<EwOAuthSignIn['label']>;
      locale?: Attribute<EwOAuthSignIn['locale']>;
    };
    properties: Partial<Pick<EwOAuthSignIn, 'oidcTokenProvider' | 'strings' | 'client'>>;
  };
  'ew-otp-sign-in': {
    element: EwOtpSignIn;
    attributes: {
      channel?: Attribute<EwOtpSignIn['channel']>;
      'credential-id'?: Attribute<EwOtpSignIn['credentialId']>;
      'code-length'?: Attribute<EwOtpSignIn['codeLength']>;
      locale?: Attribute<EwOtpSignIn['locale']>;
    };
    properties: Partial<Pick<EwOtpSignIn, 'strings' | 'client'>>;
  };
  'ew-passkey-sign-in': {
    element: EwPasskeySignIn;
    attributes: {
      'credential-id'?: Attribute<EwPasskeySignIn['credentialId']>;
      label?: Attribute<EwPasskeySignIn['label']>;
      locale?: Attribute<EwPasskeySignIn['locale']>;
    };
    properties: Partial<Pick<EwPasskeySignIn, 'strings' | 'client'>>;
  };
  'ew-sessions': {
    element: EwSessions;
    attributes: {
      'hide-title'?: Attribute<EwSessions['hideTitle']>;
      locale?: Attribute<EwSessions['locale']>;
    };
    properties: Partial<Pick<EwSessions, 'strings' | 'client'>>;
  };
  'ew-sign-in': {
    element: EwSignIn;
    attributes: {
      'oauth-label'?: Attribute<EwSignIn['oauthLabel']>;
      'first-sign-in'?: Attribute<EwSignIn['firstSignIn']>;
      locale?: Attribute<EwSignIn['locale']>;
    };
    properties: Partial<Pick<EwSignIn, 'oidcTokenProvider' | 'strings' | 'client'>>;
  };
  'ew-wallet': {
    element: EwWallet;
    attributes: {
      'api-base'?: Attribute<EwWallet['apiBase']>;
      'account-id'?: Attribute<EwWallet['accountId']>;
      'customer-id'?: Attribute<EwWallet['customerId']>;
      'session-key-mode'?: Attribute<EwWallet['sessionKeyMode']>;
      'otp-target-key'?: Attribute<EwWallet['otpTargetKey']>;
      'export-key'?: Attribute<EwWallet['exportKey']>;
      'rp-id'?: Attribute<EwWallet['rpId']>;
      'organization-id'?: Attribute<EwWallet['organizationId']>;
      'max-session-seconds'?: Attribute<EwWallet['maxSessionSeconds']>;
      'dangerously-trust-unpinned-sandbox'?: Attribute<EwWallet['dangerouslyTrustUnpinnedSandbox']>;
      theme?: Attribute<EwWallet['theme']>;
      appearance?: Attribute<EwWallet['appearance']>;
      'oauth-label'?: Attribute<EwWallet['oauthLabel']>;
      'first-sign-in'?: Attribute<EwWallet['firstSignIn']>;
      'hide-sections'?: Attribute<EwWallet['hideSections']>;
      'balance-refresh-seconds'?: Attribute<EwWallet['balanceRefreshSeconds']>;
      locale?: Attribute<EwWallet['locale']>;
    };
    properties: Partial<Pick<EwWallet, 'transport' | 'oidcTokenProvider' | 'strings' | 'client'>>;
  };
  'ew-wallet-overview': {
    element: EwWalletOverview;
    attributes: {
      locale?: Attribute<EwWalletOverview['locale']>;
    };
    properties: Partial<Pick<EwWalletOverview, 'strings' | 'client'>>;
  };
}
