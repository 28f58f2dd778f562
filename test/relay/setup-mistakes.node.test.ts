/**
 * A relay reached where its `basePath` does not say (a fetch handler mounted
 * at another path, as in Hono or a Next.js route): each of the wallet's calls
 * (they carry Ew-Account-Id) is a 404 RELAY_MISCONFIGURED naming the path it
 * is reached at, said once on the server's console whatever paths come; any
 * other request (a scanner's probe of a wallet path included) stays a plain 404
 * and says nothing, so a relay that serves every path stays quiet.
 * A relay handed a URL on another host than the browser called: below.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createRelay } from '../../src/relay/index.js';
import { serverConsole } from '../helpers/mounted-relay.js';

describe('a relay reached outside its basePath', () => {
  const said = serverConsole();

  const relay = createRelay({
    serviceUrl: 'http://127.0.0.1:9', // never asked: the mount is refused first
    credentials: { username: 'u', password: 'p' },
    basePath: '/api/wallet',
    authorize: () => true,
  });
  const ask = async (path: string, method = 'GET', fromWallet = true) => {
    const headers: Record<string, string> = fromWallet
      ? { 'ew-account-id': 'InternalAccount:00000000-0000-4000-8000-000000000000' }
      : {};
    const answer = await relay(new Request(`http://127.0.0.1${path}`, { method, headers }));
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
    expect(said.lines).to.have.length(1);
    expect(said.lines[0]).to.include('set basePath: "/api/payments"');
  });

  it('a request that is no wallet call is a plain 404, and says nothing', async () => {
    for (const [path, fromWallet] of [
      ['/favicon.ico', true],
      ['/x/auth/credentials?accountId=x', false], // a probe, not the wallet
    ] as const) {
      const answer = await ask(path, 'GET', fromWallet);
      expect([answer.status, answer.code], path).to.deep.equal([404, 'NOT_FOUND']);
    }
    expect(said.lines).to.deep.equal([]);
  });

  it('each relay says its own mistake: another relay in the process is not silenced', async () => {
    const relayAt = (basePath: string) =>
      createRelay({
        serviceUrl: 'http://127.0.0.1:9',
        credentials: { username: 'u', password: 'p' },
        basePath,
        authorize: () => true,
      });
    const [one, other] = [relayAt('/api/one'), relayAt('/api/other')];
    const headers = { 'ew-account-id': 'InternalAccount:00000000-0000-4000-8000-000000000000' };
    await one(new Request('http://127.0.0.1/a/auth/credentials?accountId=x', { headers }));
    await other(new Request('http://127.0.0.1/b/auth/credentials?accountId=x', { headers }));
    expect(said.lines.filter((line) => line.includes('set basePath'))).to.have.length(2);
  });
});

/**
 * A framework that hands the relay a URL built from its own settings rather than the request's
 * `Host` (Next.js self-hosted: the hostname and port it serves): a page's call names the host its
 * `Origin` names, the URL another, so the call looks cross-origin. Still refused, as
 * RELAY_MISCONFIGURED naming `publicOrigin`, said once; with `publicOrigin` set it passes; a
 * call from another site stays a plain 403.
 */
describe('a relay handed a URL on another host than the browser called', () => {
  const said = serverConsole();

  const relayWith = (publicOrigin?: string) =>
    createRelay({
      serviceUrl: 'http://127.0.0.1:9', // never asked: every call below is refused before
      credentials: { username: 'u', password: 'p' },
      basePath: '/api/wallet',
      publicOrigin,
      authorize: () => false,
    });
  /** A page of `origin` posting to the relay, as Next.js hands it over: URL on localhost:3000, Host as sent. */
  const post = async (
    relay: ReturnType<typeof createRelay>,
    origin: string,
    sent: Record<string, string> = { host: 'shop.example' },
    url = 'http://localhost:3000',
  ) => {
    const answer = await relay(
      new Request(`${url}/api/wallet/auth/credentials?accountId=x`, {
        method: 'POST',
        headers: {
          origin,
          ...sent,
          'content-type': 'application/json',
          'ew-account-id': 'InternalAccount:00000000-0000-4000-8000-000000000000',
        },
        body: '{}',
      }),
    );
    return { status: answer.status, ...((await answer.json()) as { code: string; message: string }) };
  };

  it('is RELAY_MISCONFIGURED naming publicOrigin, said once on the console', async () => {
    const relay = relayWith();
    for (let i = 0; i < 2; i++) {
      const answer = await post(relay, 'https://shop.example');
      expect([answer.status, answer.code]).to.deep.equal([500, 'RELAY_MISCONFIGURED']);
      expect(answer.message).to.include("set createRelay's publicOrigin to the origin of your pages");
    }
    expect(said.lines).to.have.length(1);
    expect(said.lines[0]).to.include('publicOrigin');
  });

  it('behind a proxy that rewrote Host and passed X-Forwarded-Host on: the same fix', async () => {
    const sent = { host: 'localhost:3000', 'x-forwarded-host': 'shop.example' };
    const answer = await post(relayWith(), 'https://shop.example', sent);
    expect([answer.status, answer.code]).to.deep.equal([500, 'RELAY_MISCONFIGURED']);
    expect(answer.message).to.include('a proxy that rewrites Host, or a framework');
  });

  it("a Host naming its default port (as toNodeHandler's URL drops it) is no such mistake: a plain 403", async () => {
    // Origin https://shop.example:80 is not the relay at http://shop.example: refused, and nothing said.
    const answer = await post(
      relayWith(),
      'https://shop.example:80',
      { host: 'shop.example:80' },
      'http://shop.example',
    );
    expect([answer.status, answer.code]).to.deep.equal([403, 'FORBIDDEN']);
    expect(said.lines).to.deep.equal([]);
  });

  it('passes the origin check with publicOrigin set (refused at the next step, the empty body)', async () => {
    const answer = await post(relayWith('https://shop.example'), 'https://shop.example');
    expect([answer.status, answer.code]).to.deep.equal([400, 'INVALID_INPUT']);
    expect(said.lines).to.deep.equal([]);
  });

  it("another site's call is a plain cross-origin 403, and says nothing", async () => {
    for (const relay of [relayWith(), relayWith('https://shop.example')]) {
      const answer = await post(relay, 'https://evil.example');
      expect([answer.status, answer.code]).to.deep.equal([403, 'FORBIDDEN']);
      expect(answer.message).to.include('Cross-origin');
    }
    expect(said.lines).to.deep.equal([]);
  });
});
