/**
 * Every user-facing string of the elements, in one typed table. Terms that
 * interpolate are functions. Hosts override per element (`el.strings = {...}`)
 * or globally (`setWalletStrings({...})`); a second locale ships as
 * `STRINGS_ES` (strings-es.ts, loaded on first use by `loadWalletStrings`).
 */
import { loadSpanish } from './strings-library.js';
export interface WalletStrings {
  signInTitle: string;
  signInWithEmail: string;
  signInWithSms: string;
  signInWithPasskey: string;
  signInWithOAuth: string;
  sendingCode: string;
  codeSentTo: (destination: string) => string;
  codeLabel: string;
  codeHint: string;
  verify: string;
  verifying: string;
  resend: string;
  resendIn: (seconds: number) => string;
  useAnotherMethod: string;
  waitingForPasskey: string;
  cancel: string;
  signedInAs: (nickname: string) => string;
  sessionTimeLeft: (minutes: number, seconds: number) => string;
  refreshSession: string;
  signOut: string;
  signedOutLocallyOnly: string;
  storageWarning: string;
  loading: string;
  working: string;
  tryAgain: string;
  // Quote approval
  approveTitle: string;
  youSend: string;
  recipientGets: string;
  fees: string;
  rate: string;
  destination: string;
  expiresIn: (minutes: number, seconds: number) => string;
  noQuote: string;
  paymentProcessing: string;
  paymentCompleted: string;
  paymentFailed: string;
  failureReasons: Record<string, string>;
  receiptTitle: string;
  quoteExpired: string;
  approve: string;
  approving: string;
  armHint: string;
  /** Approve stays off in a framed page the host did not allow (clickjacking). */
  framedHint: string;
  reauthToApprove: string;
  /** A quote refused before anything was shown or signed; `field` names what failed its check. */
  quoteRefused: (field: string) => string;
  /** Shown when the host allowed a payment whose payload the wallet cannot read. */
  paymentUnverified: string;
  // Sessions
  sessionsTitle: string;
  thisDevice: string;
  signedInWith: (type: string) => string;
  expiresAt: (time: string) => string;
  revoke: string;
  noSessions: string;
  // Credentials
  credentialsTitle: string;
  addPasskey: string;
  addOAuth: string;
  remove: string;
  removeBlocked: string;
  credentialType: (type: string) => string;
  // Export
  exportTitle: string;
  exportWarning: string;
  exportScriptWarning: string;
  exportConfirm: string;
  reveal: string;
  hide: string;
  copy: string;
  copied: string;
  copyFailed: string;
  balanceLabel: string;
  addressLabel: string;
  /** Under the address: it comes through the site, so the user checks it whole before funding. */
  addressNote: string;
  /** The address's letter case contradicts its checksum: it was altered, so it is not shown. */
  addressRefused: string;
  copyAddress: string;
  showQr: string;
  hideQr: string;
  qrLabel: string;
  refreshWallet: string;
  exportHidden: string;
  // Account settings (<ew-account-settings>)
  accountSettingsTitle: string;
  emailLabel: string;
  phoneLabel: string;
  notSet: string;
  changeEmail: string;
  addEmail: string;
  changePhone: string;
  addPhone: string;
  newEmailLabel: string;
  countryLabel: string;
  /** A country's name in the phone form's list (by default the browser's own, `Intl.DisplayNames`). */
  countryName: (region: string) => string;
  phoneNumberLabel: string;
  /** The exact number that will be sent (E.164). */
  phoneSavedAs: (e164: string) => string;
  save: string;
  saving: string;
  invalidEmail: string;
  invalidPhone: string;
  emailChanged: (email: string) => string;
  phoneChanged: (phone: string) => string;
  verifyWithCode: string;
  contactVerified: string;
  privateWallet: string;
  privateWalletHint: string;
  privacyOn: string;
  privacyOff: string;
  wrongCode: string;
  expiredCode: string;
  /** Per error code overrides of the default messages. */
  answerFailedCheck: string;
  payloadRefused: string;
  errors: Record<string, string>;
}

