import { concatBytes, toArrayBufferBytes, utf8 } from '../bytes.js';
import type { EnclaveTrust } from '../enclave-keys.js';
import { exportPublicKey } from '../keys.js';
import { compressPublicKey } from '../points.js';
import { randomBytes } from '../subtle.js';
import { toBase58Check } from './base58check.js';
import { parseTargetBundle } from './enclave-bundle.js';
import { hpkeSeal, openSessionKeyBundle } from './seal-open.js';

/**
 * Pre-warming: the first OTP seal or session-bundle open on a page
 * costs several times a later one. Most of it is one-time work: the engine
 * compiling the HPKE, HKDF and point code on first run, and WebCrypto setting
 * up each algorithm it meets for the first time. The product has a moment to
 * pay that before the user waits on it: while the user types the code (OTP),
 * and while the sign-in request is out (the session bundle). These functions
 * spend that moment running the same code paths once on throwaway data, so the
 * real call that follows runs warm.
 *
 * What they never do: keep or send anything they make (every key and
 * ciphertext is dropped), change what the real call does (it repeats every
 * check from scratch), or fail. They always resolve; a failure here (a bundle
 * that does not verify, a key of the wrong kind) is met again by the real call,
 * which reports it as its own typed error.
 */

/** `{"otp_code","public_key"}` with a 6-digit code and a compressed key: the real plaintext's size. */
const OTP_PLAINTEXT_BYTES = utf8(JSON.stringify({ otp_code: '000000', public_key: '0'.repeat(66) })).length;

/**
 * Warms `sealOtpBundle` for this target bundle: verifies the bundle against
 * the pin (JSON, hex, point and ECDSA paths), then seals zero bytes of the
 * real plaintext's size to its target (HPKE suite, KEM, HKDF, AES-GCM). The
 * ciphertext is discarded. Always resolves.
 */
export async function prewarmOtpSeal(targetBundle: string, trust: EnclaveTrust): Promise<void> {
  try {
    const target = await parseTargetBundle(targetBundle, trust);
    await hpkeSeal(new Uint8Array(OTP_PLAINTEXT_BYTES), target);
  } catch {
    // The real seal verifies and seals again, and reports what failed here.
  }
}

/**
 * Warms `openSessionKeyBundle` for `recipient` (the ECDH pair whose
 * public key goes out as `clientPublicKey`): seals a throwaway random scalar
 * to that key in the legacy format (base58check of compressed encapsulated key
 * and ciphertext) and opens it, which runs every step of the real open:
 * checksum, point decompression, HPKE open, the scalar's native import and its
 * self-check. The resulting key pair is dropped. Always resolves.
 */
export async function prewarmSessionKeyOpen(recipient: CryptoKeyPair): Promise<void> {
  const scalar = randomBytes(32);
  try {
    const recipientPublic = await exportPublicKey(recipient.publicKey, 'uncompressed');
    const sealed = await hpkeSeal(scalar, recipientPublic);
    const bundle = await toBase58Check(
      toArrayBufferBytes(concatBytes(compressPublicKey(sealed.encappedPublic), sealed.ciphertext)),
    );
    await openSessionKeyBundle(bundle, recipient);
  } catch {
    // The real open runs every step again and reports what failed here.
  } finally {
    scalar.fill(0);
  }
}
