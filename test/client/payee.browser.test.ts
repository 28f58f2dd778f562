/**
 * Whom a payment goes to (`client.getPayee`), read through the real relay
 * from the sandbox: the beneficiary's name and its check, the bank, the last
 * four of the account number, the currency. Only the customer's own external
 * accounts count, whatever a relay lists.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import type { WireResponse } from '../../src/protocol/index.js';
import {
  emailSignIn,
  expectRejects,
  makeClient,
  newWallet,
  platform,
  type TestWallet,
} from '../helpers/browser-stack.js';
import { tamperingRelay } from '../helpers/tampering-relay.js';

/** A USD payee of `wallet`'s customer; the account number's suffix picks the sandbox's name check. */
async function usdPayee(wallet: TestWallet, accountNumber: string, extra: Record<string, unknown> = {}) {
  const created = await platform<{ id: string }>('POST', '/customers/external-accounts', {
    currency: 'USD',
    customerId: wallet.customerId,
    accountInfo: {
      accountType: 'USD_ACCOUNT',
      accountNumber,
      routingNumber: '021000021',
      bankName: 'First Sandbox Bank',
      beneficiary: { fullName: 'Ana Pérez' },
      ...extra,
    },
  });
  expect(created.status).to.equal(201);
  return created.body.id;
}

describe('client.getPayee: whom a payment goes to', () => {
  it("reads the customer's payee: the verified name, its check, the bank, the last four and the currency", async () => {
    const wallet = await newWallet();
    const id = await usdPayee(wallet, '4444000123');
    const client = await makeClient(wallet, { storageNamespace: 'payee-read' });
    await emailSignIn(client, wallet);
    expect(await client.getPayee(id)).to.deep.equal({
      id,
      currency: 'USD',
      name: 'Ana Pérez',
      nameVerified: true,
      nameCheck: 'MATCHED',
      bank: 'First Sandbox Bank',
      last4: '0123',
      accountType: 'USD_ACCOUNT',
    });
    client.close();
  });

  it('a name the rail did not match is the given one, not verified, and says how it compared', async () => {
    const wallet = await newWallet();
    const notMatched = await usdPayee(wallet, '4444000102');
    const partial = await usdPayee(wallet, '4444000103');
    const client = await makeClient(wallet, { storageNamespace: 'payee-checks' });
    await emailSignIn(client, wallet);
    const payee = await client.getPayee(notMatched);
    expect(payee).to.include({ name: 'Ana Pérez', nameVerified: false, nameCheck: 'NOT_MATCHED', last4: '0102' });
    expect(await client.getPayee(partial)).to.include({ nameVerified: false, nameCheck: 'PARTIAL_MATCH' });
    client.close();
  });

  it("another customer's account is no payee of this one: undefined, even when a relay lists it", async () => {
    const wallet = await newWallet();
    const other = await newWallet();
    const theirs = await usdPayee(other, '4444000123');
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport, storageNamespace: 'payee-other' });
    await emailSignIn(client, wallet);
    expect(await client.getPayee(theirs)).to.equal(undefined);
    // A relay that lists every customer's accounts (the filter ignored) still gives no payee.
    const listed = await platform<{ data: { id: string }[] }>(
      'GET',
      `/customers/external-accounts?customerId=${encodeURIComponent(other.customerId)}`,
    );
    expect(listed.body.data.map((a) => a.id)).to.include(theirs);
    relay.onResponse = (response, request): WireResponse =>
      request.path.startsWith('/customers/external-accounts')
        ? { ...response, body: { data: listed.body.data, hasMore: false } }
        : response;
    expect(await client.getPayee(theirs)).to.equal(undefined);
    client.close();
  });

  it('an answer that is not a list, or an entry with no currency, is INVALID_RESPONSE; a malformed id a TypeError', async () => {
    const wallet = await newWallet();
    const id = await usdPayee(wallet, '4444000123');
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport, storageNamespace: 'payee-bad' });
    await emailSignIn(client, wallet);
    relay.onResponse = (response, request) =>
      request.path.startsWith('/customers/external-accounts') ? { ...response, body: { data: 'none' } } : response;
    await expectRejects(client.getPayee(id), (e) => expect(e.code).to.equal('INVALID_RESPONSE'));
    relay.onResponse = (response, request) =>
      request.path.startsWith('/customers/external-accounts')
        ? {
            ...response,
            body: { data: [{ id, customerId: wallet.customerId, accountInfo: { accountType: 'USD_ACCOUNT' } }] },
          }
        : response;
    await expectRejects(client.getPayee(id), (e) => expect(e.code).to.equal('INVALID_RESPONSE'));
    await expectRejects(client.getPayee('InternalAccount:x/../y'), (e) => expect(e).to.be.instanceOf(TypeError));
    client.close();
  });
});
