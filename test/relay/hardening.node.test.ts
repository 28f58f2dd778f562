/**
 * The relay as an attacker and a real deployment meet it (docs/relay.md, "What it guarantees"): nothing
 * reaches the service before `authorize` accepts the visitor, ids that are
 * not yours look like ids that do not exist, only same-origin pages (or
 * listed origins, with CORS) change state, and the pass-through returns only
 * bounded JSON with typed 502/504s for everything else.
 */
import { expect } from 'chai';
import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, createServer as createNetServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createRelay, toNodeHandler, type RelayOptions } from '../../src/relay/index.js';
import { startRedis, type TestRedis } from '../helpers/redis.js';
import { addExternalAccount, createWalletCustomer, platform, startStack, type Stack } from '../helpers/stack.js';

const SESSION = 'Session:00000000-0000-4000-8000-000000000000';
const QUOTE = 'Quote:00000000-0000-4000-8000-000000000000';
const CREDENTIAL = 'AuthMethod:00000000-0000-4000-8000-000000000000';
const WALLET = 'InternalAccount:00000000-0000-4000-8000-000000000001';

/** Sends raw bytes to a server and collects what comes back until it closes (or `waitMs`). */
function rawExchange(port: number, bytes: string, waitMs = 2_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = () => resolve(text);
    socket.on('data', (d) => (text += d));
    socket.on('close', done);
    socket.on('error', done);
    socket.setTimeout(waitMs, () => socket.destroy());
    socket.write(bytes);
  });
}

