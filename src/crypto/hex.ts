import { WalletCryptoError } from './errors.js';

/** Lowercase hex, two characters a byte, no `0x` prefix: the service's form everywhere. */

const HEX_DIGITS = '0123456789abcdef';
/** Each byte's two digits: one string append per byte (every stamp hexes its signature). */
const BYTE_HEX = Array.from({ length: 256 }, (_, byte) => HEX_DIGITS[byte >> 4]! + HEX_DIGITS[byte & 15]!);

/** Encodes bytes as lowercase hex. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += BYTE_HEX[bytes[i]!]!;
  return out;
}

function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

/**
 * Decodes hex (either case). `field` names the value in the error message so a
 * refusal says which member of which bundle was bad.
 */
export function fromHex(hex: string, field = 'hex'): Uint8Array<ArrayBuffer> {
  if (typeof hex !== 'string') throw new TypeError(`"${field}" expected a string`);
  if (hex.length % 2 !== 0) {
    throw new WalletCryptoError('INVALID_HEX', `"${field}" has an odd number of hex digits`);
  }
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = nibble(hex.charCodeAt(2 * i));
    const lo = nibble(hex.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) {
      throw new WalletCryptoError('INVALID_HEX', `"${field}" has a non-hex character at ${2 * i}`);
    }
    out[i] = (hi << 4) | lo;
  }
  return out;
}
