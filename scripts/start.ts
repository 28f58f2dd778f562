/**
 * `npm start`: the local sandbox, the relay mounted at /api/, the demo's own
 * backend at /demo-api/, and the demo page (served by Vite) in one command,
 * on 127.0.0.1. Builds the script-tag bundle the page loads, seeds a demo
 * customer with an embedded wallet and prints the URL.
 *
 * Isolated mode (`/?mode=isolated`): the wallet's frame page, served on a second
 * port of localhost (another origin, the same site) with its own relay, which
 * takes sign-ins from that origin only.
 *
 * Environment: PORT (demo, default 5173; 0 = any free port), FRAME_PORT (the
 * frame origin, default 0 = any), SANDBOX_PORT (default 8790; 0 = any).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { build, createServer as createVite } from 'vite';
import { createDemoBackend, DEMO_CSP } from '../demo/backend.js';
import { createRelay, frameHeaders, toNodeHandler, type RelayOptions } from '../src/relay/index.js';
import { standInAuthorization, startSandbox } from '../src/sandbox/index.js';
import { parseHostHeader } from '../src/protocol/host-header.js';
import { writeFramePage } from './frame-page-files.mjs';

const demoPort = Number(process.env['PORT'] ?? 5173);
const sandboxPort = Number(process.env['SANDBOX_PORT'] ?? 8790);
const root = fileURLToPath(new URL('../demo/', import.meta.url));

// The page loads the widget as partners do: the built script-tag bundle, built
// into a private folder so a running demo never races `npm run build` over dist/.
const widgetDir = `${await mkdtemp(join(tmpdir(), 'ew-demo-widget-'))}/`;
await build({ mode: 'iife', logLevel: 'warn', build: { outDir: widgetDir, emptyOutDir: true } });
// Isolated mode's host script beside it, and its frame page in a folder of its own.
const frameDir = join(widgetDir, 'frame');
await build({ mode: 'host', logLevel: 'warn', build: { outDir: widgetDir } });
await build({ mode: 'frame', logLevel: 'warn', build: { outDir: frameDir } });
await build({ mode: 'approval', logLevel: 'warn', build: { outDir: frameDir } });
await build({ mode: 'passkey', logLevel: 'warn', build: { outDir: frameDir } });
await build({ mode: 'oauth', logLevel: 'warn', build: { outDir: frameDir } });
writeFramePage({ from: widgetDir, to: frameDir });

// Timeouts a local wallet call needs, in seconds: a client that dribbles its
// headers or body is cut off promptly instead of holding a connection for
// Node's default five minutes. Node checks them once per interval.
async function listen(port: number): Promise<{ server: Server; origin: string }> {
  const server = createServer({ headersTimeout: 10_000, requestTimeout: 15_000, connectionsCheckingInterval: 1_000 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}
const { server, origin } = await listen(demoPort);
const { server: frameServer, origin: frameOrigin } = await listen(Number(process.env['FRAME_PORT'] ?? 0));

const sandbox = await startSandbox({
  port: sandboxPort,
  keepAlive: true,
  // Isolated mode's passkeys are made in the cross-origin frame, under the demo's page only.
  webauthn: { rpId: 'localhost', origins: [origin, frameOrigin], topOrigins: [origin] },
  log: (line) => console.error(line),
});

async function platform(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Basic ${btoa(`${sandbox.credentials.username}:${sandbox.credentials.password}`)}`,
      'content-type': 'application/json',
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Record<string, unknown>;
}

// A demo customer, so the page has a wallet to sign in to from the first second.
const customer = await platform('POST', '/customers', {
  customerType: 'INDIVIDUAL',
  email: 'demo@example.com',
  phoneNumber: '+14155550123',
  fullName: 'Demo User',
});
const wallets = (await platform('GET', `/customers/internal-accounts?customerId=${customer['id'] as string}`))[
  'data'
] as { id: string }[];
// Its email and SMS sign-in registered up front, as a partner's backend may do at sign-up. Customers
// made on the page start bare: their first "send me a code" registers the credential (docs/sandbox.md, "Wallets, sign-in and sessions").
for (const type of ['EMAIL_OTP', 'SMS_OTP'])
  await platform('POST', '/auth/credentials', { type, accountId: wallets[0]!.id });

const relayOptions: RelayOptions = {
  serviceUrl: sandbox.baseUrl,
  credentials: sandbox.credentials,
  basePath: '/api',
  // Demo only: one local user may act on every sandbox wallet. A partner's
  // hook checks that its signed-in user owns `accountId`.
  authorize: () => true,
  passkeys: {
    rpId: 'localhost',
    rpName: 'Embedded Wallet Demo',
    user: ({ accountId }) => ({ id: accountId, name: 'demo@example.com' }),
  },
};
const relayHandler = toNodeHandler(createRelay(relayOptions));
// The frame origin's relay: the same, taking sign-ins and signed requests from the frame only.
const frameRelayHandler = toNodeHandler(createRelay({ ...relayOptions, frameOrigin }));
const backend = createDemoBackend(
  sandbox,
  { issuer: 'https://oidc.sandbox.embedded-wallet.test', audience: 'demo-app' },
  { frameUrl: `${frameOrigin}/` },
);

/**
 * Names the demo answers to. Its relay lets anyone act on every sandbox
 * wallet, so a page of another name that resolves here (DNS rebinding) must not reach it.
 */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The request's path, or undefined when the target or Host is malformed or not a loopback name. */
