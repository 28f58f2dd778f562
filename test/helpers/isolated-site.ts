/**
 * Isolated mode as a partner serves it, from the build, for page tests and the
 * bench: one server on 127.0.0.1 answering as two origins. The partner's page
 * (`localhost`, or `shop.site.localhost` for two hosts of one site) carries the strict CSP with `frame-src` naming the frame and
 * loads dist/browser/embedded-wallet-host.js after a small script that records
 * the wallet's events (`window.__heard`, with `window.__readyAt` on the page's
 * clock); the frame origin (`127.0.0.1`, or `wallet.site.localhost`) serves dist/frame/ with frameHeaders(),
 * its frame.json, and the relay (with frameOrigin) in front of a sandbox.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { HOST_CSP } from '../../demo/backend.js';
import * as relaySource from '../../src/relay/index.js';
import * as sandboxSource from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { createWalletCustomer } from './stack.js';

/** The relay and sandbox to serve with: the sources by default; the bench passes the built ones. */
export interface IsolatedModules {
  relay: Pick<typeof relaySource, 'createRelay' | 'frameHeaders' | 'toNodeHandler'>;
  sandbox: Pick<typeof sandboxSource, 'startSandbox'>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.map': 'application/json',
};

/** A script of the partner's page, before the host script: it records the wallet's events (ew-ready does not bubble: capture). */
const RECORD_EVENTS = `window.__heard = [];
for (const name of ['ew-ready', 'ew-load-error', 'ew-error'])
  document.addEventListener(name, (event) => {
    if (name === 'ew-ready') window.__readyAt ??= performance.now();
    window.__heard.push((name + ' ' + (event.detail?.code ?? '')).trim());
  }, true);`;

export interface IsolatedSite {
  page: string;
  frame: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** The host names of the page and of its frame: two sites by default, or two hosts of one site. */
export const SITE_HOSTS = {
  crossSite: { page: 'localhost', frame: '127.0.0.1' },
  /** The recommended set-up (docs/isolated-mode.md): the frame on a subdomain of the page's site. */
  sameSite: { page: 'shop.site.localhost', frame: 'wallet.site.localhost' },
};

/** The partner's page and its wallet frame (and relay) on two host names (`hosts`) of one server. */
export async function isolatedSite(
  modules: IsolatedModules = { relay: relaySource, sandbox: sandboxSource },
  hosts = SITE_HOSTS.crossSite,
): Promise<IsolatedSite> {
  const { createRelay, frameHeaders, toNodeHandler } = modules.relay;
  const { startSandbox } = modules.sandbox;
  const sandbox = await startSandbox({ webauthn: { rpId: 'localhost', origins: [] } });
  // Made once the origins are known: it takes sign-ins from the frame's origin only.
  const api: { relay?: ReturnType<typeof toNodeHandler> } = {};
  const origins = { page: '', frame: '' };
  const send = (res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer) =>
    res.writeHead(status, { 'cache-control': 'no-store', ...headers }).end(body);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const origin = `http://${req.headers.host}`;
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
    if (origin === origins.frame) {
      const headers = frameHeaders({ parentOrigins: [origins.page] });
      if (url.pathname.startsWith('/api/')) return api.relay!(req, res);
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
  origins.page = `http://${hosts.page}:${port}`;
  origins.frame = `http://${hosts.frame}:${port}`;
  api.relay = toNodeHandler(
    createRelay({
      serviceUrl: sandbox.baseUrl,
      credentials: sandbox.credentials,
      basePath: '/api',
      authorize: () => true, // the partner's own session check would go here
      frameOrigin: origins.frame,
    }),
  );
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
