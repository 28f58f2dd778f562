/**
 * The shape of the elements' words: one typed table per locale (en.ts,
 * es.ts). Terms that interpolate are functions. `errors` holds the user's
 * words for every error code the widget can show; the client's errors carry
 * only codes and developer messages.
 */
import type {
  ClientErrorCode,
  CryptoErrorCode,
  PasskeyErrorCode,
  RelayErrorCode,
  ServiceErrorCode,
} from '../../client/index.js';
import type { WindowErrorCode, SetupErrorCode } from '../shared/error-info.js';

/** Every code an element can show: the client's and service's, the relay's, the crypto core's, passkeys', the page setup's. */
export type ShownErrorCode =
  | ServiceErrorCode
  | RelayErrorCode
  | ClientErrorCode
  | CryptoErrorCode
  | PasskeyErrorCode
  | SetupErrorCode
  | WindowErrorCode
  /** An error without a code of ours (a bug, or a code a relay invented): said generically. */
  | 'UNKNOWN';

/** The systems this device is told apart as (sessions/device.ts). */
export type DeviceSystem = 'iphone' | 'android' | 'mac' | 'windows' | 'chromeos' | 'linux' | 'other';

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
  /** The wallet's landmark name, and the signed-in view's heading (read by screen readers, focused on sign-in). */
  walletLabel: string;
  walletHeading: string;
  /** Said by the wallet's live region once a session starts. */
  signedInNotice: string;
  /** Why the session ended (`ew-signed-out`'s `cause`: signed-out, expired, revoked, other-tab, replaced). */
  sessionEnded: (cause: string) => string;
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
  /** The receipt's rows: when its status last changed, and the quote's id. */
  receiptTime: string;
  receiptReference: string;
  copyReference: string;
  /** What to do after a failed payment. */
  paymentFailedNext: string;
  /** Closes the receipt. */
  done: string;
  /** Between the first sign-in method and the others. */
  or: string;
  quoteExpired: string;
  approve: string;
  approving: string;
  armHint: string;
  /** Approve stays off in a framed page the host did not allow (clickjacking). */
  framedHint: string;
  /** While the payment waits for its confirmation window (isolated mode, docs/isolated-mode.md). */
  confirmInWindow: string;
  reauthToApprove: string;
  /** A quote refused before anything was shown or signed; `field` names what failed its check. */
  quoteRefused: (field: string) => string;
  /** Shown when the host allowed a payment whose payload the wallet cannot read. */
  paymentUnverified: string;
  /** Who asks for the approval: the host's `app-name`, or the page's host name. */
  requestedBy: (app: string) => string;
  /** How the service compared the payee's name with the account holder's (its `beneficiaryVerificationStatus`). */
  nameCheck: (check: string) => string;
  /** The disclosure that says what the signature covers. */
  paymentDetails: string;
  /** Which shown facts the signature commits to, and which come from the wallet service alone. */
  signatureCovers: string;
  // Sessions
  sessionsTitle: string;
  thisDevice: string;
  signedInWith: (type: string) => string;
  expiresAt: (time: string) => string;
  revoke: string;
  /** Asked before another device is signed out; then its button, its progress, and what was done. */
  revokeQuestion: string;
  revokeYes: string;
  revoking: string;
  revoked: string;
  noSessions: string;
  // Credentials
  credentialsTitle: string;
  addPasskey: string;
  addOAuth: string;
  remove: string;
  /** Asked before a sign-in method is removed; then its button, its progress, and what was done. */
  removeQuestion: string;
  removeYes: string;
  removing: string;
  removed: string;
  removeBlocked: string;
  credentialType: (type: string) => string;
  /** When a sign-in method was added; `date` is already formatted for the locale. */
  addedOn: (date: string) => string;
  /** A system's name as users say it (sessions/device.ts tells which this device runs). */
  systemName: (system: DeviceSystem) => string;
  /** This device in the list of signed-in devices: "Chrome on Mac"; `browser` may be undefined. */
  deviceName: (browser: string | undefined, system: string) => string;
  /** Another device, which the service does not describe. */
  otherDevice: string;
  /** When a session started; `time` is already formatted for the locale. */
  signedInAt: (time: string) => string;
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
  /** How fresh the balance is: read `minutesAgo` minutes ago (0: just now); relative time in the table's language. */
  balanceUpdated: (minutesAgo: number) => string;
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
  /** A phone refused as incomplete for the country chosen. */
  invalidPhone: string;
  /** A phone refused as no number of the country chosen (`country`: its name). */
  phoneNotValid: (country: string) => string;
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
  /** What the user reads for each error code: complete in every locale (the type enforces it). */
  errors: Record<ShownErrorCode, string>;
}

/** A host's overrides: any term, and any error's words (merged over the locale's). */
export type WalletStringOverrides = Partial<Omit<WalletStrings, 'errors'>> & {
  errors?: Partial<WalletStrings['errors']>;
};
