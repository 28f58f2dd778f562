/**
 * The relay as an attacker meets it (docs/relay.md, "What it guarantees"),
 * against the sandbox with either store: nothing reaches the service before
 * `authorize` accepts the visitor, ids that are not yours look like ids that
 * do not exist, only well-formed paths, methods, query parameters and bodies
 * are forwarded (and exactly the body authorized), log fields are escaped,
 * every answer is nosniff and no-store, and passkey challenges are capped.
 */
import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { before, describe, it } from 'node:test';
import { platform, type Stack } from '../helpers/stack.js';
import { CREDENTIAL, hardeningStack, QUOTE, rawExchange, SESSION, type Customer } from './hardening-stack.js';

for (const adapter of ['memory', 'redis'] as const)
  describe(`relay hardening (${adapter} store)`, () => {
    const hardening = hardeningStack(adapter);
    const { call, upstreamCount } = hardening;
    let stack: Stack;
    let mine: Customer;
    let theirs: Customer;
    let theirQuote: string;
    let relayHost: string;
    before(() => {
      ({ stack, mine, theirs, theirQuote, relayHost } = hardening.current());
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
