import { utf8 } from './bytes.js';
import { toHex } from './hex.js';
import { getSubtle } from './subtle.js';

/**
 * SHA-256 from WebCrypto: native, and no hash code in the partner's bundle.
 * Every caller is already inside an async flow, so the promise costs nothing.
 */
export async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await getSubtle().digest('SHA-256', bytes));
}

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text`. */
export async function sha256Hex(text: string): Promise<string> {
  if (typeof text !== 'string') throw new TypeError('sha256Hex expected a string');
  return toHex(await sha256(utf8(text)));
}