/** English defaults. */
export const STRINGS_EN: WalletStrings = {
  signInTitle: 'Sign in to your wallet',
  signInWithEmail: 'Email me a code',
  signInWithSms: 'Text me a code',
  signInWithPasskey: 'Sign in with a passkey',
  signInWithOAuth: 'Continue with your account',
  sendingCode: 'Sending a code…',
  codeSentTo: (d) => `We sent a code to ${d}.`,
  codeLabel: 'Verification code',
  codeHint: 'Enter the 6-digit code.',
  verify: 'Verify',
  verifying: 'Checking the code…',
  resend: 'Send a new code',
  resendIn: (s) => `Send a new code in ${s} s`,
  useAnotherMethod: 'Use another method',
  waitingForPasskey: 'Waiting for your passkey…',
  cancel: 'Cancel',
  signedInAs: (n) => `Signed in as ${n}`,
  sessionTimeLeft: (m, s) => `Session ends in ${m}:${String(s).padStart(2, '0')}`,
  refreshSession: 'Stay signed in',
  signOut: 'Sign out',
  signedOutLocallyOnly:
    'Signed out on this device. The session could not be ended at the service; it will expire by itself.',
  storageWarning: 'This device will not remember you after you close this page.',
  loading: 'Loading…',
  working: 'Working…',
  tryAgain: 'Try again',
  approveTitle: 'Approve payment',
  youSend: 'You send',
  recipientGets: 'Recipient gets',
  fees: 'Fees',
  rate: 'Rate',
  destination: 'To',
  expiresIn: (m, s) => `Quote expires in ${m}:${String(s).padStart(2, '0')}`,
  noQuote: 'No payment to approve yet.',
  paymentProcessing: 'Approved. Your payment is on its way…',
  paymentCompleted: 'Payment sent.',
  paymentFailed: 'The payment did not go through.',
  failureReasons: {
    EXECUTION_FAILED: 'It could not be started. Your money was returned.',
    COUNTERPARTY_DELIVERY_FAILED: "The recipient's bank could not receive it. Your money was returned.",
    RETURNED_BY_RECEIVING_BANK: "The recipient's bank sent it back. Your money was returned.",
    USER_CANCELLED: 'It was cancelled. Your money was returned.',
    PAYOUT_AND_REFUND_FAILED: 'It could not be delivered or returned yet. Contact support.',
    INSUFFICIENT_FUNDS: 'Your balance does not cover it.',
    QUOTE_EXPIRED: 'The quote expired before it was sent. Request a new one.',
  },
  receiptTitle: 'Payment',
  quoteExpired: 'This quote has expired. Request a new one.',
  approve: 'Approve',
  approving: 'Signing…',
  armHint: 'The approve button turns on once it has been in view for a moment.',
  framedHint: "For your safety, payments can't be approved inside this frame. Open the page on its own to approve.",
  reauthToApprove: 'Your session has ended. Sign in again to approve.',
  quoteRefused: (field) =>
    `This payment cannot be approved because a detail failed its safety check (${field}). Nothing was signed.`,
  paymentUnverified:
    'The payment details cannot be verified: the wallet cannot read what it would sign. Approve only if you trust this app.',
  sessionsTitle: 'Signed-in devices',
  thisDevice: 'This device',
  signedInWith: (t) => `Signed in with ${t}`,
  expiresAt: (t) => `until ${t}`,
  revoke: 'Sign out device',
  noSessions: 'No active sessions.',
  credentialsTitle: 'Sign-in methods',
  addPasskey: 'Add a passkey',
  addOAuth: 'Link your account',
  remove: 'Remove',
  removeBlocked: 'You are signed in with this method. Sign in with another one to remove it.',
  // A type the widget does not know comes from the relay: named generically, never shown as given.
  credentialType: (t) =>
    Object.entries({
      EMAIL_OTP: 'Email code',
      SMS_OTP: 'Text message code',
      PASSKEY: 'Passkey',
      OAUTH: 'Linked account',
    }).find(([type]) => type === t)?.[1] ?? 'Sign-in method',
  exportTitle: 'Recovery phrase',
  exportWarning:
    'Anyone with these words controls your wallet. Never share them, and only reveal them where no one can see your screen.',
  exportScriptWarning: 'Scripts running on this page can read what is shown here.',
  exportConfirm: 'I understand, show my recovery phrase',
  reveal: 'Reveal recovery phrase',
  hide: 'Hide',
  copy: 'Copy',
  copied: 'Copied to the clipboard.',
  copyFailed: 'Could not copy here: select the text and copy it yourself.',
  balanceLabel: 'Balance',
  addressLabel: 'Wallet address',
  addressNote: 'Check every character before you send funds, and send a small amount first.',
  addressRefused: 'This address failed its checksum and may have been altered. Do not send funds to it.',
  copyAddress: 'Copy address',
  showQr: 'Show QR code',
  hideQr: 'Hide QR code',
  qrLabel: 'QR code of your wallet address',
  refreshWallet: 'Refresh',
  exportHidden: 'The recovery phrase is hidden.',
  accountSettingsTitle: 'Account settings',
  emailLabel: 'Email',
  phoneLabel: 'Phone',
  notSet: 'Not set',
  changeEmail: 'Change email',
  addEmail: 'Add email',
  changePhone: 'Change phone',
  addPhone: 'Add phone',
  newEmailLabel: 'New email',
  countryLabel: 'Country',
  countryName: (r) => new Intl.DisplayNames('en', { type: 'region' }).of(r) ?? r,
  phoneNumberLabel: 'Phone number',
  phoneSavedAs: (n) => `Will be saved as ${n}`,
  save: 'Save',
  saving: 'Saving…',
  invalidEmail: 'Enter an email address such as name@example.com.',
  invalidPhone: 'Enter the whole phone number for the country chosen.',
  emailChanged: (e) => `Your email is now ${e}.`,
  phoneChanged: (p) => `Your phone number is now ${p}.`,
  verifyWithCode: 'Verify with a code',
  contactVerified: 'Verified.',
  privateWallet: 'Private wallet',
  privateWalletHint: "Keeps your wallet's activity private. You can turn this off at any time.",
  privacyOn: 'Your wallet is now private.',
  privacyOff: 'Your wallet is no longer private.',
  wrongCode: 'That code is not right. Check it and try again.',
  expiredCode: 'That code or request has expired. Ask for a new one.',
  answerFailedCheck:
    "The wallet service's answer failed a security check, so nothing was sent. Try again; if it keeps happening, contact support.",
  payloadRefused: 'The request to sign did not match what you asked for, so nothing was signed.',
  errors: {
    PAYLOAD_PARAMETER_MISMATCH:
      'This request was changed on its way and was not signed. Nothing in your wallet changed.',
    PAYLOAD_DUPLICATE_KEY: 'This request was changed on its way and was not signed. Nothing in your wallet changed.',
    SESSION_REPLACED: 'Your session was replaced elsewhere or could not be confirmed. Please sign in again.',
  },
};

