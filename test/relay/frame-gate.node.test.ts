/**
 * Isolated mode's gate (src/relay/frame-gate.ts), against the sandbox with a
 * client built on Turnkey's libraries: with `frameOrigin` set, a page script
 * (another origin, even one the relay lists) that phished the code, or holds
 * an OAuth token, cannot finish a sign-in, and a session key it somehow holds
 * signs nothing; the frame's origin does all of it. Nothing refused reaches
 * the service.
 */
import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_OIDC_ISSUER } from '../../src/sandbox/index.js';
import { createRelay } from '../../src/relay/index.js';
import { createWalletCustomer, startStack, type Stack } from '../helpers/stack.js';
import { oidcToken, TurnkeyWalletClient } from '../helpers/turnkey-wallet-client.js';

const FRAME = 'https://wallet.shop.example';
const PAGE = 'https://shop.example';

describe('relay: sign-ins and signed requests only from the wallet frame (frameOrigin)', () => {
  let stack: Stack;
  let ids: Awaited<ReturnType<typeof createWalletCustomer>>;
  let frame: TurnkeyWalletClient;
  let page: TurnkeyWalletClient;
  let server: TurnkeyWalletClient;

  before(async () => {
    stack = await startStack();
    ids = await createWalletCustomer(stack.sandbox, { email: 'gate@example.com' });
    stack.grant('ada', ids.accountId);
    // Both origins may call the relay (CORS): only the gate tells them apart.
    const relayUrl = await stack.startRelay({ frameOrigin: FRAME, allowedOrigins: [FRAME, PAGE] });
    const client = (headers: Record<string, string>) =>
      new TurnkeyWalletClient(relayUrl, 'ada', ids.accountId, stack.sandbox.enclaveKeys, headers);
    frame = client({ origin: FRAME });
    page = client({ origin: PAGE });
    server = client({});
  });
  after(() => stack.close());

  const upstreamCalls = () => stack.sandboxRequests.length;

  it('a code verified from the page (or with no Origin) is refused before the service; from the frame it signs in', async () => {
    for (const caller of [page, server]) {
      stack.sandbox.clock.advance(31_000);
      const before = upstreamCalls();
      const attempt = await caller.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
      expect(attempt.error?.status).to.equal(403);
      expect(attempt.error?.body.code).to.equal('FORBIDDEN');
      expect(attempt.error?.body.message).to.include(FRAME);
      // The challenge went through (it sends a code); the verify did not reach the service.
      const reached = stack.sandboxRequests.slice(before).map((r) => `${r.method} ${r.path}`);
      expect(reached.some((r) => r.includes('/challenge'))).to.equal(true);
      expect(reached.filter((r) => r.includes('/verify'))).to.deep.equal([]);
    }
    stack.sandbox.clock.advance(31_000);
    const signIn = await frame.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    expect(signIn.error?.body).to.equal(undefined);
    expect(signIn.session!.id).to.match(/^Session:/);
  });

  it("the frame's session key signs from the frame only: the page's signed retry is refused", async () => {
    stack.sandbox.clock.advance(31_000);
    const { key } = await frame.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    const before = upstreamCalls();
    const fromPage = await page.signed('PATCH', `/internal-accounts/${ids.accountId}`, { privateEnabled: true }, key!);
    expect(fromPage.challenge.status, 'the unsigned first call still gets its challenge').to.equal(202);
    expect(fromPage.result.status).to.equal(403);
    expect(upstreamCalls() - before, 'only the challenge reached the service').to.equal(1);
    const fromFrame = await frame.signed(
      'PATCH',
      `/internal-accounts/${ids.accountId}`,
      { privateEnabled: true },
      key!,
    );
    expect(fromFrame.result.status, JSON.stringify(fromFrame.result.body)).to.equal(200);
  });

  it('an OAuth token the page obtained signs nothing in: refused from the page, taken from the frame', async () => {
    stack.sandbox.clock.advance(31_000);
    const { key } = await frame.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    const now = Math.floor(stack.sandbox.clock.now() / 1000);
    const claims = { iss: SANDBOX_OIDC_ISSUER, aud: 'partner-app', sub: 'gate-1', iat: now, exp: now + 600 };
    const register = await frame.signed(
      'POST',
      '/auth/credentials',
      { type: 'OAUTH', accountId: ids.accountId, oidcToken: oidcToken(claims) },
      key!,
    );
    expect(register.result.status, JSON.stringify(register.result.body)).to.equal(201);
    const credentialId = register.result.body.id as string;
    const fromPage = await page.oauthSignIn(credentialId, claims);
    expect(fromPage.error?.status).to.equal(403);
    const fromFrame = await frame.oauthSignIn(credentialId, claims);
    expect(fromFrame.error?.body).to.equal(undefined);
  });

  it('reads and challenges pass from anywhere the relay allows (they neither sign nor sign in)', async () => {
    const sessions = await page.call('GET', `/auth/sessions?accountId=${ids.accountId}`);
    expect(sessions.status).to.equal(200);
  });

  it('a frameOrigin that is not an origin is refused when the relay is made', () => {
    for (const bad of ['https://*', 'wallet.shop.example', 'https://wallet.shop.example/', '*'])
      expect(
        () =>
          createRelay({
            serviceUrl: 'http://127.0.0.1:1',
            credentials: { username: 'u', password: 'p' },
            authorize: () => true,
            frameOrigin: bad,
          }),
        bad,
      ).to.throw(TypeError, /frameOrigin/);
  });
});
