// Browser tests: real Chromium (the system's, see scripts/chromium.mjs), real
// WebCrypto and IndexedDB, and the real sandbox + relay mounted on the test
// server at /api (test/harness/wallet-stack.ts). Shared tests (`*.test.ts`)
// also run in Node; `*.node.test.ts` run only there. Run under tsx (npm test
// does) so this config can import the TypeScript sandbox.
import { createServer } from 'node:net';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, ensureChromium } from './scripts/chromium.mjs';
import { VIRTUAL_AUTHENTICATOR } from './test/harness/virtual-authenticator.ts';
import { startWalletStack } from './test/harness/wallet-stack.ts';

/** A free port on 127.0.0.1 (the WebAuthn origin must be known before the server starts). */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = await freePort();
const stack = await startWalletStack(`http://localhost:${port}`);

// @hpke/common falls back to `import("crypto")` when globalThis.crypto is
// missing (old Node). Browsers always take the first branch, but the dev
// server must still resolve the specifier: point it at an empty module.
const nodeCryptoStub = {
  name: 'node-crypto-stub',
  resolveImport({ source }) {
    if (source === 'crypto') return '/test/harness/empty-module.js';
  },
};

// Chromium's virtual authenticator, driven over CDP from the test page's own session.
const cdpSessions = new Map();
const webauthnCommands = {
  name: 'webauthn-commands',
  async executeCommand({ command, payload, session }) {
    if (!command.startsWith('webauthn:')) return undefined;
    let cdp = cdpSessions.get(session.id);
    if (!cdp) {
      const page = session.browser.getPage(session.id);
      cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      cdpSessions.set(session.id, cdp);
    }
    switch (command) {
      case 'webauthn:add-authenticator':
        return cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: { ...VIRTUAL_AUTHENTICATOR, ...payload },
        });
      case 'webauthn:remove-authenticator':
        await cdp.send('WebAuthn.removeVirtualAuthenticator', payload);
        return true;
      case 'webauthn:set-presence':
        await cdp.send('WebAuthn.setAutomaticPresenceSimulation', payload);
        return true;
      default:
        throw new Error(`unknown command ${command}`);
    }
  },
};

export default {
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts'],
  nodeResolve: true,
  port,
  hostname: 'localhost',
  // One file at a time: files share one sandbox, and some move its clock by minutes.
  concurrency: 1,
  testsFinishTimeout: 10 * 60_000,
  middleware: [
    async (ctx, next) => {
      if (await stack.handle(ctx.req, ctx.res)) {
        ctx.respond = false;
        return;
      }
      return next();
    },
  ],
  plugins: [
    nodeCryptoStub,
    webauthnCommands,
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS },
    }),
  ],
  testFramework: { config: { timeout: 60_000 } },
};
