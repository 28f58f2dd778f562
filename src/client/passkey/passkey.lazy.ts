// The passkey flows as a lazy module (src/packaging/lazy-module.ts): the script tag's embedded-wallet-passkey.js.
export * from './passkey.js';
