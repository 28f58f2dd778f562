// Spanish as a lazy module (src/packaging/lazy-module.ts): the script tag's embedded-wallet-strings-es.js.
export { STRINGS_ES } from './es.js';
