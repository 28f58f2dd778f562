/**
 * The passkey registration step (src/relay/passkey-registration.ts): the
 * challenge book (issued per wallet, capped, in a store that may fail) and
 * the relay's own options endpoint, called directly over a stand-in service.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import type { Authorize } from '../../src/relay/account-claim.js';
import { inboundOf } from '../../src/relay/inbound.js';
import {
  ChallengeBook,
  createPasskeyOptions,
  type PasskeyRegistrationConfig,
} from '../../src/relay/passkey-registration.js';
import { memoryStore, type RelayStore } from '../../src/relay/store.js';
import { refusalOf } from '../helpers/refusal.js';
import { standInUpstream } from '../helpers/stand-in-upstream.js';

const MINE = 'InternalAccount:00000000-0000-4000-8000-000000000001';
const THEIRS = 'InternalAccount:00000000-0000-4000-8000-000000000002';
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

const CONFIG: PasskeyRegistrationConfig = {
  rpId: 'example.com',
  rpName: 'Example',
  user: ({ accountId }) => ({ id: `user-${accountId.slice(-1)}`, name: 'ada@example.com' }),
};

describe('passkey registration: the challenge book', () => {
  it('issues fresh 32-byte challenges, admitted once for the wallet they were issued for', async () => {
    const book = new ChallengeBook(memoryStore(), 60_000, 10);
    const [a, b] = [await book.issue(MINE), await book.issue(MINE)];
    if (!('challenge' in a) || !('challenge' in b)) throw new Error('not issued');
    expect(a.challenge).to.match(CHALLENGE);
    expect(a.challenge).not.to.equal(b.challenge);
    expect(await book.admit(a.challenge, THEIRS, false, '{}')).to.equal('challenge was not issued for this account');
    expect(await book.admit(a.challenge, MINE, false, '{}')).to.equal(undefined);
    expect(await book.admit(a.challenge, MINE, false, '{}')).to.equal('challenge has already been used');
  });

  it('caps the challenges one wallet is issued per TTL window, saying how long to wait', async () => {
    const book = new ChallengeBook(memoryStore(), 60_000, 2);
    await book.issue(MINE);
    await book.issue(MINE);
    const capped = await book.issue(MINE);
    expect(capped).to.have.property('retryAfterMs').that.is.within(1, 60_000);
    expect(await book.issue(THEIRS)).to.have.property('challenge');
  });

  it('forgets a challenge past its TTL', async () => {
    let now = 1_000_000;
    const book = new ChallengeBook(
      memoryStore(() => now),
      60_000,
      10,
    );
    const issued = await book.issue(MINE);
    if (!('challenge' in issued)) throw new Error('not issued');
    now += 60_001;
    expect(await book.admit(issued.challenge, MINE, false, '{}')).to.equal(
      'challenge was not issued by this relay, has expired or was used',
    );
  });

  it('answers 503 STORE_UNAVAILABLE when its store fails or does not answer in time', async () => {
    const failing: RelayStore = {
      create: () => Promise.reject(new Error('down')),
      get: () => Promise.reject(new Error('down')),
      replace: () => Promise.reject(new Error('down')),
      increment: () => Promise.reject(new Error('down')),
    };
    const hanging: RelayStore = {
      create: () => new Promise(() => {}),
      get: () => new Promise(() => {}),
      replace: () => new Promise(() => {}),
      increment: () => new Promise(() => {}),
    };
    for (const [store, message] of [
      [failing, "The relay's challenge store could not be reached"],
      [hanging, "The relay's challenge store did not answer within 50 ms"],
    ] as const) {
      const book = new ChallengeBook(store, 60_000, 10, 50);
      for (const step of [() => book.issue(MINE), () => book.admit('A'.repeat(43), MINE, false, '{}')]) {
        const refused = await refusalOf(step);
        expect([refused.status, refused.code, refused.message]).to.deep.equal([503, 'STORE_UNAVAILABLE', message]);
      }
    }
  });
});

describe('passkey registration: the options endpoint', () => {
  /** The endpoint over a stand-in service listing `credentials` for the wallet. */
  function endpoint(
    { disabled = false, authorize = () => true, perAccount = 10, status = 200 } = {} as {
      disabled?: boolean;
      authorize?: Authorize;
      perAccount?: number;
      status?: number;
    },
  ) {
    const challenges = new ChallengeBook(memoryStore(), 60_000, perAccount);
    const { upstream, calls } = standInUpstream(() => ({
      status,
      json: status >= 500 ? { status, code: 'INTERNAL_ERROR', message: 'down' } : { data: CREDENTIALS },
    }));
    const options = createPasskeyOptions(disabled ? {} : { passkeys: CONFIG }, { challenges, upstream, authorize });
    const call = async (body: Record<string, unknown>) => {
      const answer = await options(inboundOf(new Request('http://relay/passkeys/registration-options')), body);
      const text = typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body!);
      return { status: answer.status, headers: answer.headers, json: JSON.parse(text) };
    };
    return { call, calls, challenges };
  }
  const CREDENTIALS = [{ credentialId: 'cred-1' }, { credentialId: 7 }, null, { credentialId: 'cred-2' }];

  it("answers the wallet's registration options: a challenge it will admit, the RP, the user, its passkeys excluded", async () => {
    const { call, calls, challenges } = endpoint();
    const answer = await call({ accountId: MINE });
    expect(answer.status).to.equal(200);
    expect(answer.headers).to.include({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    expect(answer.json).to.deep.include({
      rp: { id: 'example.com', name: 'Example' },
      user: {
        id: Buffer.from('user-1').toString('base64url'),
        name: 'ada@example.com',
        displayName: 'ada@example.com',
      },
      timeout: 300_000,
      attestation: 'none',
      excludeCredentials: [
        { type: 'public-key', id: 'cred-1' },
        { type: 'public-key', id: 'cred-2' },
      ],
    });
    expect(answer.json.challenge).to.match(CHALLENGE);
    expect(calls.map((c) => `${c.method} ${c.path}`)).to.deep.equal([
      `GET /auth/credentials?accountId=${encodeURIComponent(MINE)}&limit=100`,
    ]);
    expect(await challenges.admit(answer.json.challenge, MINE, false, '{}')).to.equal(undefined);
  });

  it('is 404 when the relay has no passkeys configuration', async () => {
    const { call, calls } = endpoint({ disabled: true });
    const answer = await call({ accountId: MINE });
    expect([answer.status, answer.json.code]).to.deep.equal([404, 'NOT_FOUND']);
    expect(calls).to.deep.equal([]);
  });

  it('is 400 without a wallet id', async () => {
    const { call, calls } = endpoint();
    for (const body of [{}, { accountId: 'me' }, { accountId: [MINE] }]) {
      const answer = await call(body);
      expect([answer.status, answer.json.message]).to.deep.equal([400, 'accountId (a wallet id) is required']);
    }
    expect(calls).to.deep.equal([]);
  });

  it('is 403 for a visitor authorize refuses, asked about this wallet, before a challenge or a call', async () => {
    const asked: string[] = [];
    const { call, calls, challenges } = endpoint({
      perAccount: 1,
      authorize: ({ accountId, operation }) => (asked.push(`${operation} ${accountId}`), false),
    });
    const refused = await refusalOf(() => call({ accountId: MINE }));
    expect([refused.status, refused.code]).to.deep.equal([403, 'FORBIDDEN']);
    expect(asked).to.deep.equal([`passkey.registration-options ${MINE}`]);
    expect(calls).to.deep.equal([]);
    expect(await challenges.issue(MINE)).to.have.property('challenge'); // the wallet's one challenge not spent
  });

  it('is 429 with Retry-After past the wallet’s cap, without asking the service', async () => {
    const { call, calls } = endpoint({ perAccount: 1 });
    expect((await call({ accountId: MINE })).status).to.equal(200);
    const capped = await call({ accountId: MINE });
    expect([capped.status, capped.json.code]).to.deep.equal([429, 'TOO_MANY_REQUESTS']);
    expect(Number(capped.headers['retry-after'])).to.be.within(1, 60);
    expect(calls).to.have.length(1);
  });

  it("passes on a failing service's answer", async () => {
    const { call } = endpoint({ status: 503 });
    const answer = await call({ accountId: MINE });
    expect([answer.status, answer.json.code]).to.deep.equal([503, 'INTERNAL_ERROR']);
  });
});
