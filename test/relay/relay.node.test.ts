/** The partner relay's guarantees (docs/relay.md, "What it guarantees"). */
import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { createRelay } from '../../src/relay/index.js';
import { startRedis, type TestRedis } from '../helpers/redis.js';
import { createWalletCustomer, startStack, type Stack } from '../helpers/stack.js';
import { newKey, TurnkeyWalletClient } from '../helpers/turnkey-wallet-client.js';

const WALLET = 'InternalAccount:00000000-0000-4000-8000-000000000001';

for (const adapter of ['memory', 'redis'] as const)
  describe(`relay (${adapter} store)`, () => {
    let stack: Stack;
    let redis: TestRedis | undefined;
    let mine: Awaited<ReturnType<typeof createWalletCustomer>>;
    let theirs: Awaited<ReturnType<typeof createWalletCustomer>>;
    let me: TurnkeyWalletClient;
    const upstreamHeaders: Headers[] = [];
    const everyResponse: { status: number; headers: Headers; text: string }[] = [];

    async function raw(path: string, init: RequestInit & { user?: string; hint?: string } = {}) {
      const response = await fetch(`${stack.relayUrl}${path}`, {
        ...init,
        headers: {
          'x-test-user': init.user ?? 'me',
          'ew-account-id': init.hint ?? mine.accountId,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(init.headers as Record<string, string>),
        },
      });
      const text = await response.text();
      everyResponse.push({ status: response.status, headers: response.headers, text });
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
    }
    /** Whether the sandbox saw this call after the test stacks were set up (their own registrations excepted). */
    let setUpCalls = 0;
    const reached = (method: string, path: string) =>
      stack.sandboxRequests.slice(setUpCalls).some((r) => r.method === method && r.path === path);

    before(async () => {
      redis = adapter === 'redis' ? await startRedis() : undefined;
      stack = await startStack({
        relay: {
          timeoutMs: 400,
          ...(redis ? { store: redis.store() } : {}),
          fetch: (input, init) => {
            upstreamHeaders.push(new Headers(init?.headers));
            return fetch(input, init);
          },
        },
      });
      mine = await createWalletCustomer(stack.sandbox, { email: 'me@example.com' });
      theirs = await createWalletCustomer(stack.sandbox, { email: 'them@example.com' });
      stack.grant('me', mine.accountId);
      stack.grant('them', theirs.accountId);
      me = new TurnkeyWalletClient(stack.relayUrl, 'me', mine.accountId, stack.sandbox.enclaveKeys);
      setUpCalls = stack.sandboxRequests.length;
    });
    after(async () => {
      await stack.close();
      await redis?.close();
    });

    it('refuses operations outside the allowlist with 404, and they never reach the sandbox', async () => {
      const before = stack.sandboxRequests.length;
      const attempts: [string, string][] = [
        ['POST', '/customers'],
        ['GET', '/customers'],
        ['POST', `/quotes/Quote:00000000-0000-4000-8000-000000000000/execute`],
        ['POST', `/sandbox/internal-accounts/${mine.accountId}/fund`],
        ['GET', '/../customers'],
        ['POST', '/_sandbox/faults'],
      ];
      for (const [method, path] of attempts) {
        const r = await raw(path, { method, body: method === 'POST' ? '{}' : null });
        expect([r.status, r.body.code], `${method} ${path}`).to.deep.equal([404, 'NOT_FOUND']);
      }
      expect(stack.sandboxRequests.length).to.equal(before);
    });

    it("refuses what the authorize hook refuses (403), including another customer's wallet, before it reaches the sandbox", async () => {
      const stranger = await raw(`/auth/sessions?accountId=${mine.accountId}`, { user: 'nobody' });
      expect([stranger.status, stranger.body.code]).to.deep.equal([403, 'FORBIDDEN']);
      // Their wallet by path, by body, by query, by credential id (with their id as hint, and with mine).
      const attempts = [
        raw(`/internal-accounts/${theirs.accountId}`, {
          method: 'PATCH',
          body: JSON.stringify({ privateEnabled: true }),
        }),
        raw(`/internal-accounts/${theirs.accountId}/export`, {
          method: 'POST',
          body: JSON.stringify({ clientPublicKey: newKey().publicKeyUncompressed }),
        }),
        raw('/auth/credentials', {
          method: 'POST',
          body: JSON.stringify({ type: 'SMS_OTP', accountId: theirs.accountId }),
        }),
        raw(`/auth/credentials?accountId=${theirs.accountId}`),
        raw(`/auth/credentials/${theirs.emailCredentialId}/challenge`, {
          method: 'POST',
          body: '{}',
          hint: theirs.accountId,
        }),
        raw(`/customers/${theirs.customerId}`, {
          method: 'PATCH',
          body: JSON.stringify({ customerType: 'INDIVIDUAL', email: 'x@example.com' }),
          hint: theirs.accountId,
        }),
      ];
      for (const r of await Promise.all(attempts)) expect([r.status, r.body.code]).to.deep.equal([403, 'FORBIDDEN']);
      const spoofed = await raw(`/auth/credentials/${theirs.emailCredentialId}/challenge`, {
        method: 'POST',
        body: '{}',
      });
      expect(spoofed.status).to.equal(404); // my hint, their credential: not mine
      const spoofedCustomer = await raw(`/customers/${theirs.customerId}`, {
        method: 'PATCH',
        body: JSON.stringify({ customerType: 'INDIVIDUAL', email: 'x@example.com' }),
      });
      expect(spoofedCustomer.status).to.equal(404); // my hint, their customer: not mine
      expect(reached('PATCH', `/internal-accounts/${theirs.accountId}`)).to.equal(false);
      expect(reached('POST', `/internal-accounts/${theirs.accountId}/export`)).to.equal(false);
      expect(reached('POST', '/auth/credentials')).to.equal(false);
      expect(reached('POST', `/auth/credentials/${theirs.emailCredentialId}/challenge`)).to.equal(false);
      expect(reached('PATCH', `/customers/${theirs.customerId}`)).to.equal(false);
      // The hook throwing counts as a refusal too.
      const throwing = createRelay({
        serviceUrl: stack.sandbox.baseUrl,
        credentials: stack.sandbox.credentials,
        authorize: () => {
          throw new Error('db down');
        },
      });
      const answer = await throwing(new Request(`http://relay/auth/sessions?accountId=${mine.accountId}`));
      expect(answer.status).to.equal(403);
    });

    it("forwards only the wallet headers: never cookies or the browser's Authorization", async () => {
      upstreamHeaders.length = 0;
      const r = await raw(`/auth/sessions?accountId=${mine.accountId}`, {
        headers: {
          cookie: 'session=secret-cookie',
          authorization: 'Bearer browser-token',
          'x-forwarded-for': '1.2.3.4',
          'request-id': 'Request:x',
        },
      });
      expect(r.status).to.equal(200);
      expect(upstreamHeaders).to.have.length.greaterThan(0);
      for (const headers of upstreamHeaders) {
        expect(headers.get('cookie')).to.equal(null);
        expect(headers.get('x-forwarded-for')).to.equal(null);
        expect(headers.get('authorization')).to.match(/^Basic /);
      }
      expect(upstreamHeaders.at(-1)!.get('request-id')).to.equal('Request:x');
    });

    it('refuses a 1 MiB body with 413 before the sandbox sees it', async () => {
      const big = JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle: 'x'.repeat(1024 * 1024) });
      const r = await raw(`/auth/credentials/${mine.emailCredentialId}/verify`, { method: 'POST', body: big });
      expect([r.status, r.body.code]).to.deep.equal([413, 'PAYLOAD_TOO_LARGE']);
      expect(reached('POST', `/auth/credentials/${mine.emailCredentialId}/verify`)).to.equal(false);
    });

    it('passes Retry-After and Date back, and times out a hanging service with a typed 504', async () => {
      await raw(`/auth/credentials/${mine.emailCredentialId}/challenge`, { method: 'POST', body: '{}' });
      const limited = await raw(`/auth/credentials/${mine.emailCredentialId}/challenge`, {
        method: 'POST',
        body: '{}',
      });
      expect(limited.status).to.equal(429);
      expect(Number(limited.headers.get('retry-after'))).to.be.within(1, 30);
      expect(Number.isNaN(Date.parse(limited.headers.get('date')!))).to.equal(false);
      stack.sandbox.faults.inject({ method: 'GET', path: '/auth/sessions', kind: 'hang', hangMs: 2_000 });
      const started = Date.now();
      const slow = await raw(`/auth/sessions?accountId=${mine.accountId}`);
      expect([slow.status, slow.body.code]).to.deep.equal([504, 'UPSTREAM_TIMEOUT']);
      expect(Date.now() - started).to.be.below(1_900);
    });

    it("stamps its own answers with the service's clock, so clients never see two clocks", async () => {
      stack.sandbox.clock.advance(20 * 60_000);
      await raw(`/auth/sessions?accountId=${mine.accountId}`); // the relay learns the service's time
      const refused = await raw('/no-such-operation');
      const options = await raw('/passkeys/registration-options', {
        method: 'POST',
        body: JSON.stringify({ accountId: mine.accountId }),
      });
      expect([refused.status, options.status]).to.deep.equal([404, 200]);
      for (const own of [refused, options]) {
        const skew = Date.parse(own.headers.get('date')!) - stack.sandbox.clock.now();
        expect(Math.abs(skew)).to.be.below(2_000);
      }
    });

    it("a failing service during the relay's own ownership lookup comes back as that failure, not a 404", async () => {
      const someSession = 'Session:00000000-0000-4000-8000-000000000000';
      stack.sandbox.faults.inject({ method: 'GET', path: '/auth/sessions', kind: '500' });
      const failed = await raw(`/auth/sessions/${someSession}/refresh`, { method: 'POST', body: '{}' });
      expect([failed.status, failed.body.code]).to.deep.equal([500, 'INTERNAL_ERROR']);
      // With the service healthy, the same unknown session is the relay's own 404.
      const unknown = await raw(`/auth/sessions/${someSession}/refresh`, { method: 'POST', body: '{}' });
      expect([unknown.status, unknown.body.code]).to.deep.equal([404, 'NOT_FOUND']);
    });

    it('answers 502 UPSTREAM_UNAVAILABLE when the service cannot be reached', async () => {
      const relay = createRelay({
        serviceUrl: 'http://127.0.0.1:9/2025-10-13',
        credentials: { username: 'u', password: 'p' },
        authorize: () => true,
      });
      const r = await relay(new Request(`http://relay/auth/sessions?accountId=${WALLET}`));
      expect(r.status).to.equal(502);
      expect((await r.json()).code).to.equal('UPSTREAM_UNAVAILABLE');
    });

    it('never returns the platform credentials, and its log lines hold no secrets', async () => {
      // A whole sign-in and an export run through it, so the log has seen OTP bundles, stamps and mnemonics.
      stack.sandbox.clock.advance(31_000);
      const signIn = await me.otpSignIn(mine.emailCredentialId, 'EMAIL_OTP');
      const exported = await me.exportMnemonic(signIn.key!);
      expect(exported.mnemonic).to.be.a('string');
      const { username, password } = stack.sandbox.credentials;
      const basic = Buffer.from(`${username}:${password}`).toString('base64');
      expect(me.responses.length).to.be.greaterThan(3);
      for (const response of [...everyResponse, ...me.responses]) {
        const all = `${response.text} ${[...response.headers].map(([k, v]) => `${k}:${v}`).join(' ')}`;
        for (const secret of [username, password, basic]) expect(all.includes(secret)).to.equal(false);
      }
      const log = JSON.stringify(stack.relayLog);
      expect(stack.relayLog.length).to.be.greaterThan(10);
      for (const entry of stack.relayLog)
        expect(Object.keys(entry).sort()).to.deep.equal(['durationMs', 'method', 'operation', 'path', 'status']);
      for (const secret of [
        username,
        password,
        basic,
        exported.mnemonic!,
        signIn.key!.privateKey,
        'encappedPublic',
        'payloadToSign',
      ]) {
        expect(log.includes(secret)).to.equal(false);
      }
    });
  });
