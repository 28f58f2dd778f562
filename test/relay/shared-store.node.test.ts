/**
 * Relay state that survives a load balancer (docs/relay.md, "Passkey registration and the shared store"): one store contract
 * met by the in-memory store and by Redis (a real `redis-server`), and two
 * relay instances sharing one Redis that split a passkey registration
 * between them and refuse its replay on both.
 */
import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { memoryStore, type RelayStore } from '../../src/relay/index.js';
import { startRedis, type TestRedis } from '../helpers/redis.js';
import { SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { createWalletCustomer, startStack, TEST_ORIGIN, TEST_RP_ID, type Stack } from '../helpers/stack.js';
import { stampWith, TurnkeyWalletClient, type KeyPair } from '../helpers/turnkey-wallet-client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let redis: TestRedis;
before(async () => {
  redis = await startRedis();
});
after(() => redis.close());

for (const adapter of ['memory', 'redis'] as const) {
  describe(`RelayStore contract (${adapter})`, () => {
    let store: RelayStore;
    let n = 0;
    const key = () => `k${++n}:${Math.random()}`;
    before(() => {
      store = adapter === 'memory' ? memoryStore() : redis.store();
    });

    it('create is set-if-absent; get reads; entries expire by TTL in the store', async () => {
      const k = key();
      expect(await store.create(k, 'a', 150)).to.equal(true);
      expect(await store.create(k, 'b', 150)).to.equal(false);
      expect(await store.get(k)).to.equal('a');
      await sleep(250);
      expect(await store.get(k)).to.equal(undefined);
      expect(await store.create(k, 'c', 150)).to.equal(true);
    });

    it('replace swaps only the expected value, keeps the expiry, and deletes with undefined', async () => {
      const k = key();
      await store.create(k, 'issued', 200);
      expect(await store.replace(k, 'spent', 'x')).to.equal(false);
      expect(await store.replace(k, 'issued', 'spent')).to.equal(true);
      expect(await store.get(k)).to.equal('spent');
      expect(await store.replace(k, 'spent', undefined)).to.equal(true);
      expect(await store.get(k)).to.equal(undefined);
      expect(await store.replace(k, 'spent', undefined)).to.equal(false);
      const kept = key();
      await store.create(kept, 'issued', 200);
      await store.replace(kept, 'issued', 'spent');
      await sleep(300);
      expect(await store.get(kept)).to.equal(undefined); // the swap did not extend its life
    });

    it('replace with a TTL gives the new value that life, from now', async () => {
      const k = key();
      await store.create(k, 'issued', 150);
      expect(await store.replace(k, 'issued', 'spent', 600)).to.equal(true);
      await sleep(300);
      expect(await store.get(k)).to.equal('spent'); // past the first TTL
      await sleep(450);
      expect(await store.get(k)).to.equal(undefined);
    });

    it('of many racing replaces of one value, exactly one wins', async () => {
      const k = key();
      await store.create(k, 'issued', 5_000);
      const wins = await Promise.all(Array.from({ length: 20 }, (_, i) => store.replace(k, 'issued', `by-${i}`)));
      expect(wins.filter(Boolean)).to.have.length(1);
    });

    it('increment counts within a window that starts at the first increment', async () => {
      const k = key();
      expect(await store.increment(k, 200)).to.include({ count: 1 });
      const second = await store.increment(k, 200);
      expect(second.count).to.equal(2);
      expect(second.resetInMs).to.be.within(1, 200);
      await sleep(300);
      expect((await store.increment(k, 200)).count).to.equal(1);
    });
  });
}

describe('memoryStore stays bounded', () => {
  it('sweeps expired entries as it is written to, so outstanding challenges never pile up', async () => {
    let now = 0;
    const store = memoryStore(() => now);
    for (let i = 0; i < 40_000; i++) await store.create(`c${i}`, 'issued:a', 1_000);
    expect(store.size).to.equal(40_000);
    now = 2_000; // all expired
    for (let i = 0; i < 20_000; i++) await store.create(`d${i}`, 'issued:a', 1_000);
    // Each write looks at a handful of the oldest entries: the 40,000 are gone, not scanned at once.
    expect(store.size).to.equal(20_000);
  });
});

describe('two relay instances sharing one Redis', () => {
  let stack: Stack;
  let first: string;
  let second: string;
  let accountId: string;
  let otpKey: KeyPair;

  before(async () => {
    stack = await startStack({ relay: { store: redis.store() } });
    first = stack.relayUrl;
    second = await stack.startRelay({ store: redis.store() }); // its own connection, as another instance has
    const ids = await createWalletCustomer(stack.sandbox, { email: 'lb@example.com' });
    accountId = ids.accountId;
    stack.grant('lb', accountId);
    const viaFirst = new TurnkeyWalletClient(first, 'lb', accountId, stack.sandbox.enclaveKeys);
    otpKey = (await viaFirst.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP')).key!;
  });
  after(() => stack.close());

  const client = (url: string) => new TurnkeyWalletClient(url, 'lb', accountId, stack.sandbox.enclaveKeys);

  async function options(url: string) {
    const answer = await client(url).call('POST', '/passkeys/registration-options', { accountId });
    expect(answer.status).to.equal(200);
    return answer.body.challenge as string;
  }

  it('registers a passkey with the options from one instance and the registration on the other, signed retry included', async () => {
    const challenge = await options(first);
    const authenticator = new SoftAuthenticator();
    const attestation = authenticator.register({ origin: TEST_ORIGIN, rpId: TEST_RP_ID, challenge });
    const body = { type: 'PASSKEY', accountId, nickname: 'Across', challenge, attestation };
    // First call on the second instance, signed retry back on the first.
    const start = await client(second).call('POST', '/auth/credentials', body);
    expect(start.status, JSON.stringify(start.body)).to.equal(202);
    const stamp = await stampWith(otpKey, start.body.payloadToSign);
    const done = await client(first).call('POST', '/auth/credentials', body, {
      'service-wallet-signature': stamp,
      'request-id': start.body.requestId,
    });
    expect(done.status, JSON.stringify(done.body)).to.equal(201);
    expect(done.body.credentialId).to.equal(authenticator.credentialId);

    // The spent challenge is refused on both instances, before the service sees it.
    const before = stack.sandboxRequests.length;
    for (const url of [first, second]) {
      const replay = await client(url).call('POST', '/auth/credentials', body);
      expect(replay.status).to.equal(400);
      expect(replay.body.message).to.match(/challenge/);
    }
    expect(stack.sandboxRequests.length).to.equal(before);
  });

  it('a challenge presented at both instances at once passes exactly one of them', async () => {
    const challenge = await options(second);
    const attestation = new SoftAuthenticator().register({ origin: TEST_ORIGIN, rpId: TEST_RP_ID, challenge });
    const body = { type: 'PASSKEY', accountId, nickname: 'Race', challenge, attestation };
    const answers = await Promise.all(
      [first, second, first, second].map((url) => client(url).call('POST', '/auth/credentials', body)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).to.deep.equal([202, 400, 400, 400]);
  });

  it("the signed retry passes only with the first call's body, on either instance", async () => {
    const challenge = await options(first);
    const authenticator = new SoftAuthenticator();
    const attestation = authenticator.register({ origin: TEST_ORIGIN, rpId: TEST_RP_ID, challenge });
    const body = { type: 'PASSKEY', accountId, nickname: 'Bound', challenge, attestation };
    const start = await client(second).call('POST', '/auth/credentials', body);
    expect(start.status, JSON.stringify(start.body)).to.equal(202);
    const stamp = await stampWith(otpKey, start.body.payloadToSign);
    const signedHeaders = { 'service-wallet-signature': stamp, 'request-id': start.body.requestId };
    const other = await client(first).call('POST', '/auth/credentials', { ...body, nickname: 'Other' }, signedHeaders);
    expect([other.status, other.body.message]).to.deep.equal([
      400,
      'Passkey registration refused: the signed retry must repeat the first call exactly',
    ]);
    const done = await client(second).call('POST', '/auth/credentials', body, signedHeaders);
    expect(done.status, JSON.stringify(done.body)).to.equal(201);
  });

  it('a first call the service failed spends the challenge: it may have registered, and one challenge registers one passkey', async () => {
    const bare = await createWalletCustomer(stack.sandbox, { email: 'bare-lb@example.com' });
    stack.grant('lb', bare.accountId);
    const viaBare = (url: string) => new TurnkeyWalletClient(url, 'lb', bare.accountId, stack.sandbox.enclaveKeys);
    const passkeys = async () =>
      (
        (await viaBare(first).call('GET', `/auth/credentials?accountId=${bare.accountId}`)).body.data as {
          type: string;
        }[]
      ).filter((c) => c.type === 'PASSKEY').length;
    // A wallet no credential has signed in to yet: the service registers unsigned, then fails its answer.
    const options = await viaBare(first).call('POST', '/passkeys/registration-options', { accountId: bare.accountId });
    const challenge = options.body.challenge as string;
    const register = (nickname: string) => ({
      type: 'PASSKEY',
      accountId: bare.accountId,
      nickname,
      challenge,
      attestation: new SoftAuthenticator().register({ origin: TEST_ORIGIN, rpId: TEST_RP_ID, challenge }),
    });
    stack.sandbox.faults.inject({ method: 'POST', path: '/auth/credentials', kind: '500', phase: 'after' });
    const failed = await viaBare(second).call('POST', '/auth/credentials', register('one'));
    expect(failed.status).to.equal(500);
    expect(await passkeys()).to.equal(1); // it did register
    const before = stack.sandboxRequests.length;
    for (const url of [first, second]) {
      const again = await viaBare(url).call('POST', '/auth/credentials', register('two'));
      expect([again.status, again.body.message]).to.deep.equal([
        400,
        'Passkey registration refused: challenge has already been used',
      ]);
    }
    expect(stack.sandboxRequests.length).to.equal(before); // refused before the service
    expect(await passkeys()).to.equal(1);
  });

  it("the signed retry may come after the challenge's own TTL, within the service's request window", async () => {
    const short = await stack.startRelay({
      store: redis.store(),
      passkeys: {
        rpId: TEST_RP_ID,
        rpName: 'Test Partner',
        user: ({ accountId: id }) => ({ id, name: 'u' }),
        challengeTtlMs: 300,
      },
    });
    const challenge = await options(short);
    const attestation = new SoftAuthenticator().register({ origin: TEST_ORIGIN, rpId: TEST_RP_ID, challenge });
    const body = { type: 'PASSKEY', accountId, nickname: 'Slow hands', challenge, attestation };
    const start = await client(short).call('POST', '/auth/credentials', body);
    expect(start.status, JSON.stringify(start.body)).to.equal(202);
    await sleep(500); // past the challenge's TTL, well before the service's expiresAt
    const stamp = await stampWith(otpKey, start.body.payloadToSign);
    const signedHeaders = { 'service-wallet-signature': stamp, 'request-id': start.body.requestId };
    const done = await client(first).call('POST', '/auth/credentials', body, signedHeaders);
    expect(done.status, JSON.stringify(done.body)).to.equal(201);
  });

  it('a store that stops answering is 503 STORE_UNAVAILABLE within storeTimeoutMs, not a request left hanging', async () => {
    const never = () => new Promise<never>(() => undefined);
    const stuck = await stack.startRelay({
      store: { create: never, get: never, replace: never, increment: never },
      storeTimeoutMs: 200,
    });
    const started = performance.now();
    const answer = await client(stuck).call('POST', '/passkeys/registration-options', { accountId });
    expect([answer.status, answer.body.code]).to.deep.equal([503, 'STORE_UNAVAILABLE']);
    expect(answer.body.message).to.include('200 ms');
    expect(performance.now() - started).to.be.lessThan(2_000);
  });

  it('a challenge issued for one wallet is refused for another on either instance', async () => {
    const challenge = await options(first);
    const other = await createWalletCustomer(stack.sandbox, { email: 'other-lb@example.com' });
    stack.grant('lb', other.accountId);
    const attestation = new SoftAuthenticator().register({ origin: TEST_ORIGIN, rpId: TEST_RP_ID, challenge });
    for (const url of [first, second]) {
      const answer = await client(url).call('POST', '/auth/credentials', {
        type: 'PASSKEY',
        accountId: other.accountId,
        nickname: 'Wrong wallet',
        challenge,
        attestation,
      });
      expect([answer.status, answer.body.message]).to.deep.equal([
        400,
        'Passkey registration refused: challenge was not issued for this account',
      ]);
    }
  });
});