function requestPath(request: IncomingMessage): string | undefined {
  const host = parseHostHeader(request.headers.host);
  if (!host || !LOOPBACK_NAMES.has(host.hostname)) return undefined;
  try {
    // An absolute-form target (`GET http://host/path`) is routed by its path, like an origin-form one.
    return new URL(request.url ?? '/', 'http://demo').pathname;
  } catch {
    return undefined;
  }
}

// Vite's HMR listener parses an upgrade's target with `new URL` outside any
// try (vite 8.3, hmrServerWsListener): one `GET *%zz` with `Upgrade:` threw
// and ended the process. It also leaves every upgrade that is not its own
// open forever. So it listens on a stand-in server that never listens, and
// gets only the upgrades that are its WebSocket; the rest are refused here.
const hmrUpgrades = createServer();
server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
  socket.on('error', () => socket.destroy());
  const protocol = request.headers['sec-websocket-protocol'];
  if (requestPath(request) === '/' && (protocol === 'vite-hmr' || protocol === 'vite-ping'))
    return void hmrUpgrades.emit('upgrade', request, socket, head);
  socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
});

const vite = await createVite({
  root,
  configFile: false,
  appType: 'spa',
  logLevel: 'warn',
  server: { middlewareMode: true, hmr: { server: hmrUpgrades } },
});

/** The handlers never reject by contract; should one, the request ends here rather than the process. */
const settle = (work: Promise<unknown>, response: ServerResponse) =>
  void work.catch((error: unknown) => {
    console.error('npm start: a request failed:', error);
    response.destroy();
  });

server.on('request', (request, response) => {
  const path = requestPath(request);
  if (path === undefined) {
    return void response.writeHead(400, { 'content-type': 'application/json', connection: 'close' }).end(
      JSON.stringify({
        message: 'The request target is malformed, or the Host is not localhost, 127.0.0.1 or [::1]',
      }),
    );
  }
  if (path.startsWith('/api/')) return settle(relayHandler(request, response), response);
  if (path.startsWith('/demo-api/')) return settle(backend.handle(request, response), response);
  if (path === '/favicon.ico') return void response.writeHead(204).end();
  // The test identity provider of isolated mode's OAuth (the frame's window asks it; it consents at once).
  if (path === '/oidc/authorize') {
    const query = new URL(request.url ?? '/', origin).searchParams;
    const nowSeconds = Math.floor(sandbox.clock.now() / 1000);
    const answer = standInAuthorization(query, { redirectOrigins: [frameOrigin], nowSeconds, subject: 'demo-user' });
    if (answer.status === 302) return void response.writeHead(302, { location: answer.location }).end();
    return void response.writeHead(400, { 'content-type': 'text/plain' }).end(answer.message);
  }
  if (path.startsWith('/widget/')) {
    const file = path.slice('/widget/'.length);
    if (!/^[\w.-]+$/.test(file)) return void response.writeHead(404).end();
    return void readFile(`${widgetDir}${file}`).then(
      (body) =>
        response
          .writeHead(200, { 'content-type': file.endsWith('.map') ? 'application/json' : 'text/javascript' })
          .end(body),
      () => response.writeHead(404).end(),
    );
  }
  // The page may frame the wallet's frame origin (isolated mode), and nothing else.
  response.setHeader('content-security-policy', `${DEMO_CSP}; frame-src ${frameOrigin}`);
  vite.middlewares(request, response);
});

/** The frame origin: its relay, its frame.json, and the frame page's files, with frameHeaders(). */
const frameFiles = new Set(await readdir(frameDir));
const frameConfig = JSON.stringify({
  v: 1,
  parentOrigins: [origin],
  attributes: {
    'api-base': '/api',
    'otp-target-key': sandbox.enclaveKeys.otpTarget,
    'export-key': sandbox.enclaveKeys.export,
  },
  oauth: {
    authorizationUrl: `${origin}/oidc/authorize`,
    clientId: 'demo-app',
    label: 'Continue with the test identity provider',
  },
});
const headers = frameHeaders({ parentOrigins: [origin] });
frameServer.on('request', (request, response) => {
  const path = requestPath(request);
  if (path?.startsWith('/api/')) return settle(frameRelayHandler(request, response), response);
  if (path === '/frame.json')
    return void response.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(frameConfig);
  const file = path === '/' ? 'index.html' : path?.slice(1);
  if (!file || !frameFiles.has(file)) return void response.writeHead(404).end();
  const type = file.endsWith('.html')
    ? 'text/html; charset=utf-8'
    : file.endsWith('.map')
      ? 'application/json'
      : 'text/javascript';
  void readFile(join(frameDir, file)).then(
    (body) => response.writeHead(200, { ...headers, 'content-type': type }).end(body),
    () => response.writeHead(404).end(),
  );
});

console.log(`Embedded wallet demo: ${origin}/
  isolated mode: ${origin}/?mode=isolated (the wallet's frame: ${frameOrigin}/)
  relay:   ${origin}/api/ -> sandbox ${sandbox.baseUrl}
  demo customer: demo@example.com (${String(customer['id'])}), wallet ${wallets[0]!.id}
  sandbox OTP code: 000000
Ctrl-C stops everything.`);

const stop = async () => {
  await vite.close();
  for (const each of [server, frameServer]) {
    each.closeAllConnections();
    each.close();
  }
  await sandbox.close();
  await rm(widgetDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
