/**
 * Quote display formatting: amounts exact to the last digit from smallest
 * units and decimals, tickers with their code, host labels neutralised.
 * Shared: runs in Node and in the browsers.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { formatAmount, formatRate, usableLocale, visibleLabel } from '../../src/elements/approve-quote/format.js';

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

  it('falls back to the page locale for a tag Intl does not accept', () => {
    expect(usableLocale('es-MX')).to.equal('es-MX');
    expect(usableLocale('not a locale!')).to.equal(undefined);
    expect(usableLocale(undefined)).to.equal(undefined);
  });

  it('states the rate as 1 sending unit in receiving units', () => {
    expect(formatRate(1, USD, USD, 'en-US')).to.equal('1 USD = 1 USD');
    expect(formatRate(0.5, USD, { code: 'EUR', decimals: 2 }, 'en-US')).to.equal('1 USD = 2 EUR');
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
