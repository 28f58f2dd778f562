import type { WalletErrorCode } from './wallet-error.js';

/**
 * A stable, human-readable default message per code (service codes of spec
 * Part 7 and the client's own), for UIs that have no string of their own.
 * Elements replace these through their strings tables.
 */
export const DEFAULT_MESSAGES: Readonly<Record<string, string>> = {
  UNAUTHORIZED: 'Authentication failed.',
  INVALID_SIGNATURE: 'The request signature was not accepted.',
  WALLET_SIGNATURE_MISSING: 'This action needs your wallet signature.',
  WALLET_SIGNATURE_MALFORMED: 'The wallet signature could not be read.',
  WALLET_SIGNATURE_BODY_MISMATCH: 'The signed request did not match what was approved.',
  WALLET_SIGNATURE_INVALID: 'The wallet signature was not accepted. Sign in again and retry.',
  REQUEST_ID_MISSING: 'The signed request was incomplete.',
  USER_NOT_FOUND: 'The customer was not found.',
  QUOTE_NOT_FOUND: 'The payment quote was not found.',
  TRANSACTION_NOT_FOUND: 'The transaction was not found.',
  INVITATION_NOT_FOUND: 'The invitation was not found.',
  LOOKUP_REQUEST_NOT_FOUND: 'The lookup request was not found.',
  TOKEN_NOT_FOUND: 'The token was not found.',
  BULK_UPLOAD_JOB_NOT_FOUND: 'The upload job was not found.',
  REFERENCE_NOT_FOUND: 'The reference was not found.',
  UMA_NOT_FOUND: 'No receiver exists at that address.',
  STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND: 'The stablecoin provider account was not found.',
  SERVICE_SWITCH_ERROR: 'The payment service had a problem. Try again shortly.',
  INTERNAL_ERROR: 'The wallet service had a problem. Try again shortly.',
  METHOD_NOT_ALLOWED: 'That action is not allowed.',
  INVALID_INPUT: 'Some information was not valid.',
  RATE_LIMITED: 'Too many attempts. Wait a moment and try again.',
  FORBIDDEN: 'You are not allowed to use this wallet.',
  NOT_FOUND: 'Not found.',
  PAYLOAD_TOO_LARGE: 'The request was too large.',
  UPSTREAM_TIMEOUT: 'The wallet service did not answer in time. Try again.',
  UPSTREAM_UNAVAILABLE: 'The wallet service cannot be reached right now.',
  NETWORK_ERROR: 'You appear to be offline. Check your connection and try again.',
  // The site's setup, not the user's doing: said plainly; the details go to the developer (ew-error, console).
  RELAY_NOT_FOUND: 'The wallet is not available on this site right now.',
  RELAY_MISCONFIGURED: 'The wallet is not available on this site right now.',
  CONFIG_CSP_CONNECT_SRC: 'The wallet is not available on this site right now.',
  CONFIG_MISSING_ATTRIBUTE: 'The wallet is not available on this site right now.',
  CONFIG_INVALID_ATTRIBUTE: 'The wallet is not available on this site right now.',
  CONFIG_CONFLICTING_WALLETS: 'The wallet is not available on this site right now.',
  CONFIG_PASSKEY_ORIGIN: 'Passkeys cannot be used on this page. Use another way to sign in.',
  CONFIG_PASSKEY_FILE: 'Passkeys cannot be used on this page. Use another way to sign in.',
  CONFIG_BUNDLE_FILE: 'The wallet is not available on this site right now.',
  RELAY_UNREACHABLE: 'The wallet could not be reached. Check your connection and try again.',
  TIMEOUT: 'The request took too long. Try again.',
  INVALID_RESPONSE: 'The wallet service sent an unexpected answer.',
  NOT_SIGNED_IN: 'Sign in to continue.',
  SESSION_EXPIRED: 'Your session has expired. Sign in again.',
  SESSION_REPLACED: 'Your session ended on another device or could not be renewed. Sign in again.',
  PAYLOAD_PARAMETER_MISMATCH: 'This request was changed on its way and was not signed. Nothing in your wallet changed.',
  PAYLOAD_DUPLICATE_KEY: 'This request was changed on its way and was not signed. Nothing in your wallet changed.',
  ACCOUNT_CHANGED: 'Your wallet session changed in another tab. Review and try again.',
  NO_OTHER_CREDENTIAL: 'To remove this sign-in method, sign in with a different one first.',
  QUOTE_EXPIRED: 'This quote has expired. Request a new one.',
  QUOTE_NOT_SIGNABLE: 'This payment cannot be approved from this wallet.',
  WRONG_CREDENTIAL_TYPE: 'That sign-in method cannot be used here.',
  OUTCOME_UNKNOWN: 'We could not confirm whether that worked. Check and try again.',
  NOT_CONFIRMED: 'The wallet service said this was done, but your wallet does not show it. Check and try again.',
  CHALLENGE_EXPIRED: 'That took too long. Try again.',
  ABORTED: 'Cancelled.',
  PASSKEY_CANCELLED: 'The passkey request was cancelled or timed out.',
  PASSKEY_NOT_SUPPORTED: 'This browser does not support passkeys.',
  PASSKEY_WRONG_RP: 'This passkey does not belong to this site.',
  PASSKEY_ALREADY_REGISTERED: 'This passkey is already registered.',
  PASSKEY_NO_AUTHENTICATOR: 'No passkey was found on this device.',
  PASSKEY_FAILED: 'The passkey could not be used.',
};

/** The default message for `code`, or a generic one. */
export function defaultMessage(code: WalletErrorCode): string {
  // Own members only: a code is the service's (or a relay's) text, `constructor` included.
  return (Object.hasOwn(DEFAULT_MESSAGES, code) && DEFAULT_MESSAGES[code]) || 'Something went wrong. Try again.';
}
