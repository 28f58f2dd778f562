// The OAuth flows as a lazy module (src/packaging/lazy-module.ts): the script tag's embedded-wallet-oauth.js.
export * from './oauth.js';
