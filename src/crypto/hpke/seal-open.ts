import type { CipherSuite } from '@hpke/core';
import { concatBytes, fromUtf8, toArrayBufferBytes, utf8 } from '../bytes.js';
import type { EnclaveTrust } from '../enclave-keys.js';
import { WalletCryptoError } from '../errors.js';
import { toHex } from '../hex.js';
import { exportPublicKey } from '../keys.js';
import { parsePublicKey, decompressPublicKey } from '../points.js';
import { decodeBase58Check } from './base58check.js';
import { parseExportBundle, parseTargetBundle } from './enclave-bundle.js';
import { importSigningScalar } from './scalar-import.js';
import { hpkeCipherSuite } from './suite.js';

/**
 * HPKE as the service's enclaves use it (docs/protocol.md, "HPKE"): RFC 9180
 * base mode, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM, `info` =
 * "turnkey_hpke", and AAD = encapsulated key || recipient key, both 65-byte
 * uncompressed. The AAD binding is not part of RFC 9180; it is the enclaves'
 * convention and both sides must apply it.
 */

/** The `info` string of every HPKE context. */
export const HPKE_INFO: Uint8Array<ArrayBuffer> = utf8('turnkey_hpke');

// One suite per page, made on first use: it remembers the key schedule's public constants (suite.ts).
let sharedSuite: CipherSuite | undefined;
const suite = (): CipherSuite => (sharedSuite ??= hpkeCipherSuite());

/** A sealed message: 65-byte uncompressed encapsulated key and AEAD ciphertext with tag. */
export interface HpkeSealed {
  encappedPublic: Uint8Array;
  ciphertext: Uint8Array;
}

/** Seals `plaintext` to a validated uncompressed P-256 recipient key. */
export async function hpkeSeal(plaintext: Uint8Array, recipientPublic: Uint8Array): Promise<HpkeSealed> {
  const recipient = parsePublicKey(recipientPublic, 'recipientPublic', 'uncompressed').uncompressed;
  const hpke = suite();
  const recipientKey = await hpke.kem.deserializePublicKey(toArrayBufferBytes(recipient));
  const sender = await hpke.createSenderContext({ recipientPublicKey: recipientKey, info: HPKE_INFO });
  const enc = new Uint8Array(sender.enc);
  const ciphertext = await sender.seal(toArrayBufferBytes(plaintext), toArrayBufferBytes(concatBytes(enc, recipient)));
  return { encappedPublic: enc, ciphertext: new Uint8Array(ciphertext) };
}

/**
 * Opens a sealed message with the recipient's ECDH key pair. Any failure
 * of the decryption (invalid encapsulated key, wrong recipient, a flipped
 * bit) is `DECRYPT_FAILED`; nothing is returned unless the AEAD tag verified.
 */
export async function hpkeOpen(sealed: HpkeSealed, recipient: CryptoKeyPair): Promise<Uint8Array> {
  const enc = parsePublicKey(sealed.encappedPublic, 'encappedPublic', 'uncompressed').uncompressed;
  const recipientPublic = await exportPublicKey(recipient.publicKey, 'uncompressed');
  const hpke = suite();
  try {
    const context = await hpke.createRecipientContext({
      recipientKey: recipient,
      enc: toArrayBufferBytes(enc),
      info: HPKE_INFO,
    });
    const plaintext = await context.open(
      toArrayBufferBytes(sealed.ciphertext),
      toArrayBufferBytes(concatBytes(enc, recipientPublic)),
    );
    return new Uint8Array(plaintext);
  } catch (cause) {
    throw new WalletCryptoError('DECRYPT_FAILED', 'HPKE: the bundle does not open with this key', { cause });
  }
}

/** What the OTP sealing needs. */
export interface SealOtpOptions {
  /** The code the user typed (digits, already normalised). */
  otpCode: string;
  /** The TEK public key, hex; the service binds the session to it. */
  publicKey: string;
  /** `otpEncryptionTargetBundle` from the challenge answer. */
  targetBundle: string;
  /** Pin for OTP target bundles (the TLS-fetcher key in production). */
  trust: EnclaveTrust;
}

