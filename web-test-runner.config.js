// Browser tests: real Chromium (the system's, see scripts/chromium.mjs),
// real WebCrypto and IndexedDB. Shared tests (`*.test.ts`) also run in Node;
// `*.node.test.ts` run only there.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, ensureChromium } from './scripts/chromium.mjs';

// @hpke/common falls back to `import("crypto")` when globalThis.crypto is
// missing (old Node). Browsers always take the first branch, but the dev
// server must still resolve the specifier: point it at an empty module.
const nodeCryptoStub = {
  name: 'node-crypto-stub',
  resolveImport({ source }) {
    if (source === 'crypto') return '/test/harness/empty-module.js';
  },
};

export default {
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  testsFinishTimeout: 10 * 60_000,
  plugins: [nodeCryptoStub, esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' })],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS },
    }),
  ],
  testFramework: { config: { timeout: 60_000 } },
};
