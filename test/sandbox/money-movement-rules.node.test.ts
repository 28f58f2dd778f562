/**
 * The sandbox follows the service's documented rules for moving money besides
 * quotes (docs/sandbox.md): transfers in and out, and the sandbox's UMA
 * receive and send operations, over real HTTP.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import {
  type Body,
  code,
  call,
  advance,
  useStack,
  signedInWallet,
  type Wallet,
  balance,
  fund,
  externalAccount,
  quote,
} from './spec-rules-stack.js';

useStack();

describe('transfers', () => {
  let wallet: Wallet;

  before(async () => {
    wallet = await signedInWallet('transfers');
  });

  const transfer = (direction: 'in' | 'out', externalId: string, amount: number) =>
    call(
      'POST',
      `/transfer-${direction}`,
      direction === 'in'
        ? { source: { accountId: externalId }, destination: { accountId: wallet.accountId }, amount }
        : { source: { accountId: wallet.accountId }, destination: { accountId: externalId }, amount },
    );
  const statusOf = async (id: string) => (await call('GET', `/transactions/${id}`)).body.status as string;

  it('a transfer in from an external account credits the wallet once it completes (GET internal-accounts balance)', async () => {
    const bank = await externalAccount(wallet.customerId, 'USD', '100');
    const start = await balance(wallet);
    const made = await transfer('in', bank['id'], 7_000);
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    expect(made.body).to.include({ type: 'INCOMING', status: 'PENDING', customerId: wallet.customerId });
    expect(made.body.receivedAmount).to.deep.equal({
      amount: 7_000,
      currency: { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 },
    });
    expect(await balance(wallet)).to.equal(start);
    advance(3_000);
    expect(await statusOf(made.body.id)).to.equal('COMPLETED');
    expect(await balance(wallet)).to.equal(start + 7_000);
  });

  it('transfer suffixes 002 and 003 fail at once, 004 the bank rejects, 005 stays pending about 30 s then fails; no money moves', async () => {
    const start = await balance(wallet);
    const made: Record<string, string> = {};
    for (const suffix of ['002', '003', '004', '005']) {
      const bank = await externalAccount(wallet.customerId, 'USD', suffix);
      const answer = await transfer('in', bank['id'], 1_000);
      expect(answer.status).to.equal(201);
      made[suffix] = answer.body.id;
    }
    expect((await call('GET', `/transactions/${made['002']}`)).body).to.include({
      status: 'FAILED',
      failureReason: 'INSUFFICIENT_FUNDS',
    });
    expect((await call('GET', `/transactions/${made['003']}`)).body).to.include({
      status: 'FAILED',
      failureReason: 'ACCOUNT_CLOSED_OR_INVALID',
    });
    advance(3_000);
    expect((await call('GET', `/transactions/${made['004']}`)).body).to.include({
      status: 'FAILED',
      failureReason: 'BANK_REJECTED',
    });
    expect(await statusOf(made['005']!)).to.equal('PENDING');
    advance(26_000);
    expect(await statusOf(made['005']!)).to.equal('PENDING');
    advance(1_000);
    expect(await statusOf(made['005']!)).to.equal('FAILED');
    expect(await balance(wallet)).to.equal(start);
  });

  it('a transfer out debits at once and gives the money back when it fails; more than the balance is 400 INSUFFICIENT_FUNDS', async () => {
    await fund(wallet, 10_000);
    const start = await balance(wallet);
    const good = await externalAccount(wallet.customerId, 'USD', '400');
    const rejecting = await externalAccount(wallet.customerId, 'USD', '004');
    const out = await transfer('out', good['id'], 2_000);
    expect(out.status).to.equal(201);
    expect(out.body).to.include({ type: 'OUTGOING', paymentRail: 'ACH' });
    expect(out.body.sentAmount.amount).to.equal(2_000);
    const rejected = await transfer('out', rejecting['id'], 3_000);
    expect(await balance(wallet)).to.equal(start - 5_000);
    advance(3_000);
    expect(await statusOf(rejected.body.id)).to.equal('FAILED');
    expect(await statusOf(out.body.id)).to.equal('COMPLETED');
    expect(await balance(wallet)).to.equal(start - 2_000);
    expect(code(await transfer('out', good['id'], start))).to.deep.equal([400, 'INSUFFICIENT_FUNDS']);
  });

  it('sandbox rule: transfers move one currency between accounts of the same customer', async () => {
    const eur = await externalAccount(wallet.customerId, 'EUR');
    expect(code(await transfer('in', eur['id'], 1_000))).to.deep.equal([400, 'INVALID_INPUT']);
    const stranger = (await call('POST', '/customers', { customerType: 'INDIVIDUAL' })).body.id;
    const theirs = await externalAccount(stranger, 'USD');
    expect(code(await transfer('in', theirs['id'], 1_000))).to.deep.equal([400, 'INVALID_INPUT']);
    const bank = await externalAccount(wallet.customerId, 'USD');
    for (const amount of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 1]) {
      expect(code(await transfer('in', bank['id'], amount)), String(amount)).to.deep.equal([400, 'INVALID_INPUT']);
    }
  });
});

describe('sandbox money operations', () => {
  let wallet: Wallet;
  const receive = (body: Body) =>
    call('POST', '/sandbox/uma/receive', {
      senderUmaAddress: '$success.usd@sandbox.local',
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 1_500,
      ...body,
    });

  before(async () => {
    wallet = await signedInWallet('uma', { umaAddress: '$uma.receiver@sandbox.local' });
  });

  it("/sandbox/uma/receive credits the receiver's wallet and records an INCOMING transaction; an unknown receiver is 404 UMA_NOT_FOUND", async () => {
    const start = await balance(wallet);
    const received = await receive({ receiverUmaAddress: wallet.umaAddress });
    expect(received.status, JSON.stringify(received.body)).to.equal(201);
    expect(received.body).to.include({ type: 'INCOMING', customerId: wallet.customerId, fees: 0 });
    expect(received.body.receivedAmount.amount).to.equal(1_500);
    expect(Object.keys(received.body.rateDetails).sort()).to.deep.equal([
      'serviceApiFixedFee',
      'serviceApiMultiplier',
      'serviceApiVariableFeeAmount',
      'serviceApiVariableFeeRate',
    ]);
    advance(3_000);
    const tx = (await call('GET', `/transactions/${received.body.id}`)).body;
    expect(tx).to.include({ status: 'COMPLETED', type: 'INCOMING' });
    expect(tx.source).to.deep.equal({ sourceType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.local' });
    expect(await balance(wallet)).to.equal(start + 1_500);
    expect(code(await receive({ receiverUmaAddress: '$nobody@sandbox.local' }))).to.deep.equal([404, 'UMA_NOT_FOUND']);
    expect(code(await receive({ receiverUmaAddress: 'nobody' }))).to.deep.equal([400, 'INVALID_INPUT']);
    expect(code(await receive({ receiverUmaAddress: wallet.umaAddress, receivingCurrencyCode: 'EUR' }))).to.deep.equal([
      400,
      'INVALID_INPUT',
    ]);
  });

  it('UMA test addresses: $success.eur and .mxn convert, $pending.long.usd completes after about 6 minutes, $fail.compliance.usd fails', async () => {
    const start = await balance(wallet);
    const ids: Record<string, string> = {};
    for (const sender of ['$success.eur', '$success.mxn', '$pending.long.usd', '$fail.compliance.usd']) {
      const answer = await receive({
        senderUmaAddress: `${sender}@sandbox.local`,
        receiverUmaAddress: wallet.umaAddress,
      });
      expect(answer.status, sender).to.equal(201);
      ids[sender] = answer.body.id;
    }
    const read = async (sender: string) => (await call('GET', `/transactions/${ids[sender]}`)).body;
    expect((await read('$success.eur')).rateDetails.serviceApiMultiplier).to.be.closeTo(1.08, 1e-12);
    expect((await read('$success.mxn')).rateDetails.serviceApiMultiplier).to.be.closeTo(0.055, 1e-12);
    expect(await read('$fail.compliance.usd')).to.include({
      status: 'FAILED',
      failureReason: 'COMPLIANCE_CHECK_FAILED',
    });
    advance(3_000);
    expect((await read('$success.eur')).status).to.equal('COMPLETED');
    expect((await read('$pending.long.usd')).status).to.equal('PROCESSING');
    expect(await balance(wallet)).to.equal(start + 2 * 1_500);
    advance(6 * 60_000);
    expect((await read('$pending.long.usd')).status).to.equal('COMPLETED');
    expect(await balance(wallet)).to.equal(start + 3 * 1_500);
  });

  it('an incoming UMA payment lands in the defaultUmaDepositAccount instead of the wallet', async () => {
    const other = await signedInWallet('uma-deposit');
    const deposit = await externalAccount(other.customerId, 'EUR', '123', { defaultUmaDepositAccount: true });
    const start = await balance(other);
    const answer = await receive({
      senderUmaAddress: '$success.eur@sandbox.local',
      receiverUmaAddress: other.umaAddress,
      receivingCurrencyCode: 'EUR',
    });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    expect(answer.body.destination.accountId).to.equal(deposit['id']);
    advance(3_000);
    expect((await call('GET', `/transactions/${answer.body.id}`)).body.status).to.equal('COMPLETED');
    expect(await balance(other)).to.equal(start);
  });

  it('/sandbox/send checks the quote and its currency, and refuses an embedded-wallet quote with the way to pay it', async () => {
    const usd = await externalAccount(wallet.customerId, 'USD');
    const q = await quote(wallet, usd['id'], 1_000);
    expect(
      code(await call('POST', '/sandbox/send', { quoteId: `Quote:${randomUUID()}`, currencyCode: 'USD' })),
    ).to.deep.equal([404, 'QUOTE_NOT_FOUND']);
    expect(code(await call('POST', '/sandbox/send', { quoteId: q['id'], currencyCode: 'EUR' }))).to.deep.equal([
      400,
      'INVALID_INPUT',
    ]);
    const refused = await call('POST', '/sandbox/send', { quoteId: q['id'], currencyCode: 'USD' });
    expect(code(refused)).to.deep.equal([400, 'INVALID_INPUT']);
    expect(refused.body.message).to.include('execute');
    expect((await call('GET', `/quotes/${q['id']}`)).body.status).to.equal('PENDING');
  });
});
