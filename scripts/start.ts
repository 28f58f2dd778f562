/**
 * `npm start`: the local sandbox, the relay mounted at /api/, and the demo
 * page (served by Vite) in one command, on 127.0.0.1. Seeds a demo customer
 * with an embedded wallet and prints the URL.
 *
 * Environment: PORT (demo, default 5173; 0 = any free port), SANDBOX_PORT
 * (default 8790; 0 = any).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer as createVite } from 'vite';
import { createRelay, toNodeHandler } from '../src/relay/index.js';
import { startSandbox } from '../src/sandbox/index.js';

const demoPort = Number(process.env['PORT'] ?? 5173);
const sandboxPort = Number(process.env['SANDBOX_PORT'] ?? 8790);
const root = fileURLToPath(new URL('../demo/', import.meta.url));

const server = createServer();
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(demoPort, '127.0.0.1', () => resolve());
});
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;

const sandbox = await startSandbox({
  port: sandboxPort,
  keepAlive: true,
  webauthn: { rpId: 'localhost', origins: [origin] },
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

const relay = createRelay({
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
});
const relayHandler = toNodeHandler(relay);
const demoConfig = {
  customerId: customer['id'],
  accountId: wallets[0]!.id,
  enclaveKeys: sandbox.enclaveKeys,
  otpCode: '000000',
};

const vite = await createVite({
  root,
  configFile: false,
  appType: 'spa',
  logLevel: 'warn',
  server: { middlewareMode: true, hmr: { server } },
});
server.on('request', (request, response) => {
  const url = request.url ?? '/';
  if (url.startsWith('/api/')) return void relayHandler(request, response);
  if (url === '/demo-config.json') {
    response
      .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify(demoConfig));
    return;
  }
  vite.middlewares(request, response);
});

console.log(`Embedded wallet demo: ${origin}/
  relay:   ${origin}/api/ -> sandbox ${sandbox.baseUrl}
  demo customer: demo@example.com (${String(customer['id'])}), wallet ${demoConfig.accountId}
  sandbox OTP code: 000000
Ctrl-C stops everything.`);

const stop = async () => {
  await vite.close();
  server.closeAllConnections();
  server.close();
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