let globalStrings: WalletStrings = STRINGS_EN;

/**
 * The strings of `locale` (a BCP 47 tag; its language decides): English at
 * once, Spanish loaded on first use, so pages in English never fetch it (the
 * script tag imports embedded-wallet-strings-es.js from next to the bundle).
 * Other languages answer English: pass your own table to `setWalletStrings`.
 */
export async function loadWalletStrings(locale: string): Promise<WalletStrings> {
  const language = locale.toLowerCase().split('-')[0];
  return language === 'es' ? (await loadSpanish()).STRINGS_ES : STRINGS_EN;
}

/** Replaces strings for every element on the page (merged over English). */
export function setWalletStrings(strings: Partial<WalletStrings>): void {
  globalStrings = { ...STRINGS_EN, ...strings };
  // Elements inside other elements' shadow roots (a wallet's overview, its lists) redraw too.
  const redraw = (root: ParentNode) =>
    root.querySelectorAll('*').forEach((el) => {
      if (el.tagName.startsWith('EW-')) (el as HTMLElement & { requestUpdate?: () => void }).requestUpdate?.();
      if (el.shadowRoot) redraw(el.shadowRoot);
    });
  redraw(document);
}

/** The strings an element uses: global ones with its own overrides on top. */
export function resolveStrings(own: Partial<WalletStrings> | undefined): WalletStrings {
  return own ? { ...globalStrings, ...own } : globalStrings;
}
