// @simplewebauthn/browser as a lazy module (src/packaging/lazy-module.ts): the script tag's embedded-wallet-webauthn.js.
export * from '@simplewebauthn/browser';
