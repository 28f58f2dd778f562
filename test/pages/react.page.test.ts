/**
 * The elements in a React 19 app built by vite from the package's ESM build
 * (dist/index.js), as a partner's bundler would consume it: React passes
 * attributes, the `strings` property and `on<event>` listeners, and the user
 * signs in by typing the code.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright';
import { build } from 'vite';
import {
  launchChromium,
  newPageWallet,
  startPageServer,
  walletPageUrl,
  watchPage,
  type PageServer,
} from '../helpers/page-server.js';

describe('a React 19 page', () => {
  let server: PageServer;
  let browser: Browser;
  let out: string;

  before(async () => {
    out = await mkdtemp(join(tmpdir(), 'ew-react-'));
    await build({
      configFile: false,
      logLevel: 'warn',
      root: resolve('test/pages/react'),
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
    server = await startPageServer();
    server.mount('/react/', out);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('signs in: attributes configure the wallet, the strings property relabels it, listeners update React state', async () => {
    const page = await browser.newPage();
    const { problems } = await watchPage(page);
    const { accountId } = await newPageWallet(server, 'react');
    await page.goto(walletPageUrl(server, '/react.html', accountId));
    await page.getByRole('button', { name: 'Send me a sign-in code' }).click();
    await page.locator('input[autocomplete="one-time-code"]').pressSequentially('000000');
    await page.getByRole('status').filter({ hasText: 'Signed in with EMAIL_OTP' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('status').filter({ hasText: 'Signed out' }).waitFor();
    expect(problems).to.deep.equal([]);
    await page.close();
  });
});
