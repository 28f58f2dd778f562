/**
 * The elements in a React 19 app built by vite from the package's ESM build
 * (dist/index.js), as a partner's bundler would consume it, in the engine
 * `TEST_ENGINE` names (test/helpers/engine): React passes
 * attributes, the `strings` property and `on<event>` listeners, and the user
 * signs in by typing the code.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'vite';
import { testEngine } from '../helpers/engine/index.js';
import { newPageWallet, pageSuite, walletPageUrl } from '../helpers/page-server.js';

describe(`a React 19 page (${testEngine()})`, () => {
  const suite = pageSuite();
  let out: string;

  before(async () => {
    out = await mkdtemp(join(tmpdir(), 'ew-react-'));
    await build({
      configFile: false,
      logLevel: 'warn',
      root: resolve('test/pages/react'),
      // Served under /react/: lazy chunks (the passkey flows) are fetched from there too.
      base: '/react/',
      resolve: { alias: { 'embedded-wallet-elements': resolve('dist/index.js') } },
      define: { 'process.env.NODE_ENV': '"production"' },
      oxc: { jsx: { runtime: 'automatic' } },
      build: {
        outDir: out,
        emptyOutDir: true,
        minify: false,
        rollupOptions: { input: resolve('test/pages/react/main.tsx'), output: { entryFileNames: 'main.js' } },
      },
    });
    suite.server.mount('/react/', out);
  });
  after(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('signs in: attributes configure the wallet, the strings property relabels it, listeners update React state', async () => {
    const { accountId } = await newPageWallet(suite.server, 'react');
    const tab = await suite.newTab(walletPageUrl(suite.server, '/react.html', accountId));
    await tab.click({ role: 'button', name: 'Send me a sign-in code' });
    await tab.type({ css: 'input[autocomplete="one-time-code"]' }, '000000');
    await tab.waitFor({ role: 'status', text: 'Signed in with EMAIL_OTP' });
    await tab.click({ role: 'button', name: 'Sign out' });
    await tab.waitFor({ role: 'status', text: 'Signed out' });
    expect(await tab.problems()).to.deep.equal([]);
  });
});
