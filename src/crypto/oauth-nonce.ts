import { sha256Hex } from './sha256.js';

/**
 * The OIDC `nonce` that binds an id_token to a session key (docs/protocol.md, "Sign-in flows"):
 * lowercase hex SHA-256 of the UTF-8 bytes of the exact `clientPublicKey` hex
 * string sent in the same verify call. Hashing the string (not the key bytes)
 * means the hex case and SEC1 form must match what is sent.
 */
export async function oauthNonce(clientPublicKeyHex: string): Promise<string> {
  if (typeof clientPublicKeyHex !== 'string') throw new TypeError('"clientPublicKeyHex" expected a string');
  return sha256Hex(clientPublicKeyHex);
}
