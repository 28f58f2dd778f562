import { concatBytes } from './bytes.js';
import { WalletCryptoError } from './errors.js';
import { P256_ORDER } from './points.js';

/**
 * ECDSA P-256 signatures between the two forms in play: WebCrypto signs and
 * verifies raw `r || s` (IEEE P1363, 64 bytes); the stamp and the enclave
 * bundles carry ASN.1 DER. The parser is strict (minimal DER only,
 * docs/protocol.md "Enclave bundles") so a signature has exactly one accepted encoding; BER
 * forms, trailing bytes and negative integers are refused.
 */

const HALF_ORDER = P256_ORDER >> 1n;
// Byte forms for the stamp's low-S step, which runs on every stamp: compared and subtracted a
// byte at a time, without making BigInts (s is public; this is about speed, not secrecy).
const ORDER_BYTES = bigIntTo32Bytes(P256_ORDER);
const HALF_ORDER_BYTES = bigIntTo32Bytes(HALF_ORDER);

function bytesToBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const byte of bytes) n = (n << 8n) | BigInt(byte);
  return n;
}

function bigIntTo32Bytes(n: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(n & 255n);
    n >>= 8n;
  }
  return out;
}

function invalid(message: string): WalletCryptoError {
  return new WalletCryptoError('INVALID_DER', `signature: ${message}`);
}

/** Minimal DER INTEGER body for a non-negative 32-byte big-endian value. */
function derInteger(value: Uint8Array): Uint8Array {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  const body = value[start]! & 0x80 ? concatBytes(Uint8Array.of(0), value.subarray(start)) : value.subarray(start);
  return concatBytes(Uint8Array.of(0x02, body.length), body);
}

/**
 * Encodes a raw `r || s` signature as minimal DER. Does not change `s`;
 * call {@link toLowS} first where low-S is wanted.
 */
export function rawToDer(raw: Uint8Array): Uint8Array {
  if (raw.length !== 64) throw new RangeError(`raw signature expected 64 bytes, got ${raw.length}`);
  const body = concatBytes(derInteger(raw.subarray(0, 32)), derInteger(raw.subarray(32)));
  return concatBytes(Uint8Array.of(0x30, body.length), body);
}

/** Reads one strict DER INTEGER at `offset`; returns the value and the next offset. */
function readInteger(der: Uint8Array, offset: number, name: string): [bigint, number] {
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
  return [bytesToBigInt(der.subarray(start, end)), end];
}

/**
 * Parses a strict DER ECDSA signature into raw `r || s`. Out-of-range values
 * (zero, or not below n) get their own code: they are well-formed DER but can
 * never be a valid P-256 signature.
 */
export function derToRaw(der: Uint8Array): Uint8Array {
  if (der.length < 8) throw invalid('too short');
  if (der[0] !== 0x30) throw invalid('is not a SEQUENCE');
  // A P-256 signature is at most 72 bytes, so only the short length form is minimal.
  if (der[1]! & 0x80) throw invalid('SEQUENCE length is not in short form');
  if (der[1] !== der.length - 2) throw invalid('SEQUENCE length does not match the input');
  const [r, afterR] = readInteger(der, 2, 'r');
  const [s, afterS] = readInteger(der, afterR, 's');
  if (afterS !== der.length) throw invalid('has trailing bytes');
  for (const [name, v] of [
    ['r', r],
    ['s', s],
  ] as const) {
    if (v === 0n || v >= P256_ORDER) {
      throw new WalletCryptoError('SIGNATURE_OUT_OF_RANGE', `signature: ${name} is not in [1, n-1]`);
    }
  }
  return concatBytes(bigIntTo32Bytes(r), bigIntTo32Bytes(s));
}

/** Returns `r || s` with `s` replaced by `n - s` when it is in the upper half. */
export function toLowS(raw: Uint8Array): Uint8Array {
  if (isLowS(raw)) return raw; // which also checks the length
  const out = raw.slice();
  // s := n - s, from the last byte up, carrying the borrow.
  for (let i = 31, borrow = 0; i >= 0; i--) {
    const d = ORDER_BYTES[i]! - raw[32 + i]! - borrow;
    out[32 + i] = d & 0xff;
    borrow = d < 0 ? 1 : 0;
  }
  return out;
}

/** True when the `s` half of a raw signature is at most n/2. */
export function isLowS(raw: Uint8Array): boolean {
  if (raw.length !== 64) throw new RangeError(`raw signature expected 64 bytes, got ${raw.length}`);
  // Big-endian: the first byte that differs from n/2 decides.
  for (let i = 0; i < 32; i++) {
    const d = raw[32 + i]! - HALF_ORDER_BYTES[i]!;
    if (d !== 0) return d < 0;
  }
  return true;
}
