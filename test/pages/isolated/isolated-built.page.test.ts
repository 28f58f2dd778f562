/**
 * Isolated mode as a partner ships it, from the build: the host page (its own
 * strict CSP, `frame-src` naming the frame) loads dist/browser/embedded-wallet-host.js;
 * the frame origin serves dist/frame/ with frameHeaders(), its frame.json and
 * the relay. Two origins of one server (`localhost` and `127.0.0.1`), in the
 * engine TEST_ENGINE names: the frame handshakes, draws the wallet under its
 * own CSP and Trusted Types, sizes itself, and says `ew-ready` on the host, with
 * no page problem; opened on its own, the frame page explains itself and draws
 * no wallet. (The sign-in inside the frame is driven by keyboard in
 * test/host-elements/isolated-wallet.browser.test.ts.)
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HOST_CSP } from '../../../demo/backend.js';
import { createRelay, frameHeaders, toNodeHandler } from '../../../src/relay/index.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { launchEngine, testEngine, type Engine } from '../../helpers/engine/index.js';
import { createWalletCustomer } from '../../helpers/stack.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.map': 'application/json',
};

/** A script of the partner's page, before the host script: it records the wallet's events (ew-ready does not bubble: capture). */
const RECORD_EVENTS = `window.__heard = [];
for (const name of ['ew-ready', 'ew-load-error', 'ew-error'])
  document.addEventListener(name, (event) => window.__heard.push((name + ' ' + (event.detail?.code ?? '')).trim()), true);`;

interface Site {
  page: string;
  frame: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** The partner's page on `localhost`, its wallet frame (and relay) on `127.0.0.1`: two origins of one server. */
async function isolatedSite(): Promise<Site> {
  const sandbox = await startSandbox({ webauthn: { rpId: 'localhost', origins: [] } });
  const relay = toNodeHandler(
    createRelay({
      serviceUrl: sandbox.baseUrl,
      credentials: sandbox.credentials,
      basePath: '/api',
      authorize: () => true,
    }),
  );
  const origins = { page: '', frame: '' };
  const send = (res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer) =>
    res.writeHead(status, { 'cache-control': 'no-store', ...headers }).end(body);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const origin = `http://${req.headers.host}`;
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
    if (origin === origins.frame) {
      const headers = frameHeaders({ parentOrigins: [origins.page] });
      if (url.pathname.startsWith('/api/')) return relay(req, res);
      if (url.pathname === '/wallet-frame/frame.json')
        return send(res, 200, { ...headers, 'content-type': 'application/json' }, JSON.stringify(frameJson()));
      const rel = normalize(url.pathname.replace(/^\/wallet-frame\//, '') || 'index.html');
      if (!url.pathname.startsWith('/wallet-frame/') || rel.startsWith('..')) return send(res, 404, {}, 'not found');
      const file = join('dist/frame', url.pathname.endsWith('/') ? 'index.html' : rel);
      return send(res, 200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'text/plain' }, await readFile(file));
    }
    if (origin === origins.page && url.pathname === '/')
      return send(
        res,
        200,
        { 'content-type': TYPES['.html']!, 'content-security-policy': `${HOST_CSP}; frame-src ${origins.frame}` },
        hostPage(),
      );
    if (origin === origins.page && url.pathname === '/record.js')
      return send(res, 200, { 'content-type': TYPES['.js']! }, RECORD_EVENTS);
    if (origin === origins.page && url.pathname === '/embedded-wallet-host.js')
      return send(res, 200, { 'content-type': TYPES['.js']! }, await readFile('dist/browser/embedded-wallet-host.js'));
    send(res, 404, {}, 'not found');
  };
  let account = { accountId: '', customerId: '' };
  const frameJson = () => ({
    v: 1,
    parentOrigins: [origins.page],
    attributes: {
      'api-base': '/api',
      'otp-target-key': sandbox.enclaveKeys.otpTarget,
      'export-key': sandbox.enclaveKeys.export,
    },
  });
  const hostPage = () => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" /><title>Shop</title>
    <script src="/record.js"></script>
    <script src="/embedded-wallet-host.js" defer></script>
  </head>
  <body>
    <ew-wallet frame="${origins.frame}/wallet-frame/" account-id="${account.accountId}" customer-id="${account.customerId}" hide-sections></ew-wallet>
  </body>
</html>`;
  const server = createServer((req, res) => void handle(req, res).catch(() => res.writeHead(500).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  origins.page = `http://localhost:${port}`;
  origins.frame = `http://127.0.0.1:${port}`;
  account = await createWalletCustomer(sandbox, { email: `isolated-${crypto.randomUUID().slice(0, 8)}@example.com` });
  return {
    ...origins,
    sandbox,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}

describe(`isolated mode from the build (${testEngine()})`, () => {
  let site: Site;
  let engine: Engine;
  before(async () => {
    [site, engine] = await Promise.all([isolatedSite(), launchEngine()]);
  });
  after(async () => {
    await engine?.close();
    await site?.close();
  });

  it('the host script frames the wallet: handshake, ew-ready on the host, the frame sized, no page problem', async () => {
    const tab = await (await engine.newDevice()).newTab();
    await tab.goto(`${site.page}/`);
    await tab.waitUntil(
      'ew-ready from the frame',
      () => (window as unknown as { __heard: string[] }).__heard.length > 0,
      undefined,
      20_000,
    );
    expect(await tab.evaluate(() => (window as unknown as { __heard: string[] }).__heard)).to.deep.equal(['ew-ready']);
    await tab.waitUntil(
      'the frame sized to the wallet',
      () => document.querySelector('ew-wallet')!.getBoundingClientRect().height > 100,
    );
    // The host page holds no wallet: no client, no key storage of its own.
    expect(
      await tab.evaluate(async () => ({
        client: (document.querySelector('ew-wallet') as unknown as { client?: unknown }).client ?? null,
        databases: 'databases' in indexedDB ? (await indexedDB.databases()).length : 0,
      })),
    ).to.deep.equal({ client: null, databases: 0 });
    expect(await tab.problems()).to.deep.equal([]);
  });

  it('opened on its own, the frame page explains itself and draws no wallet', async () => {
    const tab = await (await engine.newDevice()).newTab();
    await tab.goto(`${site.frame}/wallet-frame/`);
    await tab.waitFor({ text: 'This page shows a wallet inside the app that uses it.' });
    expect(await tab.count({ css: 'ew-wallet' })).to.equal(0);
  });
});
