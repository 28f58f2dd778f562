/**
 * A partner's site for page tests: one 127.0.0.1 origin serving the built
 * script-tag bundle, host pages, and the relay at /api in front of a sandbox.
 * Pages are HTML files from test/pages/fixtures with `{{name}}` filled from
 * the query string (HTML-escaped); under `/csp/` they are served with the
 * strict Content-Security-Policy the README documents.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser } from 'playwright';
import { HOST_CSP } from '../../demo/backend.js';
import { CHROMIUM_ARGS } from '../../scripts/chromium.mjs';
import * as relaySource from '../../src/relay/index.js';
import * as sandboxSource from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { launchEngine, type Engine, type Tab } from './engine/index.js';
import { createWalletCustomer } from './stack.js';

export const BUNDLE = 'dist/browser/embedded-wallet-elements.js';
const FIXTURES = 'test/pages/fixtures';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.css': 'text/css',
};

export interface PageServer {
  origin: string;
  sandbox: Sandbox;
  /** Extra static roots: URL prefix -> directory. */
  mount(prefix: string, dir: string): void;
  /** Paths answered 404 from now on (a file the network failed to deliver); `available` undoes it. */
  unavailable(path: string): void;
  available(path: string): void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The relay and sandbox modules to serve with: the TypeScript sources by
 * default; the bench passes the built ones (dist/), which is what partners run.
 */
export interface ServerModules {
  relay: Pick<typeof relaySource, 'createRelay' | 'toNodeHandler'>;
  sandbox: Pick<typeof sandboxSource, 'startSandbox'>;
}

export async function startPageServer(
  modules: ServerModules = { relay: relaySource, sandbox: sandboxSource },
): Promise<PageServer> {
  const { createRelay, toNodeHandler } = modules.relay;
  const { startSandbox } = modules.sandbox;
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run build\` first (npm test does)`);
  const missing = new Set<string>();
  const mounts = new Map<string, string>([
    ['/dist/', 'dist/browser'],
    ['/fixtures/', FIXTURES],
  ]);

  async function serveFile(res: ServerResponse, file: string, headers: Record<string, string> = {}) {
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  }

  // Set once the sandbox is up (it needs the origin, known after listening).
  const api: { relay?: (req: IncomingMessage, res: ServerResponse) => Promise<void> } = {};
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/api/') && api.relay) return api.relay(req, res);
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
    if (missing.has(url.pathname)) return res.writeHead(404).end('not found');
    const page = url.pathname.match(/^\/(csp\/)?([a-z0-9-]+)\.html$/);
    if (page) {
      let html: string;
      try {
        html = await readFile(join(FIXTURES, `${page[2]}.html`), 'utf8');
      } catch {
        return res.writeHead(404).end('no such page');
      }
      html = html.replace(/\{\{(\w+)\}\}/g, (_, name: string) => escapeHtml(url.searchParams.get(name) ?? ''));
      const headers: Record<string, string> = { 'content-type': TYPES['.html']!, 'cache-control': 'no-store' };
      if (page[1]) headers['content-security-policy'] = HOST_CSP;
      return res.writeHead(200, headers).end(html);
    }
    for (const [prefix, dir] of mounts) {
      if (!url.pathname.startsWith(prefix)) continue;
      const rel = normalize(url.pathname.slice(prefix.length));
      if (rel.startsWith('..')) break;
      return serveFile(res, join(dir, rel));
    }
    res.writeHead(404).end('not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  // `localhost` (still 127.0.0.1) because WebAuthn needs a domain as the relying party id.
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const sandbox = await startSandbox({ webauthn: { rpId: 'localhost', origins: [origin] } });
  api.relay = toNodeHandler(
    createRelay({
      serviceUrl: sandbox.baseUrl,
      credentials: sandbox.credentials,
      basePath: '/api',
      authorize: () => true, // the partner's own session check would go here
      passkeys: {
        rpId: 'localhost',
        rpName: 'Partner page',
        user: ({ accountId }) => ({ id: accountId, name: 'user' }),
      },
    }),
  );
  return {
    origin,
    sandbox,
    mount: (prefix, dir) => void mounts.set(prefix, dir),
    unavailable: (path) => void missing.add(path),
    available: (path) => void missing.delete(path),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}

/** The system Chromium, headless, with the flags the browser tests use (scripts/chromium.mjs); for the bench. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A new customer with its wallet in the page server's sandbox (email `<prefix>-<random>@example.com`). */
export const newPageWallet = (server: PageServer, prefix = 'page') =>
  createWalletCustomer(server.sandbox, { email: `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com` });

/** The URL of fixture `path` set up for `accountId`: the fixtures read the wallet and the enclave pins from the query. */
export function walletPageUrl(server: PageServer, path: string, accountId: string): string {
  const query = new URLSearchParams({
    account: accountId,
    otpTarget: server.sandbox.enclaveKeys.otpTarget,
    exportKey: server.sandbox.enclaveKeys.export,
  });
  return `${server.origin}${path}?${query}`;
}

export interface PageSuite {
  readonly server: PageServer;
  readonly engine: Engine;
  /** A tab on a new device (its own storage), at `url` when given. */
  newTab(url?: string): Promise<Tab>;
}

/**
 * For a page test suite (call it inside `describe`): a page server and the
 * engine `TEST_ENGINE` names, started before the suite's tests and stopped after.
 */
export function pageSuite(): PageSuite {
  let server: PageServer | undefined;
  let engine: Engine | undefined;
  before(async () => {
    [server, engine] = await Promise.all([startPageServer(), launchEngine()]);
  });
  after(async () => {
    await engine?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the page suite is not started: read it inside a test or hook');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get engine() {
      return started(engine);
    },
    async newTab(url) {
      const tab = await (await started(engine).newDevice()).newTab();
      if (url) await tab.goto(url);
      return tab;
    },
  };
}
