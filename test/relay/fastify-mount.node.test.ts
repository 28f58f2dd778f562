/**
 * The relay under real Fastify 5, which parses JSON bodies itself by default:
 * mounted as the docs say (its routes in a plugin with no content-type parser,
 * the reply hijacked) it reads each body itself; mounted as an ordinary route,
 * the body is gone, and the relay says so with Fastify's fix, in its answer and
 * once on the server's console. Beside it, the fetch handler given a Request
 * whose body was read (Hono's c.req.json() first, say), with its own fix.
 */
import { expect } from 'chai';
import Fastify, { type FastifyInstance } from 'fastify';
import { after, afterEach, before, describe, it, mock } from 'node:test';
import { createRelay, toNodeHandler } from '../../src/relay/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createWalletCustomer } from '../helpers/stack.js';

/** A code request for a credential that does not exist: refused by the service (404), not by the relay's mount. */
const UNKNOWN_CHALLENGE = '/api/wallet/auth/credentials/AuthMethod:00000000-0000-4000-8000-000000000000/challenge';

describe('the relay mounted in Fastify 5, and a fetch handler given a read body', () => {
  let sandbox: Sandbox;
  let accountId: string;
  const apps: FastifyInstance[] = [];

  before(async () => {
    sandbox = await startSandbox();
    ({ accountId } = await createWalletCustomer(sandbox, { email: 'fastify-mount@example.com' }));
  });
  after(async () => {
    for (const app of apps) await app.close();
    await sandbox?.close();
  });

  /** The server console's lines, as the relay says a setup mistake there. */
  let said: string[] = [];
  const listen = () => {
    said = [];
    mock.method(console, 'error', (line: string) => said.push(line));
  };
  afterEach(() => mock.restoreAll());

  const relay = () =>
    createRelay({
      serviceUrl: sandbox.baseUrl,
      credentials: sandbox.credentials,
      basePath: '/api/wallet',
      authorize: () => true,
    });

  async function serve(mount: (app: FastifyInstance, handler: ReturnType<typeof toNodeHandler>) => void) {
    const app = Fastify();
    mount(app, toNodeHandler(relay()));
    apps.push(app);
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  const post = (origin: string) =>
    fetch(`${origin}${UNKNOWN_CHALLENGE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'ew-account-id': accountId, origin },
      body: '{}',
    });

  it('in a plugin without content-type parsers, the reply hijacked (the guide’s recipe): reads and posts work', async () => {
    const origin = await serve((app, handler) =>
      app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
        scope.all('/api/wallet/*', (request, reply) => {
          reply.hijack();
          return handler(request.raw, reply.raw);
        });
      }),
    );
    const list = await fetch(`${origin}/api/wallet/auth/credentials?accountId=${encodeURIComponent(accountId)}`);
    expect(list.status).to.equal(200);
    const answer = await post(origin);
    expect(answer.status).to.equal(404);
    expect(((await answer.json()) as { code: string }).code).to.not.equal('RELAY_MISCONFIGURED');
  });

  it('as an ordinary route, after Fastify’s JSON parser: RELAY_MISCONFIGURED naming Fastify’s fix', async () => {
    const origin = await serve((app, handler) =>
      app.all('/api/wallet/*', (request, reply) => {
        reply.hijack();
        return handler(request.raw, reply.raw);
      }),
    );
    listen();
    const answer = await post(origin);
    expect(answer.status).to.equal(500);
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).to.equal('RELAY_MISCONFIGURED');
    expect(body.message).to.include('removeAllContentTypeParsers()').and.not.include('express.json()');
    expect(said, 'one line on the server console, with the fix').to.have.length(1);
    expect(said[0]).to.include('removeAllContentTypeParsers()');
  });

  it('the fetch handler given a Request whose body was read: RELAY_MISCONFIGURED naming the fix', async () => {
    const request = new Request(`http://127.0.0.1${UNKNOWN_CHALLENGE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'ew-account-id': accountId, origin: 'http://127.0.0.1' },
      body: '{}',
    });
    await request.json(); // what a framework's own body reading does first
    listen();
    const answer = await relay()(request);
    expect(answer.status).to.equal(500);
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).to.equal('RELAY_MISCONFIGURED');
    expect(body.message).to.include('c.req.raw').and.include("Next.js: the route handler's request");
    expect(said, 'one line on the server console, with the fix').to.have.length(1);
    expect(said[0]).to.include('c.req.raw');
  });
});
