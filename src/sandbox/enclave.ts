/**
 * The sandbox's stand-in for the service's enclaves. Its crypto is Turnkey's
 * published @turnkey/crypto and Node's own `crypto` (OpenSSL), never our
 * src/crypto, so every test where the widget talks to the sandbox is an
 * interoperability test rather than a check of our code against itself.
 *
 * As in production, each bundle kind has its own signing key: OTP target
 * bundles and OTP verification tokens are signed by the "TLS fetcher" key,
 * export bundles by the "signer" key. Clients pin the public halves.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { formatHpkeBuf, generateP256KeyPair, getPublicKey, hpkeDecrypt, hpkeEncrypt } from '@turnkey/crypto';
import { bs58check, uint8ArrayFromHexString } from '@turnkey/encoding';

/** A P-256 signing key of one enclave. */
export interface EnclaveKey {
  privateKey: KeyObject;
  /** Uncompressed SEC1 hex, the form clients pin. */
  publicKeyHex: string;
}

/** Makes a new enclave key, or restores one from a 32-byte hex scalar (stable keys across restarts). */
export function createEnclaveKey(scalarHex?: string): EnclaveKey {
  let privateKey: KeyObject;
  if (scalarHex) {
    const point = Buffer.from(getPublicKey(uint8ArrayFromHexString(scalarHex), false));
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      d: Buffer.from(scalarHex, 'hex').toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    };
    privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
  } else {
    privateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  }
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const publicKeyHex = `04${Buffer.from(jwk.x!, 'base64url').toString('hex')}${Buffer.from(jwk.y!, 'base64url').toString('hex')}`;
  return { privateKey, publicKeyHex };
}

/**
 * An enclave-signed envelope `{version, data, dataSignature, enclaveQuorumPublic}`.
 * OpenSSL's ECDSA does not normalise s, so about half of these signatures are
 * high-S, as production's are.
 */
export function signBundle(key: EnclaveKey, signedData: Record<string, unknown>): string {
  const data = Buffer.from(JSON.stringify(signedData), 'utf8');
  const signature = sign('sha256', data, { key: key.privateKey, dsaEncoding: 'der' });
  return JSON.stringify({
    version: 'v1.0.0',
    data: data.toString('hex'),
    dataSignature: signature.toString('hex'),
    enclaveQuorumPublic: key.publicKeyHex,
  });
}

/** A fresh OTP target key pair; the private half stays in the sandbox. */
export function newOtpTarget(): { privateKey: string; publicKeyUncompressed: string } {
  const pair = generateP256KeyPair();
  return { privateKey: pair.privateKey, publicKeyUncompressed: pair.publicKeyUncompressed };
}

/**
 * Opens an `encryptedOtpBundle` with the target's private key. Returns the
 * plaintext JSON's members, or undefined for anything that does not open or
 * parse (the caller answers 401).
 */
export function openOtpBundle(
  bundle: string,
  targetPrivateKey: string,
): { otpCode: string; publicKey: string } | undefined {
  try {
    const { encappedPublic, ciphertext } = JSON.parse(bundle) as { encappedPublic: string; ciphertext: string };
    const plaintext = hpkeDecrypt({
      ciphertextBuf: uint8ArrayFromHexString(ciphertext),
      encappedKeyBuf: uint8ArrayFromHexString(encappedPublic),
      receiverPriv: targetPrivateKey,
    });
    const parsed = JSON.parse(new TextDecoder().decode(plaintext)) as { otp_code?: unknown; public_key?: unknown };
    if (typeof parsed.otp_code !== 'string' || typeof parsed.public_key !== 'string') return undefined;
    return { otpCode: parsed.otp_code, publicKey: parsed.public_key };
  } catch {
    return undefined;
  }
}

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/**
 * An OTP verification token: a compact ES256 JWT whose claims bind the
 * verification to the client's key (`public_key`) until `exp`, a
 * millisecond-epoch string as the enclave writes it.
 */
export function otpVerificationToken(key: EnclaveKey, claims: Record<string, unknown>): string {
  const signingInput = `${b64url({ alg: 'ES256', kid: 'turnkey', typ: 'JWT' })}.${b64url(claims)}`;
  const signature = sign('sha256', Buffer.from(signingInput), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

/**
 * A new session signing key sealed to the client's uncompressed P-256 key
 * (the sealed session-key mode): base58check of compressed encapsulated key ||
 * ciphertext. Returns the sealed string and the session's compressed public key.
 */
export function sealSessionKey(clientPublicKeyUncompressed: string): { sealed: string; sessionPublicKey: string } {
  const session = generateP256KeyPair();
  const sealed = hpkeEncrypt({
    plainTextBuf: uint8ArrayFromHexString(session.privateKey),
    targetKeyBuf: uint8ArrayFromHexString(clientPublicKeyUncompressed),
  });
  return { sealed: bs58check.encode(sealed), sessionPublicKey: session.publicKey };
}

/** An export bundle: the mnemonic sealed to the client's key, signed by the export enclave key. */
export function exportBundle(
  key: EnclaveKey,
  mnemonic: string,
  clientPublicKeyUncompressed: string,
  organizationId: string,
): string {
  const sealed = JSON.parse(
    formatHpkeBuf(
      hpkeEncrypt({
        plainTextBuf: new TextEncoder().encode(mnemonic),
        targetKeyBuf: uint8ArrayFromHexString(clientPublicKeyUncompressed),
      }),
    ),
  ) as { encappedPublic: string; ciphertext: string };
  return signBundle(key, { ...sealed, organizationId });
}
