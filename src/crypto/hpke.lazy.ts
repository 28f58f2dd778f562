// The HPKE library as a lazy module (src/packaging/lazy-module.ts): the script tag's embedded-wallet-hpke.js.
export * from './hpke-suite.js';
