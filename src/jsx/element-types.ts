/**
 * What each `ew-*` tag takes in a template, framework-neutral: its attributes
 * (kebab-case, as written in markup), its object-valued properties, and the
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

type Props<E, K extends keyof E> = Partial<Pick<E, K>>;
type SignInAttributes = { 'credential-id'?: string; label?: string };

export interface EwElements {
  'ew-wallet': {
    element: EwWallet;
    attributes: {
      'api-base'?: string;
      'account-id'?: string;
      'customer-id'?: string;
      'session-key-mode'?: EwWallet['sessionKeyMode'];
      'otp-target-key'?: string;
      'export-key'?: string;
      'rp-id'?: string;
      'dangerously-trust-unpinned-sandbox'?: boolean;
      theme?: EwWallet['theme'];
      appearance?: EwWallet['appearance'];
      'oauth-label'?: string;
      'first-sign-in'?: string;
      'hide-sections'?: boolean;
    };
    properties: Props<EwWallet, 'transport' | 'oidcTokenProvider' | 'strings'>;
  };
  'ew-sign-in': {
    element: EwSignIn;
    attributes: { 'oauth-label'?: string; 'first-sign-in'?: string };
    properties: Props<EwSignIn, 'client' | 'oidcTokenProvider' | 'strings'>;
  };
  'ew-otp-sign-in': {
    element: EwOtpSignIn;
    attributes: { channel?: EwOtpSignIn['channel']; 'credential-id'?: string; 'code-length'?: number | string };
    properties: Props<EwOtpSignIn, 'client' | 'strings'>;
  };
  'ew-passkey-sign-in': {
    element: EwPasskeySignIn;
    attributes: SignInAttributes;
    properties: Props<EwPasskeySignIn, 'client' | 'strings'>;
  };
  'ew-oauth-sign-in': {
    element: EwOAuthSignIn;
    attributes: SignInAttributes;
    properties: Props<EwOAuthSignIn, 'client' | 'oidcTokenProvider' | 'strings'>;
  };
  'ew-approve-quote': {
    element: EwApproveQuote;
    attributes: { locale?: string };
    properties: Props<EwApproveQuote, 'client' | 'quote' | 'strings'>;
  };
  'ew-sessions': {
    element: EwSessions;
    attributes: object;
    properties: Props<EwSessions, 'client' | 'strings'>;
  };
  'ew-credentials': {
    element: EwCredentials;
    attributes: object;
    properties: Props<EwCredentials, 'client' | 'oidcTokenProvider' | 'strings'>;
  };
  'ew-export-wallet': {
    element: EwExportWallet;
    attributes: { 'reveal-seconds'?: number | string };
    properties: Props<EwExportWallet, 'client' | 'strings'>;
  };
  'ew-wallet-overview': {
    element: EwWalletOverview;
    attributes: object;
    properties: Props<EwWalletOverview, 'client' | 'strings'>;
  };
  'ew-account-settings': {
    element: EwAccountSettings;
    attributes: { 'hide-title'?: boolean };
    properties: Props<EwAccountSettings, 'client' | 'strings'>;
  };
}
