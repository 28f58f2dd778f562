/**
 * Test-only key import: turns a known private scalar (from a fixture or an
 * oracle library) into a non-extractable ECDH pair, as the client's own
 * recipient keys are. Uses JWK so it shares no code with src/crypto/keys.ts.
 */
import { p256 } from '@noble/curves/nist.js';
import { hexToBytes } from '@noble/curves/utils.js';

function b64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function importEcdhPair(secretHex: string): Promise<CryptoKeyPair> {
  const secret = hexToBytes(secretHex);
  const pub = p256.getPublicKey(secret, false);
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(pub.subarray(1, 33)), y: b64url(pub.subarray(33)) };
  const alg = { name: 'ECDH', namedCurve: 'P-256' };
  const privateKey = await crypto.subtle.importKey('jwk', { ...jwk, d: b64url(secret) }, alg, false, ['deriveBits']);
  const publicKey = await crypto.subtle.importKey('jwk', jwk, alg, true, []);
  return { privateKey, publicKey };
}

/** Asserts that a promise rejects with a WalletCryptoError-like `code`. */
export async function rejectsWithCode(promise: Promise<unknown> | (() => unknown), code: string): Promise<void> {
  let error: unknown;
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (e) {
    error = e;
  }
  if (!error) throw new Error(`expected a rejection with code ${code}, but it resolved`);
  const found = (error as { code?: unknown }).code;
  if (found !== code) {
    throw new Error(`expected code ${code}, got ${String(found)}: ${(error as Error).message}`, { cause: error });
  }
}
