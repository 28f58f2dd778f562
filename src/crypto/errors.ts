/**
 * The one error type of the crypto layer. Bad data (a malformed bundle, a
 * wrong signature, a tampered ciphertext), and code it needs that did not
 * load, are reported with a stable `code`; programmer errors (wrong argument
 * types or lengths) stay `TypeError` / `RangeError`, so a caller can
 * tell a bug in its own code from bad data it was handed.
 */

/** Every way the crypto core can refuse data. */
export type CryptoErrorCode =
  /** A hex string has an odd length or a non-hex character. */
  | 'INVALID_HEX'
  /** A base64url string has a character outside the URL-safe alphabet or an impossible length. */
  | 'INVALID_BASE64URL'
  /** A base58 string has a character outside the Bitcoin alphabet. */
  | 'INVALID_BASE58'
  /** A base58check payload's 4-byte double-SHA-256 checksum does not match. */
  | 'BAD_CHECKSUM'
  /** A signature is not a minimal (strict) DER `SEQUENCE { INTEGER r, INTEGER s }`. */
  | 'INVALID_DER'
  /** r or s is zero or not below the group order. */
  | 'SIGNATURE_OUT_OF_RANGE'
  /** A public key is not a valid SEC1 encoding of a point on P-256. */
  | 'INVALID_PUBLIC_KEY'
  /** A private scalar is zero, not below the group order, or not 32 bytes. */
  | 'INVALID_PRIVATE_KEY'
  /** A bundle (or its `data`) is not JSON. */
  | 'BUNDLE_NOT_JSON'
  /** A bundle lacks a required member or a member has the wrong type. */
  | 'BUNDLE_MALFORMED'
  /** A target bundle's signed data carries no `targetPublic`. */
  | 'BUNDLE_MISSING_TARGET'
  /** The bundle's `enclaveQuorumPublic` is not the pinned enclave key. */
  | 'ENCLAVE_KEY_NOT_PINNED'
  /** The enclave signature over `data` does not verify. */
  | 'BAD_BUNDLE_SIGNATURE'
  /** An export bundle was signed for another organization than the expected one. */
  | 'BUNDLE_WRONG_ORGANIZATION'
  /** HPKE decryption failed: wrong key, tampered ciphertext or encapsulated key. */
  | 'DECRYPT_FAILED'
  /** A decrypted plaintext is not what the bundle kind promises (length, UTF-8). */
  | 'BAD_PLAINTEXT'
  /** A payload to sign is in no format this client recognises. */
  | 'PAYLOAD_UNRECOGNISED'
  /** An activity payload's `type` is not one the operation allows. */
  | 'PAYLOAD_WRONG_TYPE'
  /** A payload names a public key other than the one this client generated. */
  | 'PAYLOAD_WRONG_KEY'
  /** An OTP verification token is past its `exp`. */
  | 'PAYLOAD_EXPIRED'
  /** A payload states a parameter other than what the operation asked for, or one it does not know (`field` names it). */
  | 'PAYLOAD_PARAMETER_MISMATCH'
  /** A JSON payload repeats a key: parsers disagree on which value wins, so it is never signed. */
  | 'PAYLOAD_DUPLICATE_KEY'
  /** An imported private key's native signature does not verify under the public key derived for it. */
  | 'KEY_SELF_CHECK_FAILED'
  /** The engine cannot import a session key natively and the @noble/curves fallback module did not load. */
  | 'P256_FALLBACK_UNAVAILABLE'
  /**
   * A lazy file did not load (src/packaging/lazy-module.ts): on the script tag,
   * embedded-wallet-hpke.js (say) is not served next to the bundle, or is of
   * another version (the site's setup).
   */
  | 'CONFIG_BUNDLE_FILE'
  /** WebCrypto (`crypto.subtle`) is not available (insecure context or old runtime). */
  | 'WEBCRYPTO_UNAVAILABLE';

/** A refusal of data by the crypto core, with a stable `code` and the original `cause` if any. */
export class WalletCryptoError extends Error {
  override readonly name = 'WalletCryptoError';
  readonly code: CryptoErrorCode;
  /** The payload field at fault (a dotted path such as `parameters.email`), when one is. */
  readonly field: string | undefined;

  constructor(code: CryptoErrorCode, message: string, options?: { cause?: unknown; field?: string }) {
    super(message, options);
    this.code = code;
    this.field = options?.field;
  }
}

/** True when `error` is a {@link WalletCryptoError}, optionally with the given code. */
export function isWalletCryptoError(error: unknown, code?: CryptoErrorCode): error is WalletCryptoError {
  return error instanceof WalletCryptoError && (code === undefined || error.code === code);
}
