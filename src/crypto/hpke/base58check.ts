import { concatBytes, equalBytes } from '../bytes.js';
import { WalletCryptoError } from '../errors.js';
import { sha256 } from '../sha256.js';

/**
 * base58check with the Bitcoin alphabet: payload || first 4 bytes of
 * SHA-256(SHA-256(payload)). The legacy `encryptedSessionSigningKey` uses it
 * (docs/protocol.md, "HPKE"). Bundles are ~100 bytes, so the quadratic
 * big-number conversion below costs microseconds.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const LOOKUP = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

/** Encodes bytes in base58 (leading zero bytes become leading `1`s). */
export function toBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // Base-58 digits, least significant first.
  const digits: number[] = [];
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!;
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! << 8;
      digits[j] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = (carry / 58) | 0;
    }
  }
  let out = '1'.repeat(zeros);
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i]!]!;
  return out;
}

/** Decodes base58 (leading `1`s become leading zero bytes). */
export function fromBase58(text: string, field = 'base58'): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string') throw new TypeError(`"${field}" expected a string`);
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  // Bytes, least significant first.
  const bytes: number[] = [];
  for (let i = zeros; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let carry = code < 128 ? LOOKUP[code]! : -1;
    if (carry < 0) {
      throw new WalletCryptoError('INVALID_BASE58', `"${field}" has an invalid character at ${i}`);
    }
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58;
      bytes[j] = carry & 255;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 255);
      carry >>= 8;
    }
  }
  const out = new Uint8Array(zeros + bytes.length);
  for (let i = 0; i < bytes.length; i++) out[out.length - 1 - i] = bytes[i]!;
  return out;
}

async function checksum(payload: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return (await sha256(await sha256(payload))).subarray(0, 4);
}

/** Encodes `payload` with its 4-byte double-SHA-256 checksum appended. */
export async function toBase58Check(payload: Uint8Array<ArrayBuffer>): Promise<string> {
  return toBase58(concatBytes(payload, await checksum(payload)));
}

/**
 * Decodes base58check and returns the payload without its checksum at once,
 * with `verified`, which rejects with BAD_CHECKSUM when the checksum is
 * wrong. For a caller that works on the payload while the checksum (two
 * hashes) is checked, and uses nothing it made unless `verified` resolves.
 */
export function decodeBase58Check(
  text: string,
  field = 'base58check',
): { payload: Uint8Array<ArrayBuffer>; verified: Promise<void> } {
  const raw = fromBase58(text, field);
  if (raw.length < 4) {
    throw new WalletCryptoError('BAD_CHECKSUM', `"${field}" is too short to carry a checksum`);
  }
  const payload = raw.slice(0, raw.length - 4);
  const verified = checksum(payload).then((sum) => {
    if (!equalBytes(raw.subarray(raw.length - 4), sum)) {
      throw new WalletCryptoError('BAD_CHECKSUM', `"${field}" has a bad base58check checksum`);
    }
  });
  return { payload, verified };
}

/** Decodes base58check and verifies the checksum; returns the payload without it. */
export async function fromBase58Check(text: string, field = 'base58check'): Promise<Uint8Array<ArrayBuffer>> {
  const { payload, verified } = decodeBase58Check(text, field);
  await verified;
  return payload;
}
