/**
 * The account-claim step (src/relay/account-claim.ts): the wallet a request
 * names, read where its operation says, and the partner's `authorize` asked
 * about exactly that wallet; anything but `true` is 403.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { ACCOUNT_HINT_HEADER, checkAuthorized, claimedAccount, type Authorize } from '../../src/relay/account-claim.js';
import type { Inbound } from '../../src/relay/answer.js';
import { inboundOf } from '../../src/relay/inbound.js';
import { OPERATIONS } from '../../src/relay/operations.js';
import { refusalOf } from '../helpers/refusal.js';

const MINE = 'InternalAccount:00000000-0000-4000-8000-000000000001';
const THEIRS = 'InternalAccount:00000000-0000-4000-8000-000000000002';
const CREDENTIAL = 'AuthMethod:00000000-0000-4000-8000-000000000003';

const operation = (name: string) => OPERATIONS.find((o) => o.name === name)!;
const inbound = (hints: string[] = []) => {
  const headers = new Headers();
  for (const hint of hints) headers.append(ACCOUNT_HINT_HEADER, hint);
  return inboundOf(new Request('http://relay/', { headers }));
};
const query = (accountId?: string) => new URLSearchParams(accountId ? { accountId } : {});

describe('account claim: the wallet a request names', () => {
  it('reads it where the operation says: body, query or path, never the hint header there', () => {
    const hinted = inbound([THEIRS]);
    expect(claimedAccount(operation('credential.register'), undefined, hinted, query(), { accountId: MINE })).to.equal(
      MINE,
    );
    expect(claimedAccount(operation('session.list'), undefined, hinted, query(MINE), {})).to.equal(MINE);
    expect(claimedAccount(operation('credential.list'), undefined, hinted, query(MINE), {})).to.equal(MINE);
    expect(claimedAccount(operation('wallet.export'), MINE, hinted, query(), {})).to.equal(MINE);
  });

  it('reads the hint header when the path names a credential, session, quote or customer', () => {
    for (const name of ['auth.verify', 'session.refresh', 'quote.get', 'customer.contact', 'wallet.get'])
      expect(claimedAccount(operation(name), CREDENTIAL, inbound([MINE]), query(THEIRS), {}), name).to.equal(MINE);
  });

  it('refuses (400) a value that is not a service id, two hint headers included', async () => {
    for (const [name, request, q, body] of [
      ['session.list', inbound(), query('me'), {}],
      ['credential.register', inbound(), query(), { accountId: `${MINE} ` }],
      ['auth.verify', inbound([MINE, THEIRS]), query(), {}],
    ] as const) {
      const refused = await refusalOf(() => claimedAccount(operation(name), CREDENTIAL, request, q, body));
      expect([refused.status, refused.code], name).to.deep.equal([400, 'INVALID_INPUT']);
      expect(refused.message, name).to.match(/ is not a wallet id$/);
    }
    const long = await refusalOf(() =>
      claimedAccount(operation('credential.register'), undefined, inbound(), query(), { accountId: 'x'.repeat(500) }),
    );
    expect(long.message).to.equal(`"${'x'.repeat(80)}" is not a wallet id`);
  });

  it('refuses (400) a request naming no wallet, saying where to name it', async () => {
    const list = await refusalOf(() => claimedAccount(operation('session.list'), undefined, inbound(), query(), {}));
    expect([list.status, list.message]).to.deep.equal([
      400,
      'Cannot tell which wallet this session.list is for (send accountId)',
    ]);
    const verify = await refusalOf(() => claimedAccount(operation('auth.verify'), CREDENTIAL, inbound(), query(), {}));
    expect(verify.message).to.equal('Cannot tell which wallet this auth.verify is for (send the ew-account-id header)');
    const registration = await refusalOf(() =>
      claimedAccount(operation('credential.register'), undefined, inbound(), query(), { accountId: 7 }),
    );
    expect(registration.message).to.include('(send accountId)');
  });
});

describe("account claim: the partner's authorize", () => {
  it('asks about the claimed wallet and operation, and lets the request on when it answers true', async () => {
    const asked: unknown[] = [];
    const authorize: Authorize = async ({ accountId, operation }) => {
      asked.push([accountId, operation]);
      return accountId === MINE;
    };
    await checkAuthorized(authorize, inbound(), MINE, 'session.list');
    const refused = await refusalOf(() => checkAuthorized(authorize, inbound(), THEIRS, 'session.list'));
    expect([refused.status, refused.code, refused.message]).to.deep.equal([
      403,
      'FORBIDDEN',
      'You may not act on this wallet',
    ]);
    expect(asked).to.deep.equal([
      [MINE, 'session.list'],
      [THEIRS, 'session.list'],
    ]);
  });

  it('refuses (403) anything but true, and a hook that throws or rejects', async () => {
    const hooks: Authorize[] = [
      () => false,
      () => 'true' as unknown as boolean,
      () => 1 as unknown as boolean,
      () => undefined as unknown as boolean,
      () => {
        throw new Error('db down');
      },
      () => Promise.reject(new Error('db down')),
    ];
    for (const [i, hook] of hooks.entries()) {
      const refused = await refusalOf(() => checkAuthorized(hook, inbound(), MINE, 'wallet.export'));
      expect(refused.status, `hook ${i}`).to.equal(403);
    }
  });

  it('hands the hook the Request only when it reads it', async () => {
    const request = new Request('http://relay/');
    let built = 0;
    const lazy: Inbound = {
      ...inboundOf(request),
      get request() {
        built++;
        return request;
      },
    };
    await checkAuthorized(() => true, lazy, MINE, 'wallet.get');
    expect(built).to.equal(0);
    let seen: Request | undefined;
    await checkAuthorized(
      (input) => {
        seen = input.request;
        return true;
      },
      lazy,
      MINE,
      'wallet.get',
    );
    expect([built, seen]).to.deep.equal([1, request]);
  });
});
