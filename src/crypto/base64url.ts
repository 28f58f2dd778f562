import { WalletCryptoError } from './errors.js';

/**
 * base64url without padding (RFC 4648 section 5): the form of the
 * `Service-Wallet-Signature` header and of every WebAuthn field on the wire.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

/** Encodes bytes as unpadded base64url. */
export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/**
 * Decodes unpadded base64url. Refuses padding, the standard alphabet's `+`/`/`,
 * impossible lengths (4n+1) and non-zero trailing bits, so every byte string has
 * exactly one accepted encoding.
 */
export function fromBase64Url(text: string, field = 'base64url'): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string') throw new TypeError(`"${field}" expected a string`);
  if (text.length % 4 === 1) {
    throw new WalletCryptoError('INVALID_BASE64URL', `"${field}" has an impossible length`);
  }
  const values = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? LOOKUP[code]! : -1;
    if (value < 0) {
      throw new WalletCryptoError('INVALID_BASE64URL', `"${field}" has an invalid character at ${i}`);
    }
    values[i] = value;
  }
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 3 < values.length; i += 4) {
    const n = (values[i]! << 18) | (values[i + 1]! << 12) | (values[i + 2]! << 6) | values[i + 3]!;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  const rest = values.length - i;
  if (rest === 2) {
    const n = (values[i]! << 18) | (values[i + 1]! << 12);
    if (n & 0xffff) throw nonCanonical(field);
    out[o++] = n >> 16;
  } else if (rest === 3) {
    const n = (values[i]! << 18) | (values[i + 1]! << 12) | (values[i + 2]! << 6);
    if (n & 0xff) throw nonCanonical(field);
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
  }
  return out;
}

function nonCanonical(field: string): WalletCryptoError {
  return new WalletCryptoError('INVALID_BASE64URL', `"${field}" has non-zero padding bits`);
}
