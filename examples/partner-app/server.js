// Starts the partner app: `node server.js` (Express 5) or `node server.js --hono`.
// With SERVICE_URL, API_TOKEN_ID, API_CLIENT_SECRET, OTP_TARGET_KEY and EXPORT_KEY
// it talks to the payments service (SANDBOX=1: a sandbox started on its own,
// whose wallets it funds); without them it starts the local sandbox
// (embedded-wallet-elements/sandbox, a development dependency) and pays with
// test money. PORT picks the port (default 3000; 0: any free one). Only the
// framework it runs is imported, so an app with one of them installed runs.
import { createServer } from 'node:http';
import { createPartner } from './partner.js';

const hono = process.argv.includes('--hono');
const server = createServer();
await new Promise((resolve) => server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', resolve));
// WebAuthn needs a domain, so the pages are at localhost (127.0.0.1 here).
const origin = `http://localhost:${server.address().port}`;

async function connectService() {
  if (process.env.SERVICE_URL)
    return {
      serviceUrl: process.env.SERVICE_URL,
      credentials: { username: process.env.API_TOKEN_ID, password: process.env.API_CLIENT_SECRET },
      enclaveKeys: { otpTarget: process.env.OTP_TARGET_KEY, export: process.env.EXPORT_KEY },
      sandbox: process.env.SANDBOX === '1',
    };
  const { startSandbox } = await import('embedded-wallet-elements/sandbox');
  const sandbox = await startSandbox({ webauthn: { rpId: 'localhost', origins: [origin] } });
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const { baseUrl: serviceUrl, credentials, enclaveKeys } = sandbox;
  return { serviceUrl, credentials, enclaveKeys, sandbox: true };
}

const service = await connectService();
const partner = createPartner(service);
if (hono) {
  const [{ getRequestListener }, { honoApp }] = await Promise.all([import('@hono/node-server'), import('./hono.js')]);
  server.on('request', getRequestListener(honoApp({ service, partner, origin }).fetch));
} else {
  const { expressApp } = await import('./express.js');
  server.on('request', expressApp({ service, partner, origin }));
}
console.log(`Partner app (${hono ? 'Hono' : 'Express 5'}): ${origin}/ and ${origin}/esm/`);