for (const adapter of ['memory', 'redis'] as const)
  describe(`relay hardening (${adapter} store)`, () => {
    let stack: Stack;
    let redis: TestRedis | undefined;
    let mine: Awaited<ReturnType<typeof createWalletCustomer>>;
    let theirs: Awaited<ReturnType<typeof createWalletCustomer>>;
    let theirQuote: string;
    let relayHost: string;

    async function call(
      path: string,
      init: { method?: string; body?: unknown; user?: string; hint?: string; headers?: Record<string, string> } = {},
    ) {
      const response = await fetch(`${stack.relayUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          'x-test-user': init.user ?? 'me',
          'ew-account-id': init.hint ?? mine.accountId,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        ...(init.body !== undefined
          ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }
          : {}),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : {} };
    }
    const upstreamCount = () => stack.sandboxRequests.length;

    before(async () => {
      redis = adapter === 'redis' ? await startRedis() : undefined;
      stack = await startStack(redis ? { relay: { store: redis.store() } } : {});
      relayHost = new URL(stack.relayUrl).host;
      mine = await createWalletCustomer(stack.sandbox, { email: 'mine@example.com' });
      theirs = await createWalletCustomer(stack.sandbox, { email: 'theirs@example.com' });
      stack.grant('me', mine.accountId);
      // A quote on their wallet, to ask about from mine.
      await platform(stack.sandbox, 'POST', `/sandbox/internal-accounts/${theirs.accountId}/fund`, { amount: 10_000 });
      const external = await addExternalAccount(stack.sandbox, theirs.customerId);
      const quote = await platform(stack.sandbox, 'POST', '/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: theirs.accountId },
        destination: { destinationType: 'ACCOUNT', accountId: external.body.id },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 100,
      });
      expect(quote.status).to.equal(201);
      theirQuote = quote.body.id;
    });
    after(async () => {
      await stack.close();
      await redis?.close();
    });

    /** One request per forwarded operation (and the passkey options), as the widget would send it. */
    const everyOperation = (): [string, string, unknown?][] => [
      ['POST', '/auth/credentials', { type: 'SMS_OTP', accountId: mine.accountId }],
      ['GET', `/auth/credentials?accountId=${mine.accountId}`],
      ['POST', `/auth/credentials/${mine.emailCredentialId}/challenge`, {}],
      ['POST', `/auth/credentials/${mine.emailCredentialId}/verify`, { type: 'EMAIL_OTP' }],
      ['DELETE', `/auth/credentials/${mine.emailCredentialId}`],
      ['GET', `/auth/sessions?accountId=${mine.accountId}`],
      ['POST', `/auth/sessions/${SESSION}/refresh`, { clientPublicKey: '04' }],
      ['DELETE', `/auth/sessions/${SESSION}`],
      ['POST', `/internal-accounts/${mine.accountId}/export`, { clientPublicKey: '04' }],
      ['PATCH', `/internal-accounts/${mine.accountId}`, { privateEnabled: true }],
      ['GET', `/customers/internal-accounts?customerId=${mine.customerId}`],
      ['PATCH', `/customers/${mine.customerId}`, { customerType: 'INDIVIDUAL', email: 'x@example.com' }],
      ['GET', `/quotes/${theirQuote}`],
      ['POST', '/passkeys/registration-options', { accountId: mine.accountId }],
    ];

    it('a visitor the authorize hook refuses costs zero upstream calls, for every operation', async () => {
      const before = upstreamCount();
      for (const [method, path, body] of everyOperation()) {
        const answer = await call(path, { method, body, user: 'nobody' });
        expect([answer.status, answer.body.code], `${method} ${path}`).to.deep.equal([403, 'FORBIDDEN']);
      }
      expect(upstreamCount() - before).to.equal(0);
    });

    it('a path spelled with needless escapes (%2F, an escaped letter or "-") is 400 before the service; an escaped ":" is fine', async () => {
      const before = upstreamCount();
      for (const path of [
        `/internal-accounts%2F${mine.accountId}%2Fexport`,
        `/internal%2Daccounts/${mine.accountId}/%65xport`,
        `/internal-accounts/${mine.accountId}/%5Fexport`,
      ]) {
        const answer = await call(path, { method: 'POST', body: { clientPublicKey: '04' } });
        expect([answer.status, answer.body.code], path).to.deep.equal([400, 'INVALID_INPUT']);
      }
      expect(upstreamCount() - before).to.equal(0);
      // What the widget sends: the id with its ":" escaped.
      const listed = await call(`/auth/credentials?accountId=${encodeURIComponent(mine.accountId)}`);
      expect(listed.status).to.equal(200);
      const reached = upstreamCount();
      await call(`/auth/credentials/${encodeURIComponent(mine.emailCredentialId)}`, { method: 'DELETE' });
      expect(upstreamCount()).to.be.greaterThan(reached); // forwarded (the service has its own say)
    });

    it('a privacy change, an export and an OAuth registration carry only their own members, checked before the service', async () => {
      const before = upstreamCount();
      const refused: [string, string, Record<string, unknown>][] = [
        ['PATCH', `/internal-accounts/${mine.accountId}`, { privateEnabled: true, customerId: theirs.customerId }],
        ['POST', `/internal-accounts/${mine.accountId}/export`, { clientPublicKey: '04', walletId: 'other' }],
        ['POST', '/auth/credentials', { type: 'OAUTH', accountId: mine.accountId, oidcToken: 'x.y.z', email: 'a@b.c' }],
      ];
      for (const [method, path, body] of refused) {
        const answer = await call(path, { method, body });
        expect([answer.status, answer.body.code], `${method} ${path}`).to.deep.equal([400, 'INVALID_INPUT']);
        expect(answer.body.message).to.include(Object.keys(body).at(-1)!);
      }
      const wallets = await call('/customers/internal-accounts?customerId=not-an-id', { hint: mine.accountId });
      expect([wallets.status, wallets.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
      expect(upstreamCount() - before).to.equal(0);
    });

    it('an id that is not yours answers exactly as one that does not exist (404), after authorization', async () => {
      const pairs: [string, string, string, unknown?][] = [
        [
          'POST',
          `/auth/credentials/${theirs.emailCredentialId}/challenge`,
          `/auth/credentials/${CREDENTIAL}/challenge`,
          {},
        ],
        ['DELETE', `/auth/credentials/${theirs.emailCredentialId}`, `/auth/credentials/${CREDENTIAL}`],
        ['GET', `/quotes/${theirQuote}`, `/quotes/${QUOTE}`],
        [
          'PATCH',
          `/customers/${theirs.customerId}`,
          '/customers/Customer:00000000-0000-4000-8000-000000000000',
          { customerType: 'INDIVIDUAL', email: 'x@example.com' },
        ],
        [
          'GET',
          `/customers/internal-accounts?customerId=${theirs.customerId}`,
          '/customers/internal-accounts?customerId=Customer:00000000-0000-4000-8000-000000000000',
        ],
      ];
      for (const [method, theirsPath, missingPath, body] of pairs) {
        const notMine = await call(theirsPath, { method, body });
        const missing = await call(missingPath, { method, body });
        expect(notMine.status, theirsPath).to.equal(404);
        expect(notMine.text, theirsPath).to.equal(missing.text);
      }
      expect(stack.sandboxRequests.some((r) => r.method === 'PATCH' && r.path.startsWith('/customers/'))).to.equal(
        false,
      );
      // Yours, it works (and the quote/wallet reads are answered from the ownership lookup itself).
      const before = upstreamCount();
      const wallet = await call(`/customers/internal-accounts?customerId=${mine.customerId}`);
      expect(wallet.status).to.equal(200);
      expect(wallet.body.data[0].id).to.equal(mine.accountId);
      expect(upstreamCount() - before).to.equal(1);
    });

    it('routes only below basePath, decodes nothing twice, and refuses repeated or unknown query parameters', async () => {
      const origin = new URL(stack.relayUrl).origin;
      const before = upstreamCount();
      for (const outside of [
        `/auth/credentials?accountId=${mine.accountId}`,
        `//api/auth/credentials?accountId=${mine.accountId}`,
        `/apix/auth/credentials?accountId=${mine.accountId}`,
      ]) {
        const answer = await fetch(`${origin}${outside}`, { headers: { 'x-test-user': 'me' } });
        expect([400, 404], outside).to.include(answer.status);
      }
      // A target that parses as another host (`//host/...`, `/\host/...`) is not routed as inside basePath.
      const { port } = new URL(stack.relayUrl);
      for (const target of [
        '//evil.example/api/passkeys/registration-options',
        '/\\evil.example/api/passkeys/registration-options',
      ]) {
        const body = JSON.stringify({ accountId: mine.accountId });
        const answer = await rawExchange(
          Number(port),
          `POST ${target} HTTP/1.1\r\nHost: ${relayHost}\r\nOrigin: http://evil.example\r\nX-Test-User: me\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        );
        expect(answer, target).to.match(/^HTTP\/1.1 4\d\d/);
      }
      const repeated = await call(`/auth/credentials?accountId=${mine.accountId}&accountId=${theirs.accountId}`);
      expect([repeated.status, repeated.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
      const encodedTwin = await call(`/auth/credentials?accountId=${mine.accountId}&account%49d=${theirs.accountId}`);
      expect(encodedTwin.status).to.equal(400);
      const unknown = await call(`/auth/sessions?accountId=${mine.accountId}&status=ALL`);
      expect([unknown.status, unknown.body.message]).to.deep.equal([400, 'Unknown query parameter "status"']);
      const badEscape = await call('/auth/credentials/%E0%A4%A/challenge', { method: 'POST', body: {} });
      expect(badEscape.status).to.equal(400);
      expect(upstreamCount() - before).to.equal(0);
      // An id the widget percent-encodes (`:` as %3A) still routes.
      const encoded = await call(`/auth/credentials?accountId=${encodeURIComponent(mine.accountId)}`);
      expect(encoded.status).to.equal(200);
    });

    it('takes only its methods: others are 405 with Allow, including TRACE and HEAD', async () => {
      const put = await call('/auth/credentials', { method: 'PUT', body: {} });
      expect([put.status, put.headers.get('allow')]).to.deep.equal([405, 'GET, POST, OPTIONS']);
      const head = await fetch(`${stack.relayUrl}/auth/sessions?accountId=${mine.accountId}`, { method: 'HEAD' });
      expect(head.status).to.equal(405);
      for (const method of ['TRACE', 'PROPFIND', 'PURGE', 'PUT']) {
        const status = await new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
          const req = httpRequest(`${stack.relayUrl}/auth/credentials`, { method }, (res) => {
            res.resume();
            resolve({ status: res.statusCode!, allow: res.headers.allow });
          });
          req.on('error', reject);
          req.end();
        });
        expect(status.status, method).to.equal(405);
        expect(status.allow, method).to.include('GET');
      }
    });

    it('hands authorize only wallet ids: anything else, or two hint headers, is 400 before the hook or the service', async () => {
      const before = upstreamCount();
      const headers = new Headers({ 'x-test-user': 'me', 'content-type': 'application/json' });
      headers.append('ew-account-id', mine.accountId);
      headers.append('ew-account-id', theirs.accountId);
      const twoHints = await fetch(`${stack.relayUrl}/auth/credentials/${mine.emailCredentialId}/challenge`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      expect(twoHints.status).to.equal(400);
      for (const [path, init] of [
        [`/auth/sessions?accountId=${'x'.repeat(4_000)}`, {}],
        ['/auth/credentials', { method: 'POST', body: { type: 'EMAIL_OTP', accountId: 'InternalAccount:x\n' } }],
        ['/passkeys/registration-options', { method: 'POST', body: { accountId: { toString: 1 } } }],
      ] as const) {
        const answer = await call(path, init);
        expect([answer.status, answer.body.code], path.slice(0, 40)).to.deep.equal([400, 'INVALID_INPUT']);
      }
      expect(upstreamCount() - before).to.equal(0);
    });

    it('forwards the body it authorized: a repeated accountId cannot mean one wallet here and another upstream', async () => {
      const before = stack.sandboxRequests.length;
      // Theirs first, mine last: JSON.parse keeps the last, so the relay authorizes mine ...
      const text = `{"type":"SMS_OTP","accountId":"${theirs.accountId}","accountId":"${mine.accountId}"}`;
      const answer = await call('/auth/credentials', { method: 'POST', body: text });
      expect(answer.status).to.be.below(500);
      // ... and the service receives exactly one accountId, mine (it registered on my wallet or refused).
      const listed = await platform(stack.sandbox, 'GET', `/auth/credentials?accountId=${theirs.accountId}`);
      expect(listed.body.data.map((c: { type: string }) => c.type)).to.not.include('SMS_OTP');
      expect(stack.sandboxRequests.length).to.be.greaterThan(before);
      // A registration names a known type exactly; a passkey in any other spelling is not waved past the challenge check.
      for (const type of ['passkey', 'Passkey', 'WEBAUTHN', 7]) {
        const odd = await call('/auth/credentials', { method: 'POST', body: { type, accountId: mine.accountId } });
        expect([odd.status, odd.body.code], String(type)).to.deep.equal([400, 'INVALID_INPUT']);
      }
    });

    it('writes request-controlled log fields escaped: one request, one log line', async () => {
      await call('/auth/credentials/a%0Ab%0D%1B[31m%5Cx/challenge', { method: 'POST', body: {} });
      const entry = stack.relayLog.at(-1)!;
      expect(entry.path).to.not.match(/[\n\r\u001b]/u); // eslint-disable-line no-control-regex -- the point
      expect(entry.path).to.equal('/auth/credentials/a\\u{a}b\\u{d}\\u{1b}[31m\\\\x/challenge');
      // Nor a field: spaces, quotes and `=` are escaped too.
      await call('/auth/x%20status=200%20operation=%22forged%22', { method: 'POST', body: {} });
      expect(stack.relayLog.at(-1)!.path).to.equal(
        '/auth/x\\u{20}status\\u{3d}200\\u{20}operation\\u{3d}\\u{22}forged\\u{22}',
      );
    });

    it('every answer, its own and the service’s, carries nosniff and no-store', async () => {
      const answers = [
        await call(`/auth/sessions?accountId=${mine.accountId}`),
        await call('/nothing-here'),
        await call(`/auth/sessions?accountId=${mine.accountId}`, { user: 'nobody' }),
        await call('/auth/credentials', { method: 'PUT', body: {} }),
      ];
      for (const answer of answers) {
        expect(answer.headers.get('x-content-type-options')).to.equal('nosniff');
        expect(answer.headers.get('cache-control')).to.equal('no-store');
      }
    });

    describe('same-origin by default', () => {
      const post = (headers: Record<string, string>, body = '{}') =>
        fetch(`${stack.relayUrl}/auth/credentials/${mine.emailCredentialId}/challenge`, {
          method: 'POST',
          headers: { 'x-test-user': 'me', 'ew-account-id': mine.accountId, ...headers },
          body,
        });

      it('refuses a cross-site text/plain or form POST and a cross-site JSON POST before any upstream call', async () => {
        const before = upstreamCount();
        const attempts: Record<string, string>[] = [
          { 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          { 'content-type': 'text/plain' },
          { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
          { 'content-type': 'application/json', origin: 'https://evil.example' },
          { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
          { 'content-type': 'application/json', 'sec-fetch-site': 'same-site', origin: 'https://a.localhost' },
          { 'content-type': 'application/json', origin: 'null' },
        ];
        for (const headers of attempts) {
          const answer = await post(headers);
          expect([403, 415], JSON.stringify(headers)).to.include(answer.status);
        }
        const del = await fetch(`${stack.relayUrl}/auth/sessions/${SESSION}`, {
          method: 'DELETE',
          headers: { 'x-test-user': 'me', 'ew-account-id': mine.accountId, origin: 'https://evil.example' },
        });
        expect(del.status).to.equal(403);
        expect(upstreamCount() - before).to.equal(0);
      });

      it('lets same-origin pages and non-browser callers through', async () => {
        const allowed: Record<string, string>[] = [
          { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: `http://${relayHost}` },
          { 'content-type': 'application/json; charset=utf-8', origin: `http://${relayHost}` },
          { 'content-type': 'application/json' },
        ];
        for (const headers of allowed) {
          stack.sandbox.clock.advance(60_000);
          const answer = await post(headers);
          expect(answer.status, JSON.stringify(headers)).to.equal(200);
        }
      });

      it('a listed second origin gets CORS: preflight, credentials, exposed Date; others get none', async () => {
        const partner = 'https://app.partner.example';
        const url = await stack.startRelay({ allowedOrigins: [partner], allowedHeaders: ['X-CSRF-Token'] });
        const preflight = await fetch(`${url}/auth/credentials/${mine.emailCredentialId}/challenge`, {
          method: 'OPTIONS',
          headers: {
            origin: partner,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, ew-account-id',
          },
        });
        expect(preflight.status).to.equal(204);
        expect(preflight.headers.get('access-control-allow-origin')).to.equal(partner);
        expect(preflight.headers.get('access-control-allow-credentials')).to.equal('true');
        expect(preflight.headers.get('access-control-allow-methods')).to.equal('POST');
        expect(preflight.headers.get('access-control-allow-headers')).to.include('ew-account-id');
        expect(preflight.headers.get('access-control-allow-headers')).to.include('x-csrf-token');
        stack.sandbox.clock.advance(60_000);
        const actual = await fetch(`${url}/auth/credentials/${mine.emailCredentialId}/challenge`, {
          method: 'POST',
          headers: {
            origin: partner,
            'sec-fetch-site': 'cross-site',
            'content-type': 'application/json',
            'x-test-user': 'me',
            'ew-account-id': mine.accountId,
          },
          body: '{}',
        });
        expect(actual.status).to.equal(200);
        expect(actual.headers.get('access-control-allow-origin')).to.equal(partner);
        expect(actual.headers.get('access-control-expose-headers')).to.include('date');
        const stranger = await fetch(`${url}/auth/credentials/${mine.emailCredentialId}/challenge`, {
          method: 'OPTIONS',
          headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
        });
        expect(stranger.status).to.equal(403);
        expect(stranger.headers.get('access-control-allow-origin')).to.equal(null);
        const wrongMethod = await fetch(`${url}/auth/credentials/${mine.emailCredentialId}/challenge`, {
          method: 'OPTIONS',
          headers: { origin: partner, 'access-control-request-method': 'DELETE' },
        });
        expect(wrongMethod.status).to.equal(403);
      });
    });

    describe('passkey challenges', () => {
      it('are capped per wallet (429 with Retry-After), each issue O(1)', async () => {
        const url = await stack.startRelay({
          passkeys: { rpId: 'localhost', rpName: 'Cap', user: () => ({ id: 'u', name: 'u' }), challengesPerAccount: 3 },
        });
        const options = () =>
          fetch(`${url}/passkeys/registration-options`, {
            method: 'POST',
            headers: { 'x-test-user': 'me', 'content-type': 'application/json' },
            body: JSON.stringify({ accountId: mine.accountId }),
          });
        for (let i = 0; i < 3; i++) expect((await options()).status).to.equal(200);
        const before = upstreamCount();
        const capped = await options();
        expect(capped.status).to.equal(429);
        expect(Number(capped.headers.get('retry-after'))).to.be.within(1, 300);
        expect(upstreamCount()).to.equal(before); // refused before the credential listing
      });
    });
  });

