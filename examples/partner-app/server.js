// Starts the partner app: `node server.js` (Express 5), `node server.js --hono`,
// `node server.js --fastify` or `node server.js --next` (Next.js, after `npm run build:next`).
// With SERVICE_URL, API_TOKEN_ID, API_CLIENT_SECRET, OTP_TARGET_KEY and EXPORT_KEY
// it talks to the payments service (SANDBOX=1: a sandbox started on its own,
// whose wallets it funds); without them it starts the local sandbox
// (embedded-wallet-elements/sandbox, a development dependency) and pays with
// test money. PORT picks the port (default 3000; 0: any free one). Only the
// framework it runs is imported, so an app with one of them installed runs.
// Isolated mode's frame origin (frame.js) listens on FRAME_PORT (default
// 3001; 0: any free one), serving /isolated/'s wallet.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createPartner } from './partner.js';

const framework = process.argv.includes('--hono')
  ? 'Hono'
  : process.argv.includes('--fastify')
    ? 'Fastify 5'
    : process.argv.includes('--next')
      ? 'Next.js'
      : 'Express 5';
const listen = async (port) => {
  const server = createServer();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  // WebAuthn needs a domain, so the pages are at localhost (127.0.0.1 here).
  return { server, origin: `http://localhost:${server.address().port}` };
};
const { server, origin } = await listen(Number(process.env.PORT ?? 3000));
const { server: frameServer, origin: frameOrigin } = await listen(Number(process.env.FRAME_PORT ?? 3001));

async function connectService() {
  if (process.env.SERVICE_URL)
    return {
      serviceUrl: process.env.SERVICE_URL,
      credentials: { username: process.env.API_TOKEN_ID, password: process.env.API_CLIENT_SECRET },
      enclaveKeys: { otpTarget: process.env.OTP_TARGET_KEY, export: process.env.EXPORT_KEY },
      sandbox: process.env.SANDBOX === '1',
    };
  const { startSandbox } = await import('embedded-wallet-elements/sandbox');
  // The frame's passkeys are made in a cross-origin frame: taken only under the shop's pages.
  const webauthn = { rpId: 'localhost', origins: [origin, frameOrigin], topOrigins: [origin] };
  const sandbox = await startSandbox({ webauthn });
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const { baseUrl: serviceUrl, credentials, enclaveKeys } = sandbox;
  return { serviceUrl, credentials, enclaveKeys, sandbox: true };
}

const service = await connectService();
const partner = createPartner(service);
const apps = { service, partner, origin, frameOrigin };
if (framework === 'Hono') {
  const [{ getRequestListener }, { honoApp, honoFrameApp }] = await Promise.all([
    import('@hono/node-server'),
    import('./hono.js'),
  ]);
  server.on('request', getRequestListener(honoApp(apps).fetch));
  frameServer.on('request', getRequestListener(honoFrameApp(apps).fetch));
} else if (framework === 'Fastify 5') {
  const { fastifyApp, fastifyFrameApp } = await import('./fastify.js');
  const [app, frameApp] = await Promise.all([fastifyApp(apps), fastifyFrameApp(apps)]);
  server.on('request', (req, res) => app.routing(req, res));
  frameServer.on('request', (req, res) => frameApp.routing(req, res));
} else if (framework === 'Next.js') {
  const [{ default: next }, { provideApps }, { BROWSER_FILES }] = await Promise.all([
    import('next'),
    import('./next-apps.js'),
    import('./browser-files.js'),
  ]);
  provideApps({ ...apps, browserFiles: BROWSER_FILES });
  // Its route handlers see the URL Next is told it serves: the relay compares it with a call's Origin.
  const { hostname, port } = new URL(origin);
  const app = next({ dir: fileURLToPath(new URL('.', import.meta.url)), dev: false, hostname, port: Number(port) });
  await app.prepare();
  server.on('request', app.getRequestHandler());
  frameServer.close(); // isolated mode's frame origin: served by the other recipes (frame.js)
} else {
  const { expressApp, expressFrameApp } = await import('./express.js');
  server.on('request', expressApp(apps));
  frameServer.on('request', expressFrameApp(apps));
}
if (framework !== 'Next.js') console.log(`Wallet frame (isolated mode): ${frameOrigin}/`);
const pages =
  framework === 'Next.js' ? `${origin}/ and ${origin}/esm/` : `${origin}/, ${origin}/esm/ and ${origin}/isolated/`;
console.log(`Partner app (${framework}): ${pages}`);
