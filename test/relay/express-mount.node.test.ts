/**
 * The Node adapter under real Express 5, mounted the ways partners mount it:
 * its mount check refuses only a mount from which `basePath` cannot be
 * reached, ignores a path's casing, and its body check reads the stream, not
 * `req.body` (body-parser 1.x sets an empty one on requests it leaves alone).
 */
import { expect } from 'chai';
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { toNodeHandler } from '../../src/relay/index.js';
import { mountStack } from '../helpers/mounted-relay.js';

describe('toNodeHandler mounted in Express 5', () => {
  const stack = mountStack('express-mount@example.com');

  async function serve(
    mount: (app: express.Express, handler: ReturnType<typeof toNodeHandler>) => void,
    basePath: string,
  ) {
    const app = express();
    mount(app, toNodeHandler(stack.relay(basePath)));
    const server = createServer(app);
    stack.closeAfter(() => server.close());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const listCredentials = async (origin: string, path = '/api/wallet') => {
    const response = await fetch(`${origin}${path}/auth/credentials?accountId=${encodeURIComponent(stack.accountId)}`);
    return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
  };

  it('app.use at basePath, a router on a prefix of it, and app.all on its routes all work', async () => {
    const direct = await serve((app, h) => app.use('/api/wallet', h), '/api/wallet');
    const router = await serve((app, h) => {
      const r = express.Router();
      r.all('/wallet/*splat', h);
      app.use('/api', r);
    }, '/api/wallet');
    const route = await serve((app, h) => app.all('/api/wallet/*splat', h), '/api/wallet');
    for (const origin of [direct, router, route]) expect((await listCredentials(origin)).status, origin).to.equal(200);
  });

  it('a mount beside basePath is RELAY_MISCONFIGURED naming the mount, whatever casing the client uses', async () => {
    const origin = await serve((app, h) => app.use('/api/wallet', h), '/wallet');
    for (const path of ['/api/wallet', '/API/Wallet']) {
      const { status, body } = await listCredentials(origin, path);
      expect(status).to.equal(500);
      expect(body.code).to.equal('RELAY_MISCONFIGURED');
      expect(body.message).to.include('set basePath: "/api/wallet"');
    }
  });

  it('a body parser that left the body unread (an empty req.body) does not trip the check; one that read it does', async () => {
    const untouched = await serve((app, h) => {
      app.use((req, _res, next) => {
        (req as { body?: unknown }).body ??= {}; // as body-parser 1.x does for a type it does not parse
        next();
      });
      app.use('/api/wallet', h);
    }, '/api/wallet');
    const parsed = await serve((app, h) => {
      app.use(express.json());
      app.use('/api/wallet', h);
    }, '/api/wallet');
    const credentialsOf = async (origin: string) =>
      fetch(`${origin}/api/wallet/auth/credentials/AuthMethod:00000000-0000-4000-8000-000000000000/challenge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ew-account-id': stack.accountId, origin },
        body: '{}',
      });
    expect((await credentialsOf(untouched)).status).to.not.equal(500);
    const refused = await credentialsOf(parsed);
    expect(refused.status).to.equal(500);
    expect(((await refused.json()) as { message: string }).message).to.include(
      'mount the relay before any body parser',
    );
  });
});
