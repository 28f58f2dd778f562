/**
 * The sandbox follows the service's documented rules for cross-currency quotes
 * (docs/sandbox.md "Rates and fees", docs/protocol.md): conversion, rounding,
 * fees, rails and the payload the wallet signs, over real HTTP.
 */
import { expect } from 'chai';
import { before, describe, it } from 'node:test';
import { verifyQuote } from '../../src/client/verify-quote.js';
import type { Quote } from '../../src/protocol/index.js';
import {
  type Body,
  code,
  call,
  useStack,
  signedInWallet,
  type Wallet,
  balance,
  fund,
  externalAccount,
  quote,
  commitmentOf,
  execute,
} from './spec-rules-stack.js';

useStack();

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
