/**
 * Every use of @hpke/core (and, through it, @hpke/common), kept in a module
 * of its own so it loads only when something is sealed or opened, never for
 * the first paint: the ESM build reaches it by a dynamic import (a chunk of
 * its own), the script-tag bundle by importing embedded-wallet-hpke.js from
 * next to itself (this module, built alone by scripts/browser-crypto.mjs).
 * Only hpke-library.ts and hpke-library-script-tag.ts load it.
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';

/**
 * A new cipher suite as the service's enclaves use it (PROTOCOL.md,
 * "Encodings"): RFC 9180 DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM.
 */
export function hpkeCipherSuite(): CipherSuite {
  return new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
}
