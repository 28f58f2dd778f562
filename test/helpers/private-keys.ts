/** Every kind of private key the crypto core makes, and a probe for leaks. */
import { generateEncryptionKeyPair, generateSigningKeyPair, publicKeyHex } from '../../src/crypto/index.js';
import { toBase58Check } from '../../src/crypto/hpke/base58check.js';
import { importSigningScalar } from '../../src/crypto/hpke/scalar-import.js';
import { hpkeSeal, openSessionKeyBundle } from '../../src/crypto/hpke/seal-open.js';
import { hexToBytes, p256 } from './enclave.js';

/** Tries every private export format; returns the formats that did NOT reject. */
export async function exportableFormats(key: CryptoKey): Promise<string[]> {
  const leaked: string[] = [];
  for (const format of ['pkcs8', 'jwk', 'raw'] as const) {
    try {
      await crypto.subtle.exportKey(format as 'pkcs8', key);
      leaked.push(format);
    } catch {
      // Expected: InvalidAccessError (non-extractable) or NotSupportedError (raw of a private key).
    }
  }
  return leaked;
}

/** Every kind of private key the core creates or imports. */
export async function everyPrivateKey(): Promise<[string, CryptoKeyPair][]> {
  const recipient = await generateEncryptionKeyPair();
  const sealed = await hpkeSeal(
    p256.utils.randomSecretKey(),
    hexToBytes(await publicKeyHex(recipient.publicKey, 'uncompressed')),
  );
  const bundle = await toBase58Check(
    new Uint8Array([...p256.Point.fromBytes(sealed.encappedPublic).toBytes(true), ...sealed.ciphertext]),
  );
  return [
    ['generated signing key', await generateSigningKeyPair()],
    ['generated encryption key', recipient],
    ['imported scalar', await importSigningScalar(p256.utils.randomSecretKey())],
    ['opened session bundle', await openSessionKeyBundle(bundle, recipient)],
  ];
}
