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
import { describe, it } from 'node:test';
import { toNodeHandler } from '../../src/relay/index.js';
import { mountStack, serverConsole } from '../helpers/mounted-relay.js';

/** A code request for a credential that does not exist: refused by the service (404), not by the relay's mount. */
const UNKNOWN_CHALLENGE = '/api/wallet/auth/credentials/AuthMethod:00000000-0000-4000-8000-000000000000/challenge';

describe('the relay mounted in Fastify 5, and a fetch handler given a read body', () => {
  const stack = mountStack('fastify-mount@example.com');
  const said = serverConsole();
  const relay = () => stack.relay();

  async function serve(mount: (app: FastifyInstance, handler: ReturnType<typeof toNodeHandler>) => void) {
    const app = Fastify();
    mount(app, toNodeHandler(relay()));
    stack.closeAfter(() => app.close());
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  const post = (origin: string) =>
    fetch(`${origin}${UNKNOWN_CHALLENGE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'ew-account-id': stack.accountId, origin },
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
    const list = await fetch(`${origin}/api/wallet/auth/credentials?accountId=${encodeURIComponent(stack.accountId)}`);
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
    const answer = await post(origin);
    expect(answer.status).to.equal(500);
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).to.equal('RELAY_MISCONFIGURED');
    expect(body.message).to.include('removeAllContentTypeParsers()').and.not.include('express.json()');
    expect(said.lines, 'one line on the server console, with the fix').to.have.length(1);
    expect(said.lines[0]).to.include('removeAllContentTypeParsers()');
  });

  it('the fetch handler given a Request whose body was read: RELAY_MISCONFIGURED naming the fix', async () => {
    const request = new Request(`http://127.0.0.1${UNKNOWN_CHALLENGE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'ew-account-id': stack.accountId, origin: 'http://127.0.0.1' },
      body: '{}',
    });
    await request.json(); // what a framework's own body reading does first
    const answer = await relay()(request);
    expect(answer.status).to.equal(500);
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).to.equal('RELAY_MISCONFIGURED');
    expect(body.message).to.include('c.req.raw').and.include("Next.js: the route handler's request");
    expect(said.lines, 'one line on the server console, with the fix').to.have.length(1);
    expect(said.lines[0]).to.include('c.req.raw');
  });
});
