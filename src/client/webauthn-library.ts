// The entry of the script tag's embedded-wallet-webauthn.js (scripts/browser-crypto.mjs).
export * from '@simplewebauthn/browser';
