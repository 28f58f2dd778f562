/**
 * The sandbox follows the service's documented rules for customers and their
 * external accounts (docs/sandbox.md, docs/protocol.md), each test stating the
 * rule it checks, over real HTTP.
 */
import { expect } from 'chai';
import { before, describe, it } from 'node:test';
import { type Body, code, call, useStack, externalAccount } from './spec-rules-stack.js';

useStack();

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