/**
 * Builds `encryptedOtpBundle`: verifies the target bundle, then seals
 * `{"otp_code","public_key"}` to its `targetPublic`. The result is the JSON
 * string `{"encappedPublic","ciphertext"}` (hex members). Nothing is encrypted
 * unless the bundle verified.
 */
export async function sealOtpBundle(options: SealOtpOptions): Promise<string> {
  const { otpCode, publicKey, targetBundle, trust } = options;
  if (typeof otpCode !== 'string' || otpCode === '') throw new TypeError('"otpCode" expected a non-empty string');
  if (typeof publicKey !== 'string') throw new TypeError('"publicKey" expected a hex string');
  const target = await parseTargetBundle(targetBundle, trust);
  const plaintext = utf8(JSON.stringify({ otp_code: otpCode, public_key: publicKey }));
  try {
    const sealed = await hpkeSeal(plaintext, target);
    return JSON.stringify({ encappedPublic: toHex(sealed.encappedPublic), ciphertext: toHex(sealed.ciphertext) });
  } finally {
    plaintext.fill(0);
  }
}

/**
 * Opens the legacy `encryptedSessionSigningKey`: base58check of a 33-byte
 * compressed encapsulated key || ciphertext, sealed to `recipient` (the ECDH
 * pair whose uncompressed public key was sent as `clientPublicKey`). The
 * 32-byte scalar inside is imported as a non-extractable ECDSA pair and wiped.
 */
export async function openSessionKeyBundle(bundle: string, recipient: CryptoKeyPair): Promise<CryptoKeyPair> {
  const { payload: raw, verified } = decodeBase58Check(bundle, 'encryptedSessionSigningKey');
  // The checksum is checked while the bundle is opened; nothing opened is returned unless it holds.
  const opened = openSessionKey(raw, recipient);
  const [checksum, key] = await Promise.allSettled([verified, opened]);
  if (checksum.status === 'rejected') throw checksum.reason;
  if (key.status === 'rejected') throw key.reason;
  return key.value;
}

async function openSessionKey(raw: Uint8Array, recipient: CryptoKeyPair): Promise<CryptoKeyPair> {
  // 33-byte key + at least the 16-byte GCM tag.
  if (raw.length < 33 + 16) {
    throw new WalletCryptoError('BUNDLE_MALFORMED', `session key bundle: ${raw.length} bytes is too short`);
  }
  const encappedPublic = await decompressPublicKey(raw.subarray(0, 33), 'encappedPublic');
  const scalar = await hpkeOpen({ encappedPublic, ciphertext: raw.subarray(33) }, recipient);
  if (scalar.length !== 32) {
    scalar.fill(0);
    throw new WalletCryptoError('BAD_PLAINTEXT', `session key bundle: expected a 32-byte key, got ${scalar.length}`);
  }
  return importSigningScalar(scalar);
}

/** What opening an export bundle needs. */
export interface OpenExportOptions {
  /** `encryptedWalletCredentials` from the export answer. */
  bundle: string;
  /** The fresh ECDH pair whose public key was sent with the export request. */
  recipient: CryptoKeyPair;
  /** Pin for export bundles (the signer key in production). */
  trust: EnclaveTrust;
  /** When given, the signed `organizationId` must equal it. */
  organizationId?: string;
}

/** Verifies and opens an export bundle; returns the BIP-39 mnemonic. */
export async function openExportBundle(options: OpenExportOptions): Promise<string> {
  const payload = await parseExportBundle(options.bundle, options.trust);
  // An unsigned bundle (the hosted sandbox's, under its explicit option) states nothing to hold it to.
  if (options.organizationId !== undefined && payload.signed && payload.organizationId !== options.organizationId) {
    throw new WalletCryptoError('BUNDLE_WRONG_ORGANIZATION', 'export bundle: signed for another organization');
  }
  const plaintext = await hpkeOpen(payload, options.recipient);
  try {
    return fromUtf8(plaintext);
  } catch (cause) {
    throw new WalletCryptoError('BAD_PLAINTEXT', 'export bundle: the plaintext is not UTF-8', { cause });
  } finally {
    plaintext.fill(0);
  }
}
