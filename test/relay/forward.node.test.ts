/**
 * The forward step (src/relay/forward.ts): the checked request sent on over
 * the relay's upstream to a stand-in service. Only the wallet's headers go
 * with it (never the browser's cookies or Authorization), the body is the
 * text the relay re-serialised, and the answer comes back as the browser gets it.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { forward } from '../../src/relay/forward.js';
import { inboundOf } from '../../src/relay/inbound.js';
import { standInUpstream } from '../helpers/stand-in-upstream.js';

const WALLET = 'InternalAccount:00000000-0000-4000-8000-000000000001';

const browserRequest = (headers: Record<string, string>) =>
  inboundOf(new Request('http://relay/api/auth/sessions', { headers }));

describe('forward: what reaches the service', () => {
  it("sends only the wallet's headers, with the platform's Basic credentials", async () => {
    const { upstream, calls } = standInUpstream(() => ({ json: {} }));
    const request = browserRequest({
      cookie: 'session=secret-cookie',
      authorization: 'Bearer browser-token',
      'x-forwarded-for': '1.2.3.4',
      origin: 'https://app.example.com',
      'ew-account-id': WALLET,
      'service-wallet-signature': 'stamp',
      'request-id': 'Request:1',
      'idempotency-key': 'key-1',
    });
    const query = new URLSearchParams({ accountId: WALLET });
    await forward(upstream, upstream.deadline(), request, {
      method: 'GET',
      path: '/auth/sessions',
      query,
      body: undefined,
    });
    const sent = Object.fromEntries(calls[0]!.headers);
    expect(sent).to.deep.equal({
      accept: 'application/json',
      authorization: 'Basic dTpw',
      'service-wallet-signature': 'stamp',
      'request-id': 'Request:1',
      'idempotency-key': 'key-1',
    });
  });

  it('sends the path with the checked query, and the body text exactly', async () => {
    const { upstream, calls } = standInUpstream(() => ({ json: {} }));
    const body = JSON.stringify({ privateEnabled: true });
    const path = `/internal-accounts/${WALLET}`;
    await forward(upstream, upstream.deadline(), browserRequest({}), {
      method: 'PATCH',
      path,
      query: new URLSearchParams(),
      body,
    });
    await forward(upstream, upstream.deadline(), browserRequest({}), {
      method: 'GET',
      path: '/auth/credentials',
      query: new URLSearchParams({ accountId: WALLET, limit: '10' }),
      body: undefined,
    });
    expect(calls.map((c) => [c.method, c.path, c.body, c.headers.get('content-type')])).to.deep.equal([
      ['PATCH', path, body, 'application/json'],
      ['GET', `/auth/credentials?accountId=${encodeURIComponent(WALLET)}&limit=10`, undefined, null],
    ]);
  });

  it("returns the service's status and body with only Retry-After and Date of its headers", async () => {
    const { upstream } = standInUpstream(() => ({ status: 429, json: { status: 429, code: 'TOO_MANY_REQUESTS' } }));
    const answer = await forward(upstream, upstream.deadline(), browserRequest({}), {
      method: 'GET',
      path: '/auth/sessions',
      query: new URLSearchParams(),
      body: undefined,
    });
    expect(answer.status).to.equal(429);
    expect(answer.headers).to.deep.equal({
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(JSON.parse(new TextDecoder().decode(answer.body as Uint8Array))).to.deep.equal({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
    });
  });
});
