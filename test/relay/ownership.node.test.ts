/**
 * The ownership step (src/relay/ownership.ts): after `authorize` accepted a
 * wallet, the id in the path must be that wallet's credential, session,
 * quote or customer, asked of a stand-in service through the relay's own
 * upstream. Someone else's id and an unknown one are the same 404; a failing
 * service is its own failure; a read answered by its lookup is asked once.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { op, type Operation } from '../../src/relay/operation-types.js';
import { OPERATIONS } from '../../src/relay/operations.js';
import { checkOwnership } from '../../src/relay/ownership.js';
import { refusalOf } from '../helpers/refusal.js';
import { standInUpstream } from '../helpers/stand-in-upstream.js';

const MINE = 'InternalAccount:00000000-0000-4000-8000-000000000001';
const THEIRS = 'InternalAccount:00000000-0000-4000-8000-000000000002';
const CREDENTIAL = 'AuthMethod:00000000-0000-4000-8000-000000000003';
const SESSION = 'Session:00000000-0000-4000-8000-000000000004';
const QUOTE = 'Quote:00000000-0000-4000-8000-000000000005';
const CUSTOMER = 'Customer:00000000-0000-4000-8000-000000000006';

const operation = (name: string) => OPERATIONS.find((o) => o.name === name)!;
const NOT_FOUND = [404, 'NOT_FOUND', 'No such credential, session or quote for this wallet'];

/** A stand-in service answering `answer(path)` (status 200 unless given); `asked`: the paths it was asked. */
function service(answer: (path: string) => unknown, status = 200) {
  const asked: string[] = [];
  const { upstream } = standInUpstream(({ path }) => {
    asked.push(path);
    return { status, json: answer(path) };
  });
  const check = (operation: Operation, id: string | undefined, query = new URLSearchParams()) =>
    checkOwnership(upstream, upstream.deadline(), operation, id, MINE, query);
  return { asked, check };
}

/** Pages of a list: `pages[i]` holds the items of page i; every page but the last says there is more. */
const paged = (pages: unknown[][]) => (path: string) => {
  const page = Number(new URLSearchParams(path.split('?')[1]).get('cursor') ?? '0');
  const more = page + 1 < pages.length;
  return { data: pages[page] ?? [], hasMore: more, ...(more ? { nextCursor: String(page + 1) } : {}) };
};

describe('ownership: credentials and sessions', () => {
  it("finds the wallet's credential on any of its pages, and returns its type", async () => {
    const { asked, check } = service(
      paged([[{ id: 'AuthMethod:x', type: 'EMAIL_OTP' }], [{ id: CREDENTIAL, type: 'PASSKEY' }]]),
    );
    expect(await check(operation('auth.challenge'), CREDENTIAL)).to.deep.equal({
      credential: { credentialType: 'PASSKEY' },
    });
    expect(asked).to.deep.equal([
      `/auth/credentials?accountId=${encodeURIComponent(MINE)}&limit=100`,
      `/auth/credentials?accountId=${encodeURIComponent(MINE)}&limit=100&cursor=1`,
    ]);
  });

  it('refuses a credential or session the wallet does not list with 404', async () => {
    const { check } = service(paged([[{ id: 'AuthMethod:x' }, null]]));
    for (const [name, id] of [
      ['auth.verify', CREDENTIAL],
      ['credential.revoke', CREDENTIAL],
      ['session.refresh', SESSION],
      ['session.revoke', SESSION],
    ] as const) {
      const refused = await refusalOf(() => check(operation(name), id));
      expect([refused.status, refused.code, refused.message], name).to.deep.equal(NOT_FOUND);
    }
  });

  it('finds a listed session and returns nothing more', async () => {
    const { check } = service(paged([[{ id: SESSION }]]));
    expect(await check(operation('session.refresh'), SESSION)).to.deep.equal({});
  });

  it('reads at most 5 pages before answering 404', async () => {
    const { asked, check } = service(paged(Array.from({ length: 50 }, () => [{ id: 'AuthMethod:x' }])));
    const refused = await refusalOf(() => check(operation('auth.verify'), CREDENTIAL));
    expect([refused.status, asked.length]).to.deep.equal([404, 5]);
  });
});

