/**
 * A relay reached where its `basePath` does not say (a fetch handler mounted
 * at another path, as in Hono or a Next.js route): each wallet call is a 404
 * RELAY_MISCONFIGURED naming the path it is reached at (a 404 still: a
 * scanner's probe is no relay failure), said once on the server's console
 * whatever paths come; a request that is no wallet call stays a plain 404.
 */
import { expect } from 'chai';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { createRelay } from '../../src/relay/index.js';

describe('a relay reached outside its basePath', () => {
  let said: string[];
  beforeEach(() => {
    said = [];
    mock.method(console, 'error', (line: string) => said.push(line));
  });
  afterEach(() => mock.restoreAll());

  const relay = createRelay({
    serviceUrl: 'http://127.0.0.1:9', // never asked: the mount is refused first
    credentials: { username: 'u', password: 'p' },
    basePath: '/api/wallet',
    authorize: () => true,
  });
  const ask = async (path: string, method = 'GET') => {
    const answer = await relay(new Request(`http://127.0.0.1${path}`, { method }));
    return { status: answer.status, ...((await answer.json()) as { code: string; message: string }) };
  };

  it('a wallet call under another path is RELAY_MISCONFIGURED naming that path, said once', async () => {
    for (const path of ['/api/payments/auth/credentials?accountId=x', '/api/payments/auth/sessions?accountId=x']) {
      const answer = await ask(path);
      expect([answer.status, answer.code]).to.deep.equal([404, 'RELAY_MISCONFIGURED']);
      expect(answer.message).to.include('set basePath: "/api/payments"');
    }
    const passkey = await ask('/wallet/passkeys/registration-options', 'POST');
    expect(passkey.message).to.include('set basePath: "/wallet"');
    // One console line for the mistake, whatever paths come (a visitor cannot fill the console).
    expect(said).to.have.length(1);
    expect(said[0]).to.include('set basePath: "/api/payments"');
  });

  it('a request that is no wallet call is a plain 404, and says nothing', async () => {
    const answer = await ask('/favicon.ico');
    expect([answer.status, answer.code]).to.deep.equal([404, 'NOT_FOUND']);
    expect(said).to.deep.equal([]);
  });
});
