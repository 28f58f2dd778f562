import { concatBytes } from './bytes.js';
import { P256_ORDER } from './points.js';

/**
 * The stamp's ECDSA P-256 signature: WebCrypto signs raw `r || s` (IEEE
 * P1363, 64 bytes), the stamp carries it as minimal ASN.1 DER with a low `s`.
 * Reading DER (the enclave bundles' signatures) is hpke/verify-signature.ts.
 */

const HALF_ORDER = P256_ORDER >> 1n;
// Byte forms for the stamp's low-S step, which runs on every stamp: compared and subtracted a
// byte at a time, without making BigInts (s is public; this is about speed, not secrecy).
const ORDER_BYTES = bigIntTo32Bytes(P256_ORDER);
const HALF_ORDER_BYTES = bigIntTo32Bytes(HALF_ORDER);

function bigIntTo32Bytes(n: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(n & 255n);
    n >>= 8n;
  }
  return out;
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
