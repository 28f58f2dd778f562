/**
 * The sandbox follows the service's documented rules for retries (docs/sandbox.md,
 * docs/protocol.md): a signed retry's Request-Id and Service-Wallet-Signature,
 * and Idempotency-Key on quote execution, over real HTTP (the platform's calls
 * direct, the wallet's through the relay).
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { stampWith } from '../helpers/turnkey-wallet-client.js';
import {
  type Body,
  code,
  call,
  advance,
  useStack,
  signedInWallet,
  type Wallet,
  fund,
  externalAccount,
  quote,
  execute,
} from './spec-rules-stack.js';

useStack();

describe('signed retry headers', () => {
  let wallet: Wallet;
  const privacy = (headers: Record<string, string> = {}) =>
    wallet.client.call('PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, headers);
  const retry = async (challenge: Body) =>
    privacy({
      'service-wallet-signature': await stampWith(wallet.key, challenge['payloadToSign']),
      'request-id': challenge['requestId'],
    });

  before(async () => {
    wallet = await signedInWallet('retry');
  });

  it('a Request-Id the sandbox never issued is a first call: the 202 challenge, headers ignored', async () => {
    const first = await privacy({
      'service-wallet-signature': await stampWith(wallet.key, 'something else'),
      'request-id': `Request:${randomUUID()}`,
    });
    expect(first.status, JSON.stringify(first.body)).to.equal(202);
    expect(first.body.requestId).to.match(/^Request:/);
    expect(JSON.parse(first.body.payloadToSign).type).to.equal('ACTIVITY_TYPE_UPDATE_WALLET');
    // The challenge it got is a real one: its signed retry goes through (before a newer first call
    // on the same wallet would supersede it).
    expect((await retry(first.body)).status).to.equal(200);
    const onlyId = await privacy({ 'request-id': `Request:${randomUUID()}` });
    expect(onlyId.status).to.equal(202);
    expect((await retry(onlyId.body)).status).to.equal(200);
  });

  it('Service-Wallet-Signature without Request-Id is 401 REQUEST_ID_MISSING', async () => {
    const unpaired = await privacy({ 'service-wallet-signature': await stampWith(wallet.key, 'x') });
    expect(code(unpaired)).to.deep.equal([401, 'REQUEST_ID_MISSING']);
  });

  it('an issued id is single use (401), expired is 401 "expired" until well after its lifetime, then forgotten', async () => {
    const used = (await privacy()).body;
    expect((await retry(used)).status).to.equal(200);
    const reused = await retry(used);
    expect([...code(reused), reused.body.reason]).to.deep.equal([401, 'UNAUTHORIZED', 'Request-Id already used']);

    const late = (await privacy()).body;
    advance(2 * 5 * 60_000); // two lifetimes: expired, still remembered
    const expired = await retry(late);
    expect([...code(expired), expired.body.reason]).to.deep.equal([401, 'UNAUTHORIZED', 'Request-Id expired']);
    // Well past its memory (lifetime + 10 minutes after expiry), the id is one the sandbox no longer knows.
    advance(10 * 60_000);
    expect((await privacy()).status).to.equal(202); // a new first call, which forgets what is past
    expect((await retry(late)).status).to.equal(202);
  });

  it('PATCH /customers updates that finish synchronously ignore both headers', async () => {
    const junk = { 'service-wallet-signature': 'not-a-stamp', 'request-id': 'Request:never' };
    const renamed = await call(
      'PATCH',
      `/customers/${wallet.customerId}`,
      { customerType: 'INDIVIDUAL', fullName: 'Re Try' },
      junk,
    );
    expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    expect(renamed.body.fullName).to.equal('Re Try');
    // The same email again is no contact change: synchronous too, headers or not.
    const same = await call(
      'PATCH',
      `/customers/${wallet.customerId}`,
      { customerType: 'INDIVIDUAL', email: 'retry@example.com' },
      { 'service-wallet-signature': 'not-a-stamp' },
    );
    expect(same.status, JSON.stringify(same.body)).to.equal(200);
  });
});

describe('idempotent execution', () => {
  let wallet: Wallet;
  let usd: Body;

  before(async () => {
    wallet = await signedInWallet('idem');
    usd = await externalAccount(wallet.customerId, 'USD');
  });

  it('a repeated Idempotency-Key replays the first answer, a 400 INSUFFICIENT_FUNDS included, even after funding', async () => {
    const q = await quote(wallet, usd['id'], 1_000);
    const headers = { 'idempotency-key': `poor-${randomUUID()}` };
    const first = await execute(wallet, q, headers);
    expect(code(first)).to.deep.equal([400, 'INSUFFICIENT_FUNDS']);
    await fund(wallet, 5_000);
    const again = await execute(wallet, q, headers);
    expect(again.status).to.equal(400);
    expect(again.body).to.deep.equal(first.body);
    // A new key is a new request: it executes.
    expect((await execute(wallet, q, { 'idempotency-key': `rich-${randomUUID()}` })).status).to.equal(200);
  });

  it('keys belong to the platform: the same key on another quote gets the first answer and executes nothing', async () => {
    await fund(wallet, 5_000);
    const key = { 'idempotency-key': `shared-${randomUUID()}` };
    const a = await quote(wallet, usd['id'], 1_000);
    const b = await quote(wallet, usd['id'], 2_000);
    const first = await execute(wallet, a, key);
    expect(first.status).to.equal(200);
    const other = await execute(wallet, b, key);
    expect(other.status).to.equal(200);
    expect(other.body).to.deep.equal(first.body);
    expect(other.body.id).to.equal(a['id']);
    expect((await call('GET', `/quotes/${b['id']}`)).body.status).to.equal('PENDING');
  });

  it('a sandbox rule: a 401 is not remembered, so the signed call with the same key executes', async () => {
    await fund(wallet, 5_000);
    const q = await quote(wallet, usd['id'], 1_000);
    const key = `signed-later-${randomUUID()}`;
    const unsigned = await call('POST', `/quotes/${q['id']}/execute`, undefined, { 'idempotency-key': key });
    expect(code(unsigned)).to.deep.equal([401, 'WALLET_SIGNATURE_MISSING']);
    const signed = await execute(wallet, q, { 'idempotency-key': key });
    expect(signed.status, JSON.stringify(signed.body)).to.equal(200);
    const [one, two] = await Promise.all([
      execute(wallet, q, { 'idempotency-key': key }),
      execute(wallet, q, { 'idempotency-key': key }),
    ]);
    expect(one.body).to.deep.equal(signed.body);
    expect(two.body).to.deep.equal(signed.body);
  });
});
