/**
 * A stand-in enclave for tests, written with @noble/curves directly (not our
 * src/crypto), so bundle checks are exercised against an independent signer.
 */
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, hexToBytes } from '@noble/curves/utils.js';

export interface TestEnclave {
  secretKey: Uint8Array;
  /** Uncompressed public key, lowercase hex: what a client pins. */
  publicKeyHex: string;
  /** DER signature (hex) over SHA-256 of `data`; high-S when asked. */
  sign(data: Uint8Array, options?: { highS?: boolean }): string;
}

export function makeEnclave(): TestEnclave {
  const secretKey = p256.utils.randomSecretKey();
  return {
    secretKey,
    publicKeyHex: bytesToHex(p256.getPublicKey(secretKey, false)),
    sign(data, options = {}) {
      let sig = p256.Signature.fromBytes(p256.sign(data, secretKey, { lowS: true }));
      if (options.highS) sig = new p256.Signature(sig.r, p256.Point.Fn.ORDER - sig.s);
      return bytesToHex(sig.toBytes('der'));
    },
  };
}

/** Builds a bundle envelope over `signedData` (a JSON object or raw data bytes). */
export function makeBundle(
  enclave: TestEnclave,
  signedData: Record<string, unknown> | Uint8Array,
  overrides: Partial<Record<'version' | 'data' | 'dataSignature' | 'enclaveQuorumPublic', string>> = {},
  options: { highS?: boolean } = {},
): string {
  const data = signedData instanceof Uint8Array ? signedData : new TextEncoder().encode(JSON.stringify(signedData));
  return JSON.stringify({
    version: 'v1.0.0',
    data: bytesToHex(data),
    dataSignature: enclave.sign(data, options),
    enclaveQuorumPublic: enclave.publicKeyHex,
    ...overrides,
  });
}

/** A fresh random P-256 key pair as hex (secret, uncompressed and compressed public). */
export function randomKeyHex(): { secret: string; uncompressed: string; compressed: string } {
  const sk = p256.utils.randomSecretKey();
  return {
    secret: bytesToHex(sk),
    uncompressed: bytesToHex(p256.getPublicKey(sk, false)),
    compressed: bytesToHex(p256.getPublicKey(sk, true)),
  };
}

export { bytesToHex, hexToBytes, p256 };