describe('relay pass-through against a misbehaving service', () => {
  let service: Server;
  let serviceUrl: string;
  let behaviour: (res: ServerResponse, path: string) => void = () => undefined;
  let sentBytes = 0;

  before(async () => {
    service = createServer((req, res) => behaviour(res, req.url ?? ''));
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/2025-10-13`;
  });
  after(() => {
    service.closeAllConnections();
    service.close();
  });

  const relay = (extra: Partial<RelayOptions> = {}) =>
    createRelay({
      serviceUrl,
      credentials: { username: 'u', password: 'p' },
      authorize: () => true,
      timeoutMs: 400,
      ...extra,
    });
  const get = async (path = `/auth/sessions?accountId=${WALLET}`, extra: Partial<RelayOptions> = {}) => {
    const answer = await relay(extra)(new Request(`http://relay${path}`, { headers: { 'ew-account-id': WALLET } }));
    const text = await answer.text();
    return { status: answer.status, headers: answer.headers, text, body: text ? JSON.parse(text) : undefined };
  };

  it('turns a body that is not JSON into 502 UPSTREAM_INVALID_RESPONSE', async () => {
    behaviour = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    const html = await get();
    expect([html.status, html.body.code]).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    expect(html.text).to.not.include('<script>');
    expect(html.headers.get('x-content-type-options')).to.equal('nosniff');
    behaviour = (res) => res.writeHead(200).end('{"data":[]}');
    expect((await get()).status).to.equal(502); // no content type at all
    behaviour = (res) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"data":[]}');
    expect((await get()).body).to.deep.equal({ data: [] });
    // A JSON type a browser would read as its last one is replaced by the relay's own.
    behaviour = (res) => res.writeHead(200, { 'content-type': 'application/json;x=y, text/html' }).end('{"data":[]}');
    expect((await get()).headers.get('content-type')).to.equal('application/json; charset=utf-8');
  });

  it('never buffers past the response cap: a 200 MiB answer is cut off and becomes 502', async () => {
    sentBytes = 0;
    behaviour = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (sentBytes < 200 * 1024 * 1024) {
          sentBytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => undefined);
      pump();
    };
    const rss = process.memoryUsage().rss;
    const answer = await get(undefined, { maxResponseBytes: 1024 * 1024 });
    expect([answer.status, answer.body.code]).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    const grown = (process.memoryUsage().rss - rss) / 1024 / 1024;
    console.log(
      `200 MiB upstream answer: service sent ${(sentBytes / 1024 / 1024).toFixed(1)} MiB before the relay cut it off; RSS +${grown.toFixed(1)} MiB`,
    );
    expect(sentBytes).to.be.below(64 * 1024 * 1024);
    const declared = (behaviour = (res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) }).end());
    void declared;
    expect((await get(undefined, { maxResponseBytes: 1024 * 1024 })).status).to.equal(502);
  });

  it('a slow body is 504, a reset body is 502, and a quote lookup with a slow body is 504 (not 404)', async () => {
    behaviour = (res) => res.writeHead(200, { 'content-type': 'application/json' }).write('{"data":'); // never ends
    const slow = await get();
    expect([slow.status, slow.body.code]).to.deep.equal([504, 'UPSTREAM_TIMEOUT']);
    behaviour = (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' }).write('{"data":');
      setTimeout(() => res.socket?.destroy(), 20);
    };
    const reset = await get();
    expect([reset.status, reset.body.code]).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    behaviour = (res) => res.writeHead(200, { 'content-type': 'application/json' }).write('{"source":');
    const quote = await get(`/quotes/${QUOTE}`);
    expect([quote.status, quote.body.code]).to.deep.equal([504, 'UPSTREAM_TIMEOUT']);
  });

  it('one deadline covers all the upstream calls of one request (ownership pages included)', async () => {
    behaviour = (res) =>
      setTimeout(
        () =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ data: [], hasMore: true, nextCursor: 'c' })),
        150,
      );
    const started = Date.now();
    const answer = await relay({ timeoutMs: 400 })(
      new Request(`http://relay/auth/sessions/${SESSION}/refresh`, {
        method: 'POST',
        headers: { 'ew-account-id': WALLET, 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect([answer.status, ((await answer.json()) as { code: string }).code]).to.deep.equal([504, 'UPSTREAM_TIMEOUT']);
    expect(Date.now() - started).to.be.below(700);
  });

  it('with publicOrigin set, same-origin means exactly that origin, scheme included', async () => {
    behaviour = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
    const strict = relay({ publicOrigin: 'https://app.example.com' });
    const revoke = (origin: string) =>
      strict(
        new Request(`http://internal:3000/auth/sessions/${SESSION}`, {
          method: 'DELETE',
          headers: { 'ew-account-id': WALLET, origin },
        }),
      );
    expect((await revoke('http://app.example.com')).status).to.equal(403);
    expect((await revoke('https://evil.example')).status).to.equal(403);
    expect((await revoke('https://app.example.com')).status).to.equal(404); // past the origin rule, to the lookup
  });

  it('on node:http, answers with the exact Content-Length of the body (no chunked framing), none without a body', async () => {
    const server = createServer(toNodeHandler(relay()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const fetchRaw = (method = 'GET') =>
      new Promise<{ status: number; headers: Record<string, unknown>; bytes: number }>((resolve, reject) => {
        const request = httpRequest(
          {
            method,
            port,
            host: '127.0.0.1',
            path: `/auth/sessions?accountId=${WALLET}`,
            headers: { 'ew-account-id': WALLET },
          },
          (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    try {
      // Chunked from the service, with a multi-byte character: the length counts bytes.
      behaviour = (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":[{"nickname":"Zoé"}],');
        res.end('"hasMore":false}');
      };
      const answer = await fetchRaw();
      expect(answer.status).to.equal(200);
      expect(answer.headers['transfer-encoding']).to.equal(undefined);
      expect(Number(answer.headers['content-length'])).to.equal(answer.bytes).and.to.be.greaterThan(0);

      behaviour = (res) => res.writeHead(204).end();
      const empty = await fetchRaw();
      expect([empty.status, empty.bytes, empty.headers['content-length']]).to.deep.equal([204, 0, undefined]);

      // HEAD: no body, and no length that is not the one a GET would get.
      const head = await fetchRaw('HEAD');
      expect([head.bytes, head.headers['content-length']]).to.deep.equal([0, undefined]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('passes 204 and 205 without a body, and refuses redirects and 304 with 502', async () => {
    for (const status of [204, 205]) {
      behaviour = (res) => res.writeHead(status).end();
      const answer = await get();
      expect([answer.status, answer.text]).to.deep.equal([status, '']);
    }
    for (const status of [301, 302, 304, 307]) {
      behaviour = (res) => res.writeHead(status, { location: 'http://evil.example/' }).end();
      const answer = await get();
      expect([answer.status, answer.body.code], String(status)).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
      expect(answer.headers.get('location')).to.equal(null);
    }
  });
});

describe('relay against a service that answers out of the protocol', () => {
  /** A service that writes `reply` (raw HTTP) to every request. */
  let reply = '';
  let service: ReturnType<typeof createNetServer>;
  let serviceUrl: string;
  before(async () => {
    service = createNetServer((socket) => {
      socket.once('data', () => socket.end(reply));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/2025-10-13`;
  });
  after(() => service.close());

  const options = { credentials: { username: 'u', password: 'p' }, authorize: () => true, timeoutMs: 1_000 };
  const path = `/auth/sessions?accountId=${WALLET}`;
  const json = (status: number, body: string, headers = '') =>
    `HTTP/1.1 ${status} Whatever\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${headers}connection: close\r\n\r\n${body}`;

  /** The same request through the fetch handler and through toNodeHandler on node:http. */
  async function both(): Promise<{ status: number; code: string; date: string | null }[]> {
    const relay = createRelay({ serviceUrl, ...options });
    const viaFetch = await relay(new Request(`http://relay${path}`, { headers: { 'ew-account-id': WALLET } }));
    const server = createServer(toNodeHandler(relay));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const viaNode = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'ew-account-id': WALLET } });
      return Promise.all(
        [viaFetch, viaNode].map(async (answer) => {
          const text = await answer.text();
          return { status: answer.status, code: text ? JSON.parse(text).code : '', date: answer.headers.get('date') };
        }),
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('a status outside 200-599 (101, 600, 999) is 502 through either handler, never a rejection or a pass-through', async () => {
    for (const status of [101, 600, 999]) {
      reply = json(status, '{}');
      for (const answer of await both())
        expect([answer.status, answer.code], String(status)).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    }
  });

  it('a JSON-labelled body that is not JSON (cut off, HTML, not UTF-8) is 502, not passed on', async () => {
    for (const body of ['{"data":[{"id":', '<html>not json</html>', '\u00ff\u00fe{}']) {
      reply = json(200, body);
      for (const answer of await both())
        expect([answer.status, answer.code], body).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    }
    reply = json(200, '{"data":[]}');
    expect((await both()).map((a) => a.status)).to.deep.equal([200, 200]);
  });

  it('a quote lookup answered 200 with something other than a JSON object is 502, not a misleading 404', async () => {
    const relay = createRelay({ serviceUrl, ...options });
    for (const body of ['[]', '"quote"', 'null']) {
      reply = json(200, body);
      const answer = await relay(new Request(`http://relay/quotes/${QUOTE}`, { headers: { 'ew-account-id': WALLET } }));
      expect([answer.status, (await answer.json()).code], body).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    }
  });

  it("a service Date years off is not taken as its clock: the relay's own answers keep a valid Date", async () => {
    const relay = createRelay({ serviceUrl, ...options });
    reply = json(200, '{"data":[]}', 'date: Sat, 13 Sep 275760 00:00:00 GMT\r\n');
    await relay(new Request(`http://relay${path}`, { headers: { 'ew-account-id': WALLET } }));
    // An answer the relay makes itself (404) carries its idea of the service's time.
    const own = await relay(new Request('http://relay/nowhere'));
    expect(own.status).to.equal(404);
    const date = Date.parse(own.headers.get('date') ?? '');
    expect(Math.abs(date - Date.now())).to.be.lessThan(5_000);
  });
});

describe('relay on node:http: a slow upload is cut off in seconds, not minutes', () => {
  it('refuses a GET that carries a body at once, and closes the connection', async () => {
    const relay = createRelay({
      serviceUrl: 'http://127.0.0.1:9/v',
      credentials: { username: 'u', password: 'p' },
      authorize: () => true,
    });
    const server = createServer(toNodeHandler(relay));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const started = Date.now();
    const answer = await rawExchange(
      port,
      `GET /auth/sessions?accountId=${WALLET} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{`,
      5_000,
    );
    expect(answer).to.match(/^HTTP\/1.1 400/);
    expect(Date.now() - started).to.be.below(2_500);
    server.closeAllConnections();
    server.close();
  });

  it('answers 408 to a body dripped one byte at a time', async () => {
    const relay = createRelay({
      serviceUrl: 'http://127.0.0.1:9/v',
      credentials: { username: 'u', password: 'p' },
      authorize: () => true,
    });
    const server = createServer(toNodeHandler(relay, { bodyTimeoutMs: 300 }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
      socket.write(
        'POST /auth/credentials HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      );
      const drip = setInterval(() => socket.writable && socket.write('{'), 50);
      socket.on('close', () => clearInterval(drip));
    });
    expect(answer).to.match(/^HTTP\/1.1 408/);
    expect(Date.now() - started).to.be.below(2_500);
    server.closeAllConnections();
    server.close();
  });
});
