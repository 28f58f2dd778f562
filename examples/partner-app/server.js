// Starts the partner app: `node server.js` (Express 5) or `node server.js --hono`.
// With SERVICE_URL, API_TOKEN_ID, API_CLIENT_SECRET, OTP_TARGET_KEY and EXPORT_KEY
// it talks to the payments service; without them it starts the local sandbox
// (embedded-wallet-elements/sandbox, a development dependency) and pays with
// test money. PORT picks the port (default 3000; 0: any free one).
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { expressApp } from './express.js';
import { honoApp } from './hono.js';
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
const app = hono ? honoApp({ service, partner, origin }) : expressApp({ service, partner, origin });
server.on('request', hono ? getRequestListener(app.fetch) : app);
console.log(`Partner app (${hono ? 'Hono' : 'Express 5'}): ${origin}/ and ${origin}/esm/`);
