/**
 * The crypto core: pure functions over bytes and WebCrypto keys, no I/O.
 * Runs in browsers and Node 20. Internal to the package: the layers above
 * import from here, partners do not.
 */
export * from './base64url.js';
export * from './bytes.js';
export * from './der.js';
export * from './enclave-keys.js';
export * from './errors.js';
export * from './hex.js';
export * from './keys.js';
export * from './load-hpke.js';
export * from './oauth-nonce.js';
export * from './payload-check.js';
export * from './points.js';
export * from './sha256.js';
export * from './stamp.js';
export * from './subtle.js';
export { base64UrlJson, parseBase64UrlJson } from './json-encoding.js';
export { parseStrictJson } from './strict-json.js';
