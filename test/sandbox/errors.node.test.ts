/** Each error path answers the service's documented status, code and reason (docs/protocol.md, "Errors"). */
import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { encryptOtpCodeToBundle } from '@turnkey/crypto';
import { SANDBOX_OIDC_ISSUER } from '../../src/sandbox/index.js';
import { createWalletCustomer, platform, startStack, type Stack } from '../helpers/stack.js';
import {
  newKey,
  nonceFor,
  oidcToken,
  stampWith,
  TurnkeyWalletClient,
  type KeyPair,
  type Reply,
} from '../helpers/turnkey-wallet-client.js';

describe('sandbox error paths', () => {
  let stack: Stack;
  let client: TurnkeyWalletClient;
  let ids: Awaited<ReturnType<typeof createWalletCustomer>>;
  let key: KeyPair;
  const tick = () => stack.sandbox.clock.advance(31_000);
  const code = (r: { status: number; body: Record<string, unknown> }) => [r.status, r.body['code']];

  before(async () => {
    stack = await startStack();
    ids = await createWalletCustomer(stack.sandbox, { email: 'err@example.com' });
    stack.grant('u', ids.accountId);
    client = new TurnkeyWalletClient(stack.relayUrl, 'u', ids.accountId, stack.sandbox.enclaveKeys);
    key = (await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP')).key!;
  });
  after(() => stack.close());

  it('a wrong OTP code: 401 UNAUTHORIZED, reason "Invalid OTP code"; the right code still works after it', async () => {
    tick();
    const wrong = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP', 'client-held', '123456');
    expect(code(wrong.error!)).to.deep.equal([401, 'UNAUTHORIZED']);
    expect(wrong.error!.body.reason).to.equal('Invalid OTP code');
    tick();
    expect((await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP')).session).to.have.property('id');
  });

  it('resend inside the interval: 429 with Retry-After in seconds', async () => {
    tick();
    expect((await client.call('POST', `/auth/credentials/${ids.emailCredentialId}/challenge`, {})).status).to.equal(
      200,
    );
    stack.sandbox.clock.advance(10_000);
    const again = await client.call('POST', `/auth/credentials/${ids.emailCredentialId}/challenge`, {});
    expect(again.status).to.equal(429);
    expect(again.headers.get('retry-after')).to.equal('20');
    expect(again.headers.get('date')).to.be.a('string');
  });

  const privacy = () => client.call('PATCH', `/internal-accounts/${ids.accountId}`, { privateEnabled: true });
  const retry = (requestId: string, stamp: string, body: unknown = { privateEnabled: true }) =>
    client.call('PATCH', `/internal-accounts/${ids.accountId}`, body, {
      'service-wallet-signature': stamp,
      'request-id': requestId,
    });

  it('Request-Id: reused and expired are 401 with reasons; missing ones are REQUEST_ID_MISSING / WALLET_SIGNATURE_MISSING', async () => {
    const first = await privacy();
    const stamp = await stampWith(key, first.body.payloadToSign);
    expect((await retry(first.body.requestId, stamp)).status).to.equal(200);
    const reused = await retry(first.body.requestId, stamp);
    expect([...code(reused), reused.body.reason]).to.deep.equal([401, 'UNAUTHORIZED', 'Request-Id already used']);

    const second = await privacy();
    stack.sandbox.clock.advance(5 * 60_000 + 1);
    const late = await retry(second.body.requestId, await stampWith(key, second.body.payloadToSign));
    expect([...code(late), late.body.reason]).to.deep.equal([401, 'UNAUTHORIZED', 'Request-Id expired']);

    const noId = await client.call(
      'PATCH',
      `/internal-accounts/${ids.accountId}`,
      { privateEnabled: true },
      { 'service-wallet-signature': stamp },
    );
    expect(code(noId)).to.deep.equal([401, 'REQUEST_ID_MISSING']);
    const noSig = await client.call(
      'PATCH',
      `/internal-accounts/${ids.accountId}`,
      { privateEnabled: true },
      { 'request-id': second.body.requestId },
    );
    expect(code(noSig)).to.deep.equal([401, 'WALLET_SIGNATURE_MISSING']);
  });

  it('a stamp over another payload is WALLET_SIGNATURE_INVALID; another body on the retry is WALLET_SIGNATURE_BODY_MISMATCH; junk is _MALFORMED', async () => {
    tick();
    key = (await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP')).key!;
    const a = await privacy();
    expect(code(await retry(a.body.requestId, await stampWith(key, `${a.body.payloadToSign} `)))).to.deep.equal([
      401,
      'WALLET_SIGNATURE_INVALID',
    ]);
    const b = await privacy();
    expect(
      code(await retry(b.body.requestId, await stampWith(key, b.body.payloadToSign), { privateEnabled: false })),
    ).to.deep.equal([401, 'WALLET_SIGNATURE_BODY_MISMATCH']);
    const c = await privacy();
    expect(code(await retry(c.body.requestId, 'not-a-stamp!'))).to.deep.equal([401, 'WALLET_SIGNATURE_MALFORMED']);
    const d = await privacy();
    expect(
      code(await retry(d.body.requestId, Buffer.from('{"publicKey":"02ab"}').toString('base64url'))),
    ).to.deep.equal([401, 'WALLET_SIGNATURE_MALFORMED']);
  });

  it('a stamp by a revoked session, or by a key that is no session at all, is WALLET_SIGNATURE_INVALID', async () => {
    tick();
    const doomed = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    expect(
      (await client.signed('DELETE', `/auth/sessions/${doomed.session!.id}`, undefined, key)).result.status,
    ).to.equal(204);
    expect(
      code(
        (await client.signed('PATCH', `/internal-accounts/${ids.accountId}`, { privateEnabled: true }, doomed.key!))
          .result,
      ),
    ).to.deep.equal([401, 'WALLET_SIGNATURE_INVALID']);
    expect(
      code(
        (await client.signed('PATCH', `/internal-accounts/${ids.accountId}`, { privateEnabled: true }, newKey()))
          .result,
      ),
    ).to.deep.equal([401, 'WALLET_SIGNATURE_INVALID']);
  });

  it('OTP verify by a key other than the TEK the code was sealed with is WALLET_SIGNATURE_INVALID', async () => {
    tick();
    const challenge = await client.call('POST', `/auth/credentials/${ids.emailCredentialId}/challenge`, {});
    const tek = newKey();
    const bundle = await encryptOtpCodeToBundle(
      '000000',
      challenge.body.otpEncryptionTargetBundle,
      tek.publicKey,
      stack.sandbox.enclaveKeys.otpTarget,
    );
    const result = await client.signed(
      'POST',
      `/auth/credentials/${ids.emailCredentialId}/verify`,
      { type: 'EMAIL_OTP', encryptedOtpBundle: bundle },
      key,
    );
    expect(code(result.result)).to.deep.equal([401, 'WALLET_SIGNATURE_INVALID']);
  });

  it('OAuth: stale iat and a nonce mismatch are 401 with reasons; a malformed JWT is 400 INVALID_INPUT', async () => {
    const now = Math.floor(stack.sandbox.clock.now() / 1000);
    const claims = { iss: SANDBOX_OIDC_ISSUER, aud: 'app', sub: 'oauth-err', iat: now, exp: now + 600 };
    const registered = await client.signed(
      'POST',
      '/auth/credentials',
      { type: 'OAUTH', accountId: ids.accountId, oidcToken: oidcToken(claims) },
      key,
    );
    expect(registered.result.status).to.equal(201);
    const id = registered.result.body.id;
    const clientKey = newKey().publicKeyUncompressed;
    const verify = (token: string) =>
      client.call('POST', `/auth/credentials/${id}/verify`, {
        type: 'OAUTH',
        oidcToken: token,
        clientPublicKey: clientKey,
      });

    const stale = await verify(oidcToken({ ...claims, iat: now - 66, nonce: nonceFor(clientKey) }));
    expect([...code(stale), stale.body.reason]).to.deep.equal([
      401,
      'UNAUTHORIZED',
      'Token is stale: iat is more than 60 seconds old',
    ]);
    const nonce = await verify(oidcToken({ ...claims, nonce: nonceFor(newKey().publicKeyUncompressed) }));
    expect([...code(nonce), nonce.body.reason]).to.deep.equal([
      401,
      'UNAUTHORIZED',
      'Nonce does not match clientPublicKey',
    ]);
    const other = await verify(oidcToken({ ...claims, sub: 'someone-else', nonce: nonceFor(clientKey) }));
    expect(other.body.reason).to.equal('Token identity does not match the credential');
    expect(code(await verify('not.a-jwt'))).to.deep.equal([400, 'INVALID_INPUT']);
    expect(code(await verify('onlyonepart'))).to.deep.equal([400, 'INVALID_INPUT']);
    expect((await verify(oidcToken({ ...claims, nonce: nonceFor(clientKey) }))).status).to.equal(200);
  });

  it('the last credential cannot be revoked: 400', async () => {
    const lone = await createWalletCustomer(stack.sandbox, { email: 'lone@example.com' });
    stack.grant('u', lone.accountId);
    const loneClient = new TurnkeyWalletClient(stack.relayUrl, 'u', lone.accountId, stack.sandbox.enclaveKeys);
    const r = await loneClient.call('DELETE', `/auth/credentials/${lone.emailCredentialId}`);
    expect(code(r)).to.deep.equal([400, 'INVALID_INPUT']);
  });

  it('unknown ids: 404 with the resource code', async () => {
    const { sandbox } = stack;
    const uuid = '00000000-0000-4000-8000-000000000000';
    expect(code(await platform(sandbox, 'GET', `/customers/Customer:${uuid}`))).to.deep.equal([404, 'USER_NOT_FOUND']);
    expect(code(await platform(sandbox, 'GET', `/quotes/Quote:${uuid}`))).to.deep.equal([404, 'QUOTE_NOT_FOUND']);
    expect(code(await platform(sandbox, 'GET', `/transactions/Transaction:${uuid}`))).to.deep.equal([
      404,
      'TRANSACTION_NOT_FOUND',
    ]);
    expect(code(await platform(sandbox, 'POST', `/auth/credentials/AuthMethod:${uuid}/challenge`, {}))).to.deep.equal([
      404,
      'CREDENTIAL_NOT_FOUND',
    ]);
    expect(code(await platform(sandbox, 'DELETE', `/auth/sessions/Session:${uuid}`))).to.deep.equal([
      404,
      'SESSION_NOT_FOUND',
    ]);
    expect(
      code(
        await platform(sandbox, 'POST', `/internal-accounts/InternalAccount:${uuid}/export`, {
          clientPublicKey: newKey().publicKeyUncompressed,
        }),
      ),
    ).to.deep.equal([404, 'ACCOUNT_NOT_FOUND']);
  });

  it('execute after expiry: 400 QUOTE_EXPIRED; without funds: 400 INSUFFICIENT_FUNDS; twice: 409', async () => {
    const { sandbox } = stack;
    const external = await platform(sandbox, 'POST', '/customers/external-accounts', {
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: '000111222',
        routingNumber: '021000021',
        beneficiary: { fullName: 'E R' },
      },
    });
    const quote = async () =>
      (
        await platform(sandbox, 'POST', '/quotes', {
          source: { accountId: ids.accountId },
          destination: { accountId: external.body.id },
          lockedCurrencyAmount: 1_000,
        })
      ).body;
    const execute = async (q: Reply['body']) =>
      platform(sandbox, 'POST', `/quotes/${q.id}/execute`, undefined, {
        'service-wallet-signature': await stampWith(key, q.paymentInstructions[0].accountOrWalletInfo.payloadToSign),
      });
    const poor = await quote();
    expect(code(await execute(poor))).to.deep.equal([400, 'INSUFFICIENT_FUNDS']);
    const expiring = await quote();
    sandbox.clock.advance(5 * 60_000 + 1);
    expect(code(await execute(expiring))).to.deep.equal([400, 'QUOTE_EXPIRED']);
    expect((await platform(sandbox, 'GET', `/quotes/${expiring.id}`)).body.status).to.equal('EXPIRED');
    tick();
    key = (await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP')).key!;
    await platform(sandbox, 'POST', `/sandbox/internal-accounts/${ids.accountId}/fund`, { amount: 5_000 });
    const ok = await quote();
    expect((await execute(ok)).status).to.equal(200);
    expect(code(await execute(ok))).to.deep.equal([409, 'QUOTE_ALREADY_EXECUTED']);
    const unsigned = await quote();
    expect(code(await platform(sandbox, 'POST', `/quotes/${unsigned.id}/execute`))).to.deep.equal([
      401,
      'WALLET_SIGNATURE_MISSING',
    ]);
  });

  it('list limits outside 1..100: 400; wrong platform credentials: 401 UNAUTHORIZED', async () => {
    const { sandbox } = stack;
    for (const limit of ['0', '101', 'abc', '-1']) {
      expect(code(await platform(sandbox, 'GET', `/customers?limit=${limit}`)), limit).to.deep.equal([
        400,
        'INVALID_INPUT',
      ]);
    }
    expect(code(await client.call('GET', `/auth/sessions?accountId=${ids.accountId}&limit=500`))).to.deep.equal([
      400,
      'INVALID_INPUT',
    ]);
    const page = await platform(sandbox, 'GET', '/customers?limit=1');
    expect(page.body).to.include({ hasMore: true });
    expect(page.body.data).to.have.length(1);
    const next = await platform(sandbox, 'GET', `/customers?limit=1&cursor=${page.body.nextCursor}`);
    expect(next.body.data[0].id).to.not.equal(page.body.data[0].id);
    const bad = await fetch(`${sandbox.baseUrl}/customers`, {
      headers: { authorization: `Basic ${btoa('who:knows')}` },
    });
    expect(bad.status).to.equal(401);
    expect((await bad.json()).code).to.equal('UNAUTHORIZED');
  });

  it('quote outcomes follow the destination suffix', async () => {
    const { sandbox } = stack;
    await platform(sandbox, 'POST', `/sandbox/internal-accounts/${ids.accountId}/fund`, { amount: 100_000 });
    const expected: Record<string, string[]> = {
      '002': ['PENDING', 'FAILED', 'FAILED'],
      '004': ['PENDING', 'PROCESSING', 'FAILED'],
      '005': ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'],
      '006': ['PENDING', 'PROCESSING', 'FAILED'],
      '007': ['PENDING', 'PROCESSING', 'FAILED'],
    };
    for (const [suffix, path] of Object.entries(expected)) {
      tick();
      key = (await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP')).key!;
      const external = await platform(sandbox, 'POST', '/customers/external-accounts', {
        currency: 'USD',
        accountInfo: {
          accountType: 'USD_ACCOUNT',
          accountNumber: `555000${suffix}`,
          routingNumber: '021000021',
          beneficiary: { fullName: 'S' },
        },
      });
      const q = (
        await platform(sandbox, 'POST', '/quotes', {
          source: { accountId: ids.accountId },
          destination: { accountId: external.body.id },
          lockedCurrencyAmount: 1_000,
        })
      ).body;
      const stamp = await stampWith(key, q.paymentInstructions[0].accountOrWalletInfo.payloadToSign);
      expect(
        (await platform(sandbox, 'POST', `/quotes/${q.id}/execute`, undefined, { 'service-wallet-signature': stamp }))
          .status,
      ).to.equal(200);
      const seen: string[] = [];
      for (const wait of [0, 1_000, 2_000, 30_000].slice(0, path.length)) {
        sandbox.clock.advance(wait);
        seen.push((await platform(sandbox, 'GET', `/transactions/${q.transactionId}`)).body.status);
      }
      expect(seen, suffix).to.deep.equal(path);
    }
    const refused = await platform(sandbox, 'POST', '/customers/external-accounts', {
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: '999105',
        routingNumber: '021000021',
        beneficiary: { fullName: 'S' },
      },
    });
    expect(code(refused)).to.deep.equal([400, 'INVALID_INPUT']);
  });
});
