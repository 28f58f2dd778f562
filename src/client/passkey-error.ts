/**
 * The error of a passkey ceremony: its codes and its class, in what a page
 * loads up front so that any layer can tell it apart. Translating WebAuthn
 * failures into it is passkey/ceremony-errors.ts, loaded with the flows.
 */

export type PasskeyErrorCode =
  /** The user dismissed the prompt, or it timed out (browsers do not tell these apart). */
  | 'PASSKEY_CANCELLED'
  /** No WebAuthn in this browser or context. */
  | 'PASSKEY_NOT_SUPPORTED'
  /** The RP id does not fit this page's domain. */
  | 'PASSKEY_WRONG_RP'
  /** Registering a passkey this wallet already has on this authenticator. */
  | 'PASSKEY_ALREADY_REGISTERED'
  /** No authenticator could handle the request. */
  | 'PASSKEY_NO_AUTHENTICATOR'
  /** The service refused a passkey made on this page's origin or for this RP id (the site's setup). */
  | 'CONFIG_PASSKEY_ORIGIN'
  /** Isolated mode: the window a ceremony runs in where the frame may not could not open (pop-ups blocked). */
  | 'POPUP_BLOCKED'
  /** The script tag's embedded-wallet-passkey.js is not served next to the bundle (the site's setup). */
  | 'CONFIG_PASSKEY_FILE'
  /** Anything else; see `cause`. */
  | 'PASSKEY_FAILED';

export class PasskeyError extends Error {
  override readonly name = 'PasskeyError';
  constructor(
    readonly code: PasskeyErrorCode,
    message: string,
    readonly operation: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
