/**
 * verifyQuote: every value a quote shows must be what its payload commits to,
 * read strictly; each refusal names the field. Shared: runs in Node and in
 * every browser engine.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { quoteCommitment, verifyQuote, type ApproveQuoteOptions, type Quote } from '../../src/client/index.js';
import { activity, committed, quoteOf } from '../helpers/offline-quote.js';

/** `quote` with the member at `path` (dotted) set to `value`. */
function edited(quote: Quote, path: string, value: unknown): Quote {
  const copy = structuredClone(quote) as unknown as Record<string, any>;
  const keys = path.split('.');
  let at = copy;
  for (const key of keys.slice(0, -1)) at = at[key];
  at[keys.at(-1)!] = value;
  return copy as unknown as Quote;
}

function expectRefused(quote: Quote, field: string, options?: ApproveQuoteOptions & { accountId?: string }): Error {
  try {
    verifyQuote(quote, options);
  } catch (error: any) {
    expect(error.code, error.message).to.equal('QUOTE_NOT_SIGNABLE');
    expect(error.details?.field, error.message).to.equal(field);
    expect(error.message).to.include(field);
    return error;
  }
  return expect.fail(`not refused (expected ${field})`);
}

const LONG = 'A'.repeat(200_000);

describe('verifyQuote', () => {
  it('returns the committed values, the exact payload, and a private copy of the quote', () => {
    const quote = quoteOf();
    const view = verifyQuote(quote, { accountId: 'InternalAccount:wallet' });
    expect(view).to.deep.include({ ...committed(), verified: true });
    expect(view.payloadToSign).to.equal(quote.paymentInstructions![0]!.accountOrWalletInfo!.payloadToSign);
    expect(view.expiresAtMs).to.equal(Date.parse('2026-11-23T09:05:00.000Z'));
    quote.destination.accountId = 'ExternalAccount:thief';
    expect(view.quote.destination.accountId).to.equal('ExternalAccount:friend');
  });

  it('refuses every shown field that differs from the commitment, naming it', () => {
    const cases: [string, unknown][] = [
      ['id', 'Quote:2'],
      ['source.accountId', 'InternalAccount:other'],
      ['destination.accountId', 'ExternalAccount:thief'],
      ['totalSendingAmount', 5_000],
      ['sendingCurrency.code', 'EUR'],
      ['sendingCurrency.decimals', 4], // the lookalike: 50,000 cents shown as "$5.0000"
      ['totalReceivingAmount', 50_000],
      ['receivingCurrency.code', 'EUR'],
      ['receivingCurrency.decimals', 0],
      ['feesIncluded', 0],
      ['exchangeRate', 0.5],
      ['expiresAt', '2027-11-23T09:05:00.000Z'],
    ];
    for (const [field, value] of cases) {
      expect(expectRefused(edited(quoteOf(), field, value), field).message).to.include(
        'differs from the payment to sign',
      );
    }
  });

  it('refuses a commitment that pays another account than the quote names', () => {
    const quote = quoteOf(
      committed(),
      activity(JSON.stringify(committed({ destinationAccountId: 'ExternalAccount:thief' }))),
    );
    expectRefused(quote, 'destination.accountId');
  });

  it('refuses decimals outside 0..18, amounts that are not whole smallest units, and a rate that is not positive', () => {
    for (const decimals of [-1, 19, 400, 2.5, '2', null])
      expectRefused(edited(quoteOf(), 'sendingCurrency.decimals', decimals), 'sendingCurrency.decimals');
    for (const amount of [-1, 1.5, 2 ** 53, '50000', NaN])
      expectRefused(edited(quoteOf(), 'totalSendingAmount', amount), 'totalSendingAmount');
    for (const rate of [0, -1, Infinity, '1']) expectRefused(edited(quoteOf(), 'exchangeRate', rate), 'exchangeRate');
    expectRefused(
      quoteOf(committed({ receivingCurrency: { code: 'USD', decimals: 19 } })),
      'receivingCurrency.decimals',
    );
  });

  it('refuses an expiresAt that is not an ISO 8601 date, in the quote or the commitment', () => {
    for (const expiresAt of [
      'soon',
      '',
      '2026-13-45T00:00:00Z',
      'Mon, 23 Nov 2026 09:05:00 GMT',
      1_700_000_000_000,
      undefined,
    ])
      expectRefused(edited(quoteOf(), 'expiresAt', expiresAt), 'expiresAt');
    expectRefused(
      quoteOf(committed(), activity(JSON.stringify(committed({ expiresAt: 'never' })))),
      'unsignedTransaction.expiresAt',
    );
  });

  it('refuses ids and codes with direction overrides, invisible or non-ASCII characters', () => {
    const bidi = quoteOf(committed({ destinationAccountId: 'ExternalAccount:\u202Edneirf' }));
    expect(expectRefused(bidi, 'destination.accountId').message).to.include('cannot be shown safely');
    expectRefused(edited(quoteOf(), 'sendingCurrency.code', 'US\u200BD'), 'sendingCurrency.code');
    expectRefused(edited(quoteOf(), 'id', 'Quote:\u0031\u0336'), 'id');
    expectRefused(edited(quoteOf(), 'destination.accountId', 'ExternalAccount:frіend'), 'destination.accountId'); // Cyrillic і
  });

  it('refuses 200,000-character fields, in the quote and in the commitment, quickly', () => {
    const started = Date.now();
    expectRefused(edited(quoteOf(), 'id', LONG), 'id');
    expectRefused(edited(quoteOf(), 'destination.accountId', LONG), 'destination.accountId');
    expectRefused(edited(quoteOf(), 'sendingCurrency.code', LONG), 'sendingCurrency.code');
    expectRefused(edited(quoteOf(), 'expiresAt', LONG), 'expiresAt');
    const longCommitment = committed({ destinationAccountId: LONG });
    expectRefused(
      quoteOf(committed(), activity(JSON.stringify(longCommitment))),
      'unsignedTransaction.destinationAccountId',
    );
    expect(Date.now() - started).to.be.below(2_000);
  });

  it('refuses a commitment with a repeated key, an unknown member, a missing one, or in another spelling', () => {
    const good = JSON.stringify(committed());
    const repeated = good.replace(
      '"destinationAccountId":',
      '"destinationAccountId":"ExternalAccount:thief","destinationAccountId":',
    );
    expectRefused(quoteOf(committed(), activity(repeated)), 'unsignedTransaction');
    expectRefused(quoteOf(committed(), activity(JSON.stringify(committed(), null, 1))), 'unsignedTransaction');
    expectRefused(quoteOf(committed(), activity(JSON.stringify(committed({ memo: 'x' })))), 'unsignedTransaction.memo');
    expectRefused(
      quoteOf(
        committed(),
        activity(JSON.stringify(committed({ sendingCurrency: { code: 'USD', decimals: 2, scale: 4 } }))),
      ),
      'unsignedTransaction.sendingCurrency.scale',
    );
    const { fees: _fees, ...noFees } = committed();
    expectRefused(quoteOf(committed(), activity(JSON.stringify(noFees))), 'unsignedTransaction.fees');
    // A hostile key name is shown as printable ASCII only.
    const hostile = expectRefused(
      quoteOf(committed(), activity(JSON.stringify(committed({ '\u202Ex': 1 })))),
      'unsignedTransaction.?x',
    );
    expect(hostile.message).to.not.include('\u202E');
  });

  it('a payload that commits to nothing readable is refused, unless the host opts in; then the quote is still checked', () => {
    const opaque = [
      activity('', 'f86c0a8502540be400825208'), // an RLP transaction: not UTF-8
      activity('', 'not hex'),
      activity('"just a string"'),
      JSON.stringify({ type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', parameters: {} }),
      'not JSON',
    ];
    for (const payload of opaque) {
      const quote = quoteOf(committed(), payload);
      expect(quoteCommitment(payload)).to.equal(undefined);
      expectRefused(quote, 'payloadToSign');
      const view = verifyQuote(quote, { allowUnverifiedPayment: true });
      expect(view).to.deep.include({ ...committed(), verified: false, payloadToSign: payload });
      expectRefused(edited(quote, 'sendingCurrency.decimals', 400), 'sendingCurrency.decimals', {
        allowUnverifiedPayment: true,
      });
    }
    // Readable but contradicting: the opt-in does not help.
    expectRefused(edited(quoteOf(), 'destination.accountId', 'ExternalAccount:thief'), 'destination.accountId', {
      allowUnverifiedPayment: true,
    });
  });

  it('refuses a quote paid from another wallet, and one without an embedded-wallet payload', () => {
    expectRefused(quoteOf(), 'source.accountId', { accountId: 'InternalAccount:mine' });
    expectRefused({ ...quoteOf(), paymentInstructions: [] }, 'paymentInstructions');
    expectRefused(null as unknown as Quote, 'data');
  });
});
