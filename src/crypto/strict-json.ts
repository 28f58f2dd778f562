import { WalletCryptoError } from './errors.js';

/**
 * JSON for values we sign or show. `JSON.parse` keeps the last of two equal
 * keys, while another parser (the service's, a log viewer's) may keep the
 * first: `{"email":"me@x","email":"thief@y"}` would then be checked as one
 * value and applied as the other. So a payload with a repeated key anywhere,
 * after unescaping (`"a"` and `"\u0061"` are the same key), is refused.
 */

/** Throws PAYLOAD_DUPLICATE_KEY when an object in `text` (valid JSON) repeats a key. */
function assertUniqueKeys(text: string, what: string): void {
  // One entry per open container: the keys seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const keys = open.at(-1);
      if (keys && keyNext) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(key)) {
          throw new WalletCryptoError('PAYLOAD_DUPLICATE_KEY', `${what} repeats the key "${key.slice(0, 64)}"`);
        }
        keys.add(key);
        keyNext = false;
      }
      i = end;
    } else if (c === '{') {
      open.push(new Set());
      keyNext = true;
    } else if (c === '[') {
      open.push(null);
      keyNext = false;
    } else if (c === '}' || c === ']') {
      open.pop();
      keyNext = false;
    } else if (c === ',') {
      keyNext = open.at(-1) instanceof Set;
    }
  }
}

/**
 * `JSON.parse` that also refuses repeated object keys. Syntax errors are
 * `failCode` errors naming `what`; a repeated key is PAYLOAD_DUPLICATE_KEY.
 */
export function parseStrictJson(
  text: string,
  what: string,
  failCode: 'PAYLOAD_UNRECOGNISED' | 'BUNDLE_NOT_JSON' = 'PAYLOAD_UNRECOGNISED',
): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new WalletCryptoError(failCode, `${what} is not JSON`, { cause });
  }
  assertUniqueKeys(text, what);
  return value;
}
