import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { ApiClient, errorFromResponse, parseRetryAfter, ServerClock, WalletError } from '../../src/protocol/index.js';

const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name.toLowerCase()] ?? null });

describe('protocol helpers', () => {
  it("Retry-After in both forms: delta-seconds, and an HTTP date measured against the answer's Date", () => {
    expect(parseRetryAfter('17')).to.equal(17_000);
    const date = 'Sun, 22 Nov 2026 12:00:00 GMT';
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:45 GMT', date)).to.equal(45_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:59:00 GMT', date)).to.equal(0);
    expect(parseRetryAfter('soon')).to.equal(undefined);
    expect(parseRetryAfter(null)).to.equal(undefined);
  });

  it('the server clock follows the Date header, not the device clock', () => {
    const clock = new ServerClock();
    const now = Date.now();
    clock.observe(new Date(now + 3_600_000).toUTCString(), now, now);
    expect(clock.now() - Date.now()).to.be.within(3_599_000, 3_601_500);
    clock.observe('not a date', now, now);
    expect(clock.synced).to.equal(true);
  });

  it('error bodies become typed WalletErrors with status, code, reason, details and retry-after', () => {
    const error = errorFromResponse(
      {
        status: 401,
        headers: headers({}),
        body: { status: 401, code: 'UNAUTHORIZED', message: 'Authentication failed', reason: 'Invalid OTP code' },
      },
      'signInWithEmailOtp',
    );
    expect(error).to.be.instanceOf(WalletError);
    expect([error.code, error.status, error.reason, error.operation, error.ambiguous]).to.deep.equal([
      'UNAUTHORIZED',
      401,
      'Invalid OTP code',
      'signInWithEmailOtp',
      false,
    ]);
    const limited = errorFromResponse(
      { status: 429, headers: headers({ 'retry-after': '9' }), body: undefined },
      'resend',
    );
    expect([limited.code, limited.retryAfterMs]).to.deep.equal(['RATE_LIMITED', 9_000]);
    const gateway = errorFromResponse({ status: 503, headers: headers({}), body: '<html>' }, 'x');
    expect([gateway.code, gateway.ambiguous]).to.deep.equal(['INTERNAL_ERROR', true]);
  });

  it("an answer without the relay's mark is RELAY_NOT_FOUND: a framework's JSON 404, a single-page app's HTML", async () => {
    const answering = (status: number, h: Record<string, string>, body: unknown) =>
      new ApiClient(async () => ({ status, headers: headers(h), body }));
    const call = (client: ApiClient) =>
      client.call({ method: 'GET', path: '/auth/credentials', operation: 'listCredentials' }).then(
        () => 'answered',
        (error: WalletError) => error.code,
      );
    const framework404 = { message: 'Route GET:/api/wallet/auth/credentials not found', statusCode: 404 };
    expect(await call(answering(404, { 'content-type': 'application/json' }, framework404))).to.equal(
      'RELAY_NOT_FOUND',
    );
    expect(await call(answering(200, { 'content-type': 'text/html' }, undefined))).to.equal('RELAY_NOT_FOUND');
    // The relay's own: a 404 the service gave, and an answer that is no JSON object, keep their codes.
    const marked = { 'content-type': 'application/json', 'ew-relay': '1' };
    expect(await call(answering(404, marked, { code: 'NOT_FOUND', message: 'No credential' }))).to.equal('NOT_FOUND');
    expect(await call(answering(200, marked, undefined))).to.equal('INVALID_RESPONSE');
    expect(await call(answering(200, marked, { data: [] }))).to.equal('answered');
  });
});
