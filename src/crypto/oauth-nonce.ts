import { sha256 } from '@noble/hashes/sha2.js';
import { utf8 } from './bytes.js';
import { toHex } from './hex.js';

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  if (typeof text !== 'string') throw new TypeError('sha256Hex expected a string');
  return toHex(sha256(utf8(text)));
}

/**
 * The OIDC `nonce` that binds an id_token to a session key (spec Part 5.7):
 * lowercase hex SHA-256 of the UTF-8 bytes of the exact `clientPublicKey` hex
 * string sent in the same verify call. Hashing the string (not the key bytes)
 * means the hex case and SEC1 form must match what is sent.
 */
export function oauthNonce(clientPublicKeyHex: string): string {
  if (typeof clientPublicKeyHex !== 'string') throw new TypeError('"clientPublicKeyHex" expected a string');
  return sha256Hex(clientPublicKeyHex);
}
