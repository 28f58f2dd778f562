/**
 * The relay as a partner mounts it, for the robustness suite's child process:
 * a sandbox, and `createRelay` at `/api` on a plain `node:http` server through
 * `toNodeHandler`, with no server options changed. `authorize` accepts the
 * test user (`x-test-user: robustness`) on any wallet. Prints one line,
 * `ROBUSTNESS-TARGET {json}`, with what the test needs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRelay, toNodeHandler } from '../../src/relay/index.js';
import { startSandbox } from '../../src/sandbox/index.js';

const sandbox = await startSandbox({
  keepAlive: true,
  webauthn: { rpId: 'localhost', origins: ['http://localhost:8080'] },
  log: (line) => console.error(line),
});
const relay = createRelay({
  serviceUrl: sandbox.baseUrl,
  credentials: sandbox.credentials,
  basePath: '/api',
  authorize: ({ request }) => request.headers.get('x-test-user') === 'robustness',
  passkeys: {
    rpId: 'localhost',
    rpName: 'Robustness',
    user: ({ accountId }) => ({ id: accountId, name: 'robustness@example.com' }),
  },
});
const server = createServer(toNodeHandler(relay));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;

console.log(
  `ROBUSTNESS-TARGET ${JSON.stringify({
    port,
    relayUrl: `http://127.0.0.1:${port}/api`,
    sandbox: { baseUrl: sandbox.baseUrl, credentials: sandbox.credentials, enclaveKeys: sandbox.enclaveKeys },
  })}`,
);

process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close();
  void sandbox.close().then(() => process.exit(0));
});
