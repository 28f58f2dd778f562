// A Vite/Rolldown plugin for browser builds: @hpke/common falls back to
// `import('crypto')` only where `globalThis.crypto` is missing (old Node).
// Browsers always have it, so the import is answered with the global instead
// of a Node shim (and without the "externalized for browser" warning).
export const browserCrypto = {
  name: 'browser-crypto',
  enforce: 'pre',
  resolveId: (id) => (id === 'crypto' ? '\0browser-crypto' : null),
  load: (id) => (id === '\0browser-crypto' ? 'export const webcrypto = globalThis.crypto;' : null),
};