describe('ownership: quotes and customers', () => {
  it("passes a quote whose source is the wallet, and answers a quote read with the lookup's answer", async () => {
    const { asked, check } = service(() => ({ id: QUOTE, source: { accountId: MINE } }));
    const owned = await check(operation('quote.get'), QUOTE);
    expect(owned.answer?.json).to.deep.equal({ id: QUOTE, source: { accountId: MINE } });
    expect(asked).to.deep.equal([`/quotes/${encodeURIComponent(QUOTE)}`]);
  });

  it("refuses another wallet's quote with 404", async () => {
    const { check } = service(() => ({ id: QUOTE, source: { accountId: THEIRS } }));
    const refused = await refusalOf(() => check(operation('quote.get'), QUOTE));
    expect([refused.status, refused.code, refused.message]).to.deep.equal(NOT_FOUND);
  });

  it("passes a customer whose embedded wallet is the wallet: a wallet read gets the lookup's answer, a contact change nothing", async () => {
    const wallets = {
      data: [
        { id: THEIRS, type: 'EXTERNAL' },
        { id: MINE, type: 'EMBEDDED_WALLET' },
      ],
    };
    const { asked, check } = service(() => wallets);
    const read = await check(operation('wallet.get'), undefined, new URLSearchParams({ customerId: CUSTOMER }));
    expect(read.answer?.json).to.deep.equal(wallets);
    expect(await check(operation('customer.contact'), CUSTOMER)).to.deep.equal({});
    expect(asked).to.deep.equal([
      `/customers/internal-accounts?customerId=${encodeURIComponent(CUSTOMER)}`,
      `/customers/internal-accounts?customerId=${encodeURIComponent(CUSTOMER)}`,
    ]);
  });

  it("refuses a customer whose embedded wallet is another's, or who has none, with 404", async () => {
    for (const data of [[{ id: THEIRS, type: 'EMBEDDED_WALLET' }], [{ id: MINE, type: 'EXTERNAL' }], []]) {
      const { check } = service(() => ({ data }));
      const refused = await refusalOf(() => check(operation('customer.contact'), CUSTOMER));
      expect([refused.status, refused.code], JSON.stringify(data)).to.deep.equal([404, 'NOT_FOUND']);
    }
  });

  it('refuses a wallet read without a customer id, or with a malformed one, before asking the service (400)', async () => {
    const { asked, check } = service(() => ({ data: [] }));
    const missing = await refusalOf(() => check(operation('wallet.get'), undefined));
    expect([missing.status, missing.message]).to.deep.equal([400, 'customerId is required']);
    const malformed = await refusalOf(() =>
      check(operation('wallet.get'), undefined, new URLSearchParams({ customerId: 'Customer:*' })),
    );
    expect([malformed.status, malformed.message]).to.deep.equal([400, 'customerId is not a customer id']);
    expect(asked).to.deep.equal([]);
  });

  it('lets only a GET of a quote or a customer be answered by its lookup', () => {
    const read = { name: 'x', method: 'GET', path: '/quotes/{id}', id: 'x', body: { members: {} } } as const;
    expect(op({ ...read, account: 'quote', answeredByLookup: true }).answeredByLookup).to.equal(true);
    expect(() => op({ ...read, method: 'PATCH', account: 'quote', answeredByLookup: true })).to.throw(/only a GET/);
    expect(() => op({ ...read, account: 'session', answeredByLookup: true })).to.throw(/only a GET/);
  });
});

describe('ownership: the service failing or answering out of shape', () => {
  it("passes on a failing service's own answer, not a 404", async () => {
    const { check } = service(() => ({ status: 503, code: 'UNAVAILABLE', message: 'down' }), 503);
    for (const [name, id] of [
      ['auth.verify', CREDENTIAL],
      ['quote.get', QUOTE],
      ['customer.contact', CUSTOMER],
    ] as const) {
      const refused = await refusalOf(() => check(operation(name), id));
      expect([refused.status, refused.code], name).to.deep.equal([503, 'UNAVAILABLE']);
    }
  });

  it('refuses a lookup answered 200 with something other than a JSON object with 502', async () => {
    const { check } = service(() => [1, 2]);
    const refused = await refusalOf(() => check(operation('quote.get'), QUOTE));
    expect([refused.status, refused.code]).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
  });

  it('asks nothing when the path names the wallet itself or no id', async () => {
    const { asked, check } = service(() => ({}));
    expect(await check(operation('wallet.export'), MINE)).to.deep.equal({});
    expect(await check(operation('session.list'), undefined)).to.deep.equal({});
    expect(await check(operation('credential.register'), undefined)).to.deep.equal({});
    expect(asked).to.deep.equal([]);
  });
});
