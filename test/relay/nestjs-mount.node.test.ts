/**
 * The relay under real NestJS 12 on its Express platform, which adds its JSON body parser when
 * the app initializes. Used as docs/relay.md says (`app.use()` before `init()`), it reads each
 * body itself, and the app's own routes still get parsed bodies. Applied as a module's
 * middleware (which Nest runs after its parsers, on a wildcard path), the body is gone: the relay
 * says so with Nest's fix, not a mount mistake the wildcard would suggest.
 */
import 'reflect-metadata';
import { Body, Controller, Module, Post, type MiddlewareConsumer } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { toNodeHandler } from '../../src/relay/index.js';
import { mountStack, serverConsole } from '../helpers/mounted-relay.js';

/** A code request for a credential that does not exist: refused by the service (404), not by the relay's mount. */
const UNKNOWN_CHALLENGE = '/api/wallet/auth/credentials/AuthMethod:00000000-0000-4000-8000-000000000000/challenge';

/** The partner's own route, with its JSON body as Nest parses it (decorators applied by hand: this file is not compiled with them). */
class EchoController {
  echo(body: unknown) {
    return { got: body };
  }
}
Controller()(EchoController);
Post('echo')(EchoController.prototype, 'echo', Object.getOwnPropertyDescriptor(EchoController.prototype, 'echo')!);
Body()(EchoController.prototype, 'echo', 0);

describe('the relay mounted in NestJS 12 (Express platform)', () => {
  const stack = mountStack('nestjs-mount@example.com');
  const said = serverConsole();

  /** A Nest app with the relay used before init (`app-use`) or applied as the module's middleware. */
  async function serve(mount: 'app-use' | 'module-middleware'): Promise<string> {
    const handler = toNodeHandler(stack.relay());
    class AppModule {
      configure(consumer: MiddlewareConsumer) {
        if (mount === 'module-middleware') consumer.apply(handler).forRoutes('/api/wallet/*path');
      }
    }
    Module({ controllers: [EchoController] })(AppModule);
    const app = await NestFactory.create(AppModule, { logger: false });
    stack.closeAfter(() => app.close());
    if (mount === 'app-use') app.use('/api/wallet', handler);
    await app.listen(0, '127.0.0.1');
    return (await app.getUrl()).replace('[::1]', '127.0.0.1');
  }

  const post = (origin: string, path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const askForCode = (origin: string) =>
    post(origin, UNKNOWN_CHALLENGE, '{}', { 'ew-account-id': stack.accountId, origin });

  it('app.use() before init (the recipe): reads and posts reach the service, and the app’s routes still parse JSON', async () => {
    const origin = await serve('app-use');
    const list = await fetch(`${origin}/api/wallet/auth/credentials?accountId=${encodeURIComponent(stack.accountId)}`);
    expect(list.status).to.equal(200);
    const answer = await askForCode(origin);
    expect(answer.status).to.equal(404);
    expect(((await answer.json()) as { code: string }).code).to.equal('NOT_FOUND');
    expect(await (await post(origin, '/echo', '{"a":1}')).json()).to.deep.equal({ got: { a: 1 } });
  });

  it('as a module’s middleware, after Nest’s parser: RELAY_MISCONFIGURED naming Nest’s fix, not the mount', async () => {
    const origin = await serve('module-middleware');
    // A read has no body to lose, and its wildcard mount is no mount mistake.
    const list = await fetch(`${origin}/api/wallet/auth/credentials?accountId=${encodeURIComponent(stack.accountId)}`);
    expect(list.status).to.equal(200);
    const answer = await askForCode(origin);
    expect(answer.status).to.equal(500);
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).to.equal('RELAY_MISCONFIGURED');
    expect(body.message).to.include('NestJS: app.use() it before app.init()').and.not.include('basePath');
    expect(said.lines, 'one line on the server console, with the fix').to.have.length(1);
    expect(said.lines[0]).to.include('NestJS: app.use() it before app.init()');
  });
});
