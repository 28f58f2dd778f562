/**
 * The relay's origin rule (docs/relay.md, "What it guarantees"), against the
 * sandbox with either store: only same-origin pages (and non-browser callers)
 * change state, and a listed second origin gets CORS while others get none.
 */
import { expect } from 'chai';
import { before, describe, it } from 'node:test';
import type { Stack } from '../helpers/stack.js';
import { hardeningStack, SESSION, type Customer } from './hardening-stack.js';

for (const adapter of ['memory', 'redis'] as const)
  describe(`relay hardening (${adapter} store)`, () => {
    const hardening = hardeningStack(adapter);
    const { upstreamCount } = hardening;
    let stack: Stack;
    let mine: Customer;
    let relayHost: string;
    before(() => {
      ({ stack, mine, relayHost } = hardening.current());
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
        // The page's widget must read the relay's mark, or every answer would look like another server's.
        expect(actual.headers.get('access-control-expose-headers')).to.include('ew-relay');
        expect(actual.headers.get('ew-relay')).to.equal('1');
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
  });
