import { fromBase64Url, toBase64Url } from './base64url.js';
import { fromUtf8, utf8 } from './bytes.js';
import { WalletCryptoError } from './errors.js';
import { parseStrictJson } from './strict-json.js';

/** base64url(UTF-8(JSON)): the shape of stamps and of JWT segments. */
export function base64UrlJson(value: unknown): string {
  return toBase64Url(utf8(JSON.stringify(value)));
}

/**
 * The inverse of {@link base64UrlJson}. Bad base64url keeps its own code;
 * invalid UTF-8 or JSON is reported with `failCode`, a repeated key as
 * PAYLOAD_DUPLICATE_KEY.
 */
export function parseBase64UrlJson(
  text: string,
  field: string,
  failCode: 'BUNDLE_NOT_JSON' | 'PAYLOAD_UNRECOGNISED',
): unknown {
  const bytes = fromBase64Url(text, field);
  let json: string;
  try {
    json = fromUtf8(bytes);
  } catch (cause) {
    throw new WalletCryptoError(failCode, `"${field}" is not UTF-8 JSON`, { cause });
  }
  return parseStrictJson(json, `"${field}"`, failCode);
}
