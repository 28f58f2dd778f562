import { WalletCryptoError } from './errors.js';

/**
 * The single accessor for WebCrypto. Browsers only expose `crypto.subtle` in
 * secure contexts (https or localhost); failing here with a coded error beats a
 * `TypeError: cannot read properties of undefined` deep inside a flow.
 */
export function getSubtle(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    throw new WalletCryptoError(
      'WEBCRYPTO_UNAVAILABLE',
      'WebCrypto is not available: the page must be served over https (or from localhost)',
    );
  }
  return subtle;
}

/** Fills a new array with `length` cryptographically random bytes. */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  globalThis.crypto.getRandomValues(out);
  return out;
}
