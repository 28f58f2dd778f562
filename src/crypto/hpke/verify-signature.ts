import { concatBytes, toArrayBufferBytes } from '../bytes.js';
import { WalletCryptoError } from '../errors.js';
import { P256_ORDER, parsePublicKey } from '../points.js';
import { getSubtle } from '../subtle.js';

/**
 * ECDSA P-256 / SHA-256 verification of enclave signatures, which the bundles
 * carry as ASN.1 DER. The parser is strict (minimal DER only, docs/protocol.md
 * "Enclave bundles") so a signature has exactly one accepted encoding; BER
 * forms, trailing bytes and negative integers are refused. High-S values are
 * accepted on purpose: production enclave signatures are high-S about half the
 * time (the export fixture in test/vectors/turnkey-fixtures.json is one), and
 * WebCrypto, unlike some libraries, does not normalise them away.
 */

function bytesToBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const byte of bytes) n = (n << 8n) | BigInt(byte);
  return n;
}

function invalid(message: string): WalletCryptoError {
  return new WalletCryptoError('INVALID_DER', `signature: ${message}`);
}

/** Reads one strict DER INTEGER at `offset`; returns its content bytes and the next offset. */
function readInteger(der: Uint8Array, offset: number, name: string): [Uint8Array, number] {
  if (der[offset] !== 0x02) throw invalid(`${name} is not an INTEGER`);
  const length = der[offset + 1];
  if (length === undefined || length & 0x80) throw invalid(`${name} length is not in short form`);
  if (length === 0) throw invalid(`${name} is empty`);
  const start = offset + 2;
  const end = start + length;
  if (end > der.length) throw invalid(`${name} runs past the end`);
  if (der[start]! & 0x80) throw invalid(`${name} is negative`);
  if (length > 1 && der[start] === 0 && !(der[start + 1]! & 0x80)) {
    throw invalid(`${name} has a superfluous leading zero`);
  }
  if (length > 33) throw invalid(`${name} is longer than 33 bytes`);
  return [der.subarray(start, end), end];
}

/**
 * An INTEGER's content as 32 bytes. Out-of-range values (zero, or not below
 * n) get their own code: they are well-formed DER but can never be a valid
 * P-256 signature.
 */
function component(value: Uint8Array, name: string): Uint8Array {
  const n = bytesToBigInt(value);
  if (n === 0n || n >= P256_ORDER) {
    throw new WalletCryptoError('SIGNATURE_OUT_OF_RANGE', `signature: ${name} is not in [1, n-1]`);
  }
  // Below n, so below 2^256: at most 32 significant bytes (a 33rd can only be the sign's zero).
  const out = new Uint8Array(32);
  const digits = value.subarray(Math.max(0, value.length - 32));
  out.set(digits, 32 - digits.length);
  return out;
}

/** Parses a strict DER ECDSA signature into raw `r || s`. */
export function derToRaw(der: Uint8Array): Uint8Array {
  if (der.length < 8) throw invalid('too short');
  if (der[0] !== 0x30) throw invalid('is not a SEQUENCE');
  // A P-256 signature is at most 72 bytes, so only the short length form is minimal.
  if (der[1]! & 0x80) throw invalid('SEQUENCE length is not in short form');
  if (der[1] !== der.length - 2) throw invalid('SEQUENCE length does not match the input');
  const [r, afterR] = readInteger(der, 2, 'r');
  const [s, afterS] = readInteger(der, afterR, 's');
  if (afterS !== der.length) throw invalid('has trailing bytes');
  return concatBytes(component(r, 'r'), component(s, 's'));
}

/**
 * Verifies a strict-DER signature over `message` by a SEC1 public key. A
 * malformed key or signature throws its coded error; a well-formed signature
 * that does not verify returns false.
 */
export async function verifyDerSignature(
  publicKey: Uint8Array,
  derSignature: Uint8Array,
  message: Uint8Array,
): Promise<boolean> {
  const { uncompressed } = parsePublicKey(publicKey, 'publicKey');
  return verifyRawSignature(uncompressed, derToRaw(derSignature), message);
}

/** As {@link verifyDerSignature}, for a raw `r || s` (IEEE P1363) signature of 64 bytes. */
export async function verifyRawSignature(
  publicKey: Uint8Array,
  rawSignature: Uint8Array,
  message: Uint8Array,
): Promise<boolean> {
  const { uncompressed } = parsePublicKey(publicKey, 'publicKey');
  // Firefox's WebCrypto verifies a P1363 signature of the wrong size (say r || s with a
  // byte appended) instead of refusing it, as the standard and Chromium do.
  if (rawSignature.length !== 64) return false;
  const subtle = getSubtle();
  const key = await subtle.importKey(
    'raw',
    toArrayBufferBytes(uncompressed),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  return subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    toArrayBufferBytes(rawSignature),
    toArrayBufferBytes(message),
  );
}
