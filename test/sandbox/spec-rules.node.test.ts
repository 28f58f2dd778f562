/**
 * The sandbox follows the service's documented rules where it used to drift,
 * each test stating the rule it checks (docs/sandbox.md, docs/protocol.md),
 * over real HTTP (the platform's calls direct, the wallet's through the relay).
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { verifyQuote } from '../../src/client/verify-quote.js';
import type { Quote } from '../../src/protocol/index.js';
import { platform, startStack, type Stack } from '../helpers/stack.js';
import { stampWith, TurnkeyWalletClient, type KeyPair } from '../helpers/turnkey-wallet-client.js';

type Body = Record<string, any>;
const code = (r: { status: number; body: Body }) => [r.status, r.body['code']];

let stack: Stack;
const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  platform(stack.sandbox, method, path, body, headers);
const advance = (ms: number) => stack.sandbox.clock.advance(ms);

before(async () => {
  stack = await startStack();
});
after(() => stack.close());

/** A customer whose wallet has signed in by email OTP: the session key signs wallet actions. */
async function signedInWallet(name: string, extra: Body = {}) {
  const customer = await call('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    email: `${name}@example.com`,
    ...extra,
  });
  expect(customer.status, JSON.stringify(customer.body)).to.equal(201);
  const accountId = (await call('GET', `/customers/internal-accounts?customerId=${customer.body.id}`)).body.data[0]
    .id as string;
  // A wallet may start without a credential (the first one is registered unsigned).
  const credentials = (await call('GET', `/auth/credentials?accountId=${accountId}`)).body.data as Body[];
  const email =
    credentials.find((c) => c.type === 'EMAIL_OTP') ??
    (await call('POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId })).body;
  stack.grant(name, accountId);
  const client = new TurnkeyWalletClient(stack.relayUrl, name, accountId, stack.sandbox.enclaveKeys);
  const signIn = await client.otpSignIn(email.id, 'EMAIL_OTP');
  expect(signIn.error?.body).to.equal(undefined);
  return {
    customerId: customer.body.id as string,
    umaAddress: customer.body.umaAddress as string,
    accountId,
    client,
    key: signIn.key as KeyPair,
  };
}
type Wallet = Awaited<ReturnType<typeof signedInWallet>>;

const balance = async (wallet: Wallet) =>
  (await call('GET', `/customers/internal-accounts?customerId=${wallet.customerId}`)).body.data[0].balance
    .amount as number;
const fund = (wallet: Wallet, amount: number) =>
  call('POST', `/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount });

const ACCOUNTS: Record<string, (id: string) => Body> = {
  USD: (id) => ({ accountType: 'USD_ACCOUNT', accountNumber: id, routingNumber: '021000021' }),
  EUR: (id) => ({ accountType: 'EUR_ACCOUNT', iban: `DE8937040044${id.padStart(10, '0')}`, swiftCode: 'COBADEFFXXX' }),
  MXN: (id) => ({ accountType: 'MXN_ACCOUNT', clabeNumber: id.padStart(18, '0') }),
  AED: (id) => ({ accountType: 'AED_ACCOUNT', iban: `AE07033${id.padStart(16, '0')}` }),
  BRL: (id) => ({ accountType: 'BRL_ACCOUNT', pixKey: `ana${id}@example.com` }),
};

/** An external account in `currency` whose primary identifier ends in `suffix`. */
async function externalAccount(customerId: string | undefined, currency: string, suffix = '123', extra: Body = {}) {
  const answer = await call('POST', '/customers/external-accounts', {
    currency,
    ...(customerId ? { customerId } : {}),
    accountInfo: { ...ACCOUNTS[currency]!(`4444${suffix}`), beneficiary: { fullName: 'Pay Ee' } },
    ...extra,
  });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  return answer.body as Body;
}

const quote = async (wallet: Wallet, destinationId: string, amount: number, side = 'SENDING') => {
  const answer = await call('POST', '/quotes', {
    source: { accountId: wallet.accountId },
    destination: { accountId: destinationId },
    lockedCurrencySide: side,
    lockedCurrencyAmount: amount,
  });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  return answer.body as Body;
};

const payload = (q: Body) => q['paymentInstructions'][0].accountOrWalletInfo.payloadToSign as string;
const commitmentOf = (q: Body) =>
  Buffer.from(JSON.parse(payload(q)).parameters.unsignedTransaction, 'hex').toString('utf8');

const execute = async (wallet: Wallet, q: Body, headers: Record<string, string> = {}) =>
  call('POST', `/quotes/${q['id']}/execute`, undefined, {
    'service-wallet-signature': await stampWith(wallet.key, payload(q)),
    ...headers,
  });

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

describe('customers', () => {
  const create = (body: Body) => call('POST', '/customers', { customerType: 'INDIVIDUAL', ...body });
  const address = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };

  it('email is optional on POST /customers', async () => {
    const answer = await create({ fullName: 'No Mail' });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    expect(answer.body).to.not.have.property('email');
    expect(answer.body.umaAddress).to.match(/^\$[^@]+@sandbox\.local$/);
  });

  it('kycStatus is stored as given (UNVERIFIED, PENDING, APPROVED, REJECTED, HOLD), APPROVED when absent, 400 otherwise', async () => {
    for (const kycStatus of ['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD']) {
      expect((await create({ kycStatus })).body.kycStatus).to.equal(kycStatus);
    }
    expect((await create({})).body.kycStatus).to.equal('APPROVED');
    expect(code(await create({ kycStatus: 'VERIFIED' }))).to.deep.equal([400, 'INVALID_INPUT']);
  });

  it('birthDate, nationality, address and idType are stored and returned; identifier never is', async () => {
    const created = await create({
      platformCustomerId: 'kyc-ada',
      region: 'US',
      fullName: 'Ada Lovelace',
      birthDate: '1990-12-10',
      nationality: 'GB',
      address,
      idType: 'SSN',
      identifier: '123-45-6789',
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const read = await call('GET', `/customers/${created.body.id}`);
    for (const body of [created.body, read.body]) {
      expect(body).to.include({ birthDate: '1990-12-10', nationality: 'GB', idType: 'SSN', region: 'US' });
      expect(body.address).to.deep.equal(address);
      expect(body).to.not.have.property('identifier');
      expect(JSON.stringify(body)).to.not.include('6789');
    }
    expect(read.body.currencies).to.deep.equal(['USD']);
  });

  it('idType for an individual is SSN or ITIN only, and goes with an identifier', async () => {
    expect((await create({ idType: 'ITIN', identifier: '912345678' })).status).to.equal(201);
    for (const body of [
      { idType: 'EIN', identifier: '123456789' },
      { idType: 'NON_US_TAX_ID', identifier: '123456789' },
      { idType: 'SSN' },
      { identifier: '123456789' },
      { idType: 'PASSPORT', identifier: '123456789' },
    ]) {
      expect(code(await create(body)), JSON.stringify(body)).to.deep.equal([400, 'INVALID_INPUT']);
    }
  });

  it('PATCH stores and returns currencies, umaAddress, kycStatus, fullName, birthDate, nationality, address', async () => {
    const { body: customer } = await create({});
    const changes = {
      currencies: ['USD', 'EUR'],
      umaAddress: '$ada.patched@sandbox.local',
      kycStatus: 'HOLD',
      fullName: 'Ada Patched',
      birthDate: '1985-01-31',
      nationality: 'FR',
      address: { line1: '2 Rue', postalCode: '75001', country: 'FR' },
    };
    const patched = await call('PATCH', `/customers/${customer.id}`, { customerType: 'INDIVIDUAL', ...changes });
    expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
    const read = (await call('GET', `/customers/${customer.id}`)).body;
    for (const body of [patched.body, read]) {
      for (const [field, value] of Object.entries(changes)) expect(body[field], field).to.deep.equal(value);
    }
  });

  it('region (like idType and identifier) is create-only: a PATCH naming it is 400', async () => {
    const { body: customer } = await create({ region: 'US' });
    for (const field of [{ region: 'MX' }, { idType: 'SSN', identifier: '123456789' }]) {
      const answer = await call('PATCH', `/customers/${customer.id}`, { customerType: 'INDIVIDUAL', ...field });
      expect(code(answer)).to.deep.equal([400, 'INVALID_INPUT']);
    }
    expect((await call('GET', `/customers/${customer.id}`)).body.region).to.equal('US');
  });

  it('wrong types are 400 INVALID_INPUT with a message naming the field', async () => {
    const { body: customer } = await create({});
    const bad: [Body, string][] = [
      [{ birthDate: '2023-02-30' }, 'birthDate'],
      [{ birthDate: 19900101 }, 'birthDate'],
      [{ nationality: 'usa' }, 'nationality'],
      [{ address: { line1: 'x', country: 'US' } }, 'address.postalCode'],
      [{ address: { line1: 'x', postalCode: '1', country: 'United States' } }, 'address.country'],
      [{ address: 'Main St' }, 'address'],
      [{ currencies: 'USD' }, 'currencies'],
      [{ kycStatus: 'OK' }, 'kycStatus'],
      [{ umaAddress: 'ada@example.com' }, 'umaAddress'],
      [{ fullName: 5 }, 'fullName'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phoneNumber: '0044 20' }, 'phoneNumber'],
    ];
    for (const [body, field] of bad) {
      for (const answer of [
        await create(body),
        await call('PATCH', `/customers/${customer.id}`, { customerType: 'INDIVIDUAL', ...body }),
      ]) {
        expect(code(answer), JSON.stringify(body)).to.deep.equal([400, 'INVALID_INPUT']);
        expect(answer.body.message, JSON.stringify(body)).to.include(field);
      }
    }
  });

  it("an umaAddress names one customer: taking another customer's is 409", async () => {
    const taken = (await create({ umaAddress: '$taken@sandbox.local' })).body;
    expect(code(await create({ umaAddress: '$TAKEN@sandbox.local' }))).to.deep.equal([
      409,
      'UMA_ADDRESS_ALREADY_EXISTS',
    ]);
    const other = (await create({})).body;
    const answer = await call('PATCH', `/customers/${other.id}`, {
      customerType: 'INDIVIDUAL',
      umaAddress: taken.umaAddress,
    });
    expect(code(answer)).to.deep.equal([409, 'UMA_ADDRESS_ALREADY_EXISTS']);
  });
});

describe('external accounts', () => {
  let customerId: string;
  const create = (body: Body) => call('POST', '/customers/external-accounts', body);
  const beneficiary = { beneficiaryType: 'INDIVIDUAL', fullName: 'Pay Ee' };

  before(async () => {
    customerId = (await call('POST', '/customers', { customerType: 'INDIVIDUAL' })).body.id;
  });

  it('platformAccountId is stored and returned; the same one twice is 409', async () => {
    const first = await externalAccount(customerId, 'USD', '123', { platformAccountId: 'payee-1' });
    expect(first).to.include({ platformAccountId: 'payee-1', status: 'ACTIVE', currency: 'USD' });
    const again = await create({
      currency: 'USD',
      customerId,
      platformAccountId: 'payee-1',
      accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '99990001', beneficiary },
    });
    expect(code(again)).to.deep.equal([409, 'EXTERNAL_ACCOUNT_ALREADY_EXISTS']);
  });

  it('at most one defaultUmaDepositAccount per customer: setting it on a new account clears the previous one', async () => {
    const first = await externalAccount(customerId, 'USD', '201', { defaultUmaDepositAccount: true });
    expect(first['defaultUmaDepositAccount']).to.equal(true);
    const plain = await externalAccount(customerId, 'USD', '202');
    expect(plain['defaultUmaDepositAccount']).to.equal(false);
    const second = await externalAccount(customerId, 'EUR', '203', { defaultUmaDepositAccount: true });
    const list = (await call('GET', `/customers/external-accounts?customerId=${customerId}`)).body.data as Body[];
    const flagged = list.filter((a) => a['defaultUmaDepositAccount']).map((a) => a['id']);
    expect(flagged).to.deep.equal([second['id']]);
    expect(code(await create({ currency: 'USD', defaultUmaDepositAccount: 'yes', accountInfo: {} }))).to.deep.equal([
      400,
      'INVALID_INPUT',
    ]);
  });

  it('the identifier need not end in three digits; a suffix still counts, before the @ of a PIX email key', async () => {
    const plain = await externalAccount(customerId, 'BRL', '', {});
    expect(plain['accountInfo'].pixKey).to.equal('ana4444@example.com');
    const named = await create({
      currency: 'BRL',
      customerId,
      accountInfo: { accountType: 'BRL_ACCOUNT', pixKey: 'ana.pix@example.com', beneficiary },
    });
    expect(named.status, JSON.stringify(named.body)).to.equal(201);
    expect(named.body).to.include({ beneficiaryVerificationStatus: 'MATCHED' });
    expect(named.body.beneficiaryVerifiedData).to.deep.equal({ fullName: 'Pay Ee' });
    expect((await externalAccount(customerId, 'BRL', '102'))['beneficiaryVerificationStatus']).to.equal('NOT_MATCHED');
    expect((await externalAccount(customerId, 'EUR', '103'))['beneficiaryVerificationStatus']).to.equal(
      'PARTIAL_MATCH',
    );
    // An IBAN written in groups: the spaces are not part of it.
    const grouped = await create({
      currency: 'EUR',
      customerId,
      accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89 3704 0044 0532 0131 07', beneficiary },
    });
    expect(grouped.body).to.include({ beneficiaryVerificationStatus: 'CHECKED_BY_RECEIVING_FI' });
    expect(grouped.body.accountInfo.iban).to.equal('DE89370400440532013107');
    const refused = await create({
      currency: 'BRL',
      customerId,
      accountInfo: { accountType: 'BRL_ACCOUNT', pixKey: 'bob105@example.com', beneficiary },
    });
    expect(code(refused)).to.deep.equal([400, 'INVALID_INPUT']);
  });

  it('EUR, MXN and BRL account types besides USD and AED, each in its own currency', async () => {
    for (const currency of ['USD', 'EUR', 'MXN', 'AED', 'BRL']) {
      const account = await externalAccount(customerId, currency, '300');
      expect(account['currency']).to.equal(currency);
      expect(account['accountInfo'].accountType).to.equal(`${currency}_ACCOUNT`);
    }
    const mismatched = await create({
      currency: 'USD',
      customerId,
      accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000', beneficiary },
    });
    expect(code(mismatched)).to.deep.equal([400, 'INVALID_INPUT']);
    expect(mismatched.body.message).to.include('EUR');
    for (const accountInfo of [
      { accountType: 'GBP_ACCOUNT', sortCode: '000000', beneficiary },
      { accountType: 'MXN_ACCOUNT', clabeNumber: '1234', beneficiary },
      { accountType: 'MXN_ACCOUNT', beneficiary },
      { accountType: 'MXN_ACCOUNT', clabeNumber: '012345678901234567' },
    ]) {
      expect(
        code(await create({ currency: 'MXN', customerId, accountInfo })),
        JSON.stringify(accountInfo),
      ).to.deep.equal([400, 'INVALID_INPUT']);
    }
  });
});

/** The sandbox's table (docs/sandbox.md "Rates and fees"): USD per unit, in ten-thousandths. */
const USD_PER_10K: Record<string, number> = { EUR: 10_800, MXN: 550, AED: 2_723, BRL: 1_800 };
const RAILS: Record<string, string> = {
  USD: 'ACH',
  EUR: 'SEPA_INSTANT',
  MXN: 'SPEI',
  AED: 'BANK_TRANSFER',
  BRL: 'PIX',
};

describe('cross-currency quotes', () => {
  let wallet: Wallet;

  before(async () => {
    wallet = await signedInWallet('fx');
  });

  it('USD to a EUR account converts: EUR receiving, USD per EUR rate, fees in USD, rateDetails, SEPA_INSTANT', async () => {
    const eur = await externalAccount(wallet.customerId, 'EUR');
    const q = await quote(wallet, eur['id'], 10_000);
    expect(q['sendingCurrency']).to.deep.equal({ code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 });
    expect(q['receivingCurrency']).to.deep.equal({ code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 });
    expect(q['destination'].paymentRail).to.equal('SEPA_INSTANT');
    // $100.00: a $1.00 fixed fee, 0.5 % of the other $99.00 (49.5 cents, rounded down), $98.51 converted at 1.08.
    expect(q).to.include({
      totalSendingAmount: 10_000,
      feesIncluded: 149,
      totalReceivingAmount: 9_122,
      exchangeRate: 1.08,
    });
    expect(q['rateDetails']).to.include({
      counterpartyMultiplier: 1,
      counterpartyFixedFee: 0,
      serviceApiFixedFee: 100,
      serviceApiVariableFeeRate: 0.005,
      serviceApiVariableFeeAmount: 49,
    });
    expect(q['rateDetails'].serviceApiMultiplier).to.be.closeTo(1 / 1.08, 1e-12);
  });

  it('the payload the wallet signs keeps its shape and commits to both currencies, the rate and the fees, as the quote states them', async () => {
    for (const currency of ['EUR', 'MXN', 'AED', 'BRL', 'USD']) {
      const account = await externalAccount(wallet.customerId, currency);
      for (const side of ['SENDING', 'RECEIVING']) {
        const q = await quote(wallet, account['id'], 123_457, side);
        const committed = JSON.parse(commitmentOf(q));
        expect(Object.keys(committed)).to.deep.equal([
          'quoteId',
          'sourceAccountId',
          'destinationAccountId',
          'sendingAmount',
          'sendingCurrency',
          'receivingAmount',
          'receivingCurrency',
          'fees',
          'exchangeRate',
          'expiresAt',
        ]);
        expect(committed).to.deep.include({
          sendingAmount: q['totalSendingAmount'],
          sendingCurrency: { code: 'USD', decimals: 2 },
          receivingAmount: q['totalReceivingAmount'],
          receivingCurrency: { code: currency, decimals: 2 },
          fees: q['feesIncluded'],
          exchangeRate: q['exchangeRate'],
        });
        // The widget's own check (src/client/verify-quote.ts) accepts it.
        const shown = verifyQuote(q as unknown as Quote, { accountId: wallet.accountId });
        expect([shown.verified, shown.receivingCurrency.code, shown.exchangeRate]).to.deep.equal([
          true,
          currency,
          q['exchangeRate'],
        ]);
      }
    }
  });

  it("both locked sides are exact in smallest units, rounded in the customer's favour, for every currency", async () => {
    for (const currency of ['EUR', 'MXN', 'AED', 'BRL']) {
      const account = await externalAccount(wallet.customerId, currency);
      const rate = USD_PER_10K[currency]!;
      for (const amount of [101, 999, 10_000, 987_654_321]) {
        for (const side of ['SENDING', 'RECEIVING']) {
          const q = await quote(wallet, account['id'], amount, side);
          const label = `${currency} ${side} ${amount}`;
          const [sent, received, fees] = [q['totalSendingAmount'], q['totalReceivingAmount'], q['feesIncluded']];
          expect(q['exchangeRate'], label).to.equal(rate / 10_000);
          expect(q['destination'].paymentRail, label).to.equal(RAILS[currency]);
          expect(side === 'SENDING' ? sent : received, label).to.equal(amount);
          // Fees: 100 cents fixed + 0.5 % of the rest, rounded down.
          const variable = Math.floor(((sent - 100) * 50) / 10_000);
          expect(fees, label).to.equal(100 + variable);
          expect(q['rateDetails'].serviceApiVariableFeeAmount, label).to.equal(variable);
          const converted = BigInt(sent - fees);
          if (side === 'SENDING') {
            // The receiving amount is rounded up: the least whose value covers what was converted.
            expect(BigInt(received) * BigInt(rate) >= converted * 10_000n, label).to.equal(true);
            expect(BigInt(received - 1) * BigInt(rate) < converted * 10_000n, label).to.equal(true);
          } else {
            // The converted amount is rounded down, and the sending amount is the least that covers it.
            expect(converted, label).to.equal((BigInt(received) * BigInt(rate)) / 10_000n);
            const less = sent - 1 - 100;
            expect(less - Math.floor((less * 50) / 10_000) < Number(converted), label).to.equal(true);
          }
        }
      }
    }
  });

  it('USD to USD stays as before: rate 1, a flat 50-cent fee, ACH', async () => {
    const usd = await externalAccount(wallet.customerId, 'USD');
    const sending = await quote(wallet, usd['id'], 2_500);
    expect(sending).to.include({
      totalSendingAmount: 2_500,
      totalReceivingAmount: 2_450,
      feesIncluded: 50,
      exchangeRate: 1,
    });
    expect(sending['destination'].paymentRail).to.equal('ACH');
    expect(sending['rateDetails']).to.deep.equal({
      counterpartyMultiplier: 1,
      counterpartyFixedFee: 0,
      serviceApiMultiplier: 1,
      serviceApiFixedFee: 50,
      serviceApiVariableFeeRate: 0,
      serviceApiVariableFeeAmount: 0,
    });
    const receiving = await quote(wallet, usd['id'], 2_500, 'RECEIVING');
    expect(receiving).to.include({ totalSendingAmount: 2_550, totalReceivingAmount: 2_500, feesIncluded: 50 });
  });

  it('an amount whose other side would pass 2^53 - 1 is refused; tiny and malformed ones too', async () => {
    const mxn = await externalAccount(wallet.customerId, 'MXN');
    const refused = async (body: Body) =>
      code(
        await call('POST', '/quotes', {
          source: { accountId: wallet.accountId },
          destination: { accountId: mxn['id'] },
          ...body,
        }),
      );
    const invalid = [400, 'INVALID_INPUT'];
    expect(
      await refused({ lockedCurrencySide: 'SENDING', lockedCurrencyAmount: Number.MAX_SAFE_INTEGER }),
    ).to.deep.equal(invalid);
    expect(await refused({ lockedCurrencySide: 'RECEIVING', lockedCurrencyAmount: 1 })).to.deep.equal(invalid);
    expect(await refused({ lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100 })).to.deep.equal(invalid);
    expect(await refused({ lockedCurrencySide: 'SIDEWAYS', lockedCurrencyAmount: 1_000 })).to.deep.equal(invalid);
    const large = await quote(wallet, mxn['id'], Number.MAX_SAFE_INTEGER, 'RECEIVING');
    expect(Number.isSafeInteger(large['totalSendingAmount'])).to.equal(true);
  });

  it("the executed quote's transaction shows both currencies; the wallet is debited in USD", async () => {
    await fund(wallet, 50_000);
    const before = await balance(wallet);
    const aed = await externalAccount(wallet.customerId, 'AED');
    const q = await quote(wallet, aed['id'], 5_000, 'RECEIVING');
    const executed = await execute(wallet, q);
    expect(executed.status, JSON.stringify(executed.body)).to.equal(200);
    const tx = (await call('GET', `/transactions/${q['transactionId']}`)).body;
    expect(tx).to.include({
      type: 'OUTGOING',
      exchangeRate: 0.2723,
      fees: q['feesIncluded'],
      paymentRail: 'BANK_TRANSFER',
    });
    expect(tx.sentAmount).to.deep.equal({ amount: q['totalSendingAmount'], currency: q['sendingCurrency'] });
    expect(tx.receivedAmount).to.deep.equal({ amount: 5_000, currency: q['receivingCurrency'] });
    expect(tx.receivedAmount.currency.code).to.equal('AED');
    expect(await balance(wallet)).to.equal(before - q['totalSendingAmount']);
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
