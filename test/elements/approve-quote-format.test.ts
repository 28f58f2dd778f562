/**
 * Quote display formatting: amounts exact to the last digit from smallest
 * units and decimals, tickers with their code, host labels neutralised.
 * Shared: runs in Node and in the browsers.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { formatAmount, usableLocale, visibleLabel } from '../../src/elements/shared/format.js';
import { formatRate } from '../../src/elements/approve-quote/quote-summary.js';

const USD = { code: 'USD', decimals: 2 };

describe('quote formatting', () => {
  it('formats smallest units with the committed decimals, exactly, for every safe integer and 0..18 decimals', () => {
    expect(formatAmount(2_500, USD, 'en-US')).to.equal('$25.00');
    expect(formatAmount(5, USD, 'en-US')).to.equal('$0.05');
    expect(formatAmount(0, { code: 'JPY', decimals: 0 }, 'en-US')).to.equal('¥0');
    expect(formatAmount(Number.MAX_SAFE_INTEGER, USD, 'en-US')).to.equal('$90,071,992,547,409.91');
    expect(formatAmount(1, { code: 'WETH', decimals: 18 }, 'en-US')).to.equal('0.000000000000000001 WETH');
    expect(formatAmount(50_000, { code: 'USD', decimals: 4 }, 'en-US')).to.equal('$5.0000');
  });

  it("shows each currency of a cross-currency quote with its own decimals, in the page's locale", () => {
    // The sandbox's currencies (2 decimals) and ones with 0 and 3: digit for digit what was committed.
    const cases: [string, number, number, string][] = [
      ['USD', 2, 123_456, '1,234.56'],
      ['EUR', 2, 123_456, '1,234.56'],
      ['MXN', 2, 2_245_833, '22,458.33'],
      ['AED', 2, 4_589, '45.89'],
      ['BRL', 2, 100, '1.00'],
      ['JPY', 0, 123_456, '123,456'],
      ['KWD', 3, 1_234_567, '1,234.567'],
    ];
    for (const [code, decimals, amount, digits] of cases) {
      const shown = formatAmount(amount, { code, decimals }, 'en-US');
      expect(shown, code).to.include(digits);
      // The currency's own sign or code, as Intl writes it in this engine.
      const sign = new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
        .formatToParts(0)
        .find((p) => p.type === 'currency')!.value;
      expect(shown, code).to.include(sign);
    }
    expect(formatAmount(123_456, { code: 'EUR', decimals: 2 }, 'en-US')).to.equal('€1,234.56');
    expect(formatAmount(123_456, { code: 'JPY', decimals: 0 }, 'en-US')).to.equal('¥123,456');
    // German groups with dots and writes the decimals after a comma.
    expect(formatAmount(2_245_833, { code: 'MXN', decimals: 2 }, 'de-DE')).to.include('22.458,33');
    expect(formatAmount(1_234_567, { code: 'KWD', decimals: 3 }, 'de-DE')).to.include('1.234,567');
  });

  it('falls back to the page locale for a tag Intl does not accept', () => {
    expect(usableLocale('es-MX')).to.equal('es-MX');
    expect(usableLocale('not a locale!')).to.equal(undefined);
    expect(usableLocale(undefined)).to.equal(undefined);
    expect(usableLocale('')).to.equal(undefined);
    // A syntax check, not a lookup of Intl's data (a cold lookup cost the first sign-in screen ~20 ms):
    // a well-formed tag with no data of its own is kept, and formats in Intl's fallback.
    expect(usableLocale('zz-ZZ')).to.equal('zz-ZZ');
    expect(formatAmount(2500, USD, 'zz-ZZ')).to.include('25.00');
  });

  it('states the rate as 1 sending unit in receiving units', () => {
    expect(formatRate(1, USD, USD, 'en-US')).to.equal('1 USD = 1 USD');
    expect(formatRate(0.5, USD, { code: 'EUR', decimals: 2 }, 'en-US')).to.equal('1 USD = 2 EUR');
    // The sandbox's table: dollars per unit, shown as units per dollar to four decimals, as rates are quoted.
    expect(formatRate(0.055, USD, { code: 'MXN', decimals: 2 }, 'en-US')).to.equal('1 USD = 18.1818 MXN');
    expect(formatRate(1.08, USD, { code: 'EUR', decimals: 2 }, 'en-US')).to.equal('1 USD = 0.9259 EUR');
    expect(formatRate(0.055, USD, { code: 'MXN', decimals: 2 }, 'de-DE')).to.equal('1 USD = 18,1818 MXN');
    // Too small for four decimals: four significant digits instead of "0".
    expect(formatRate(95_238.1, USD, { code: 'BTC', decimals: 8 }, 'en-US')).to.equal('1 USD = 0.0000105 BTC');
  });

  it('shows control, bidi and invisible characters of a host label as marks, and cuts it at 80 characters', () => {
    expect(visibleLabel("Alex's checking ••1234")).to.equal("Alex's checking ••1234");
    expect(visibleLabel('Alex\u202E4321')).to.equal('Alex[U+202E]4321');
    expect(visibleLabel('a\u200Bb\u2066c\nd\u0000')).to.equal('a[U+200B]b[U+2066]c[U+000A]d[U+0000]');
    expect(visibleLabel('مرحبا Alex')).to.equal('مرحبا Alex'); // right-to-left letters are fine (shown in <bdi>)
    expect(visibleLabel('x'.repeat(200_000))).to.equal(`${'x'.repeat(80)}…`);
    expect(visibleLabel('😀'.repeat(100))).to.equal(`${'😀'.repeat(80)}…`);
  });
});
