/**
 * The phone form's arithmetic: digits grouped per country as typed, the
 * E.164 form sent (trunk zeros dropped, the service's pattern), which numbers
 * exist in their country's plan (libphonenumber-js, min metadata), a pasted
 * international number split into its country, the default country, and
 * where the caret lands after reformatting. Shared: runs in Node and in the browsers.
 */
import { expect } from 'chai';
import { before, describe, it } from '#test-harness';
import { loadPhonePlan } from '../../src/elements/account-settings/phone-plan/load-phone-plan.js';
import {
  caretAfterDigits,
  COUNTRIES,
  countryOf,
  defaultRegion,
  digitsOf,
  displayPhone,
  formatNational,
  maxNational,
  phoneProblem,
  regroupPhone,
  splitInternational,
  toE164,
} from '../../src/elements/account-settings/phone-number.js';

describe('phone numbers of <ew-account-settings>', () => {
  // The numbering plans are a file of their own, which the form loads when it opens.
  before(async () => {
    expect(loadPhonePlan.current, 'not loaded by the settings view itself').to.equal(undefined);
    await loadPhonePlan();
  });
  it('groups national digits per country as they are typed, the overflow joining the last group', () => {
    const us = countryOf('US');
    expect(['4', '415', '4155', '415555', '4155550', '4155550123'].map((d) => formatNational(d, us))).to.deep.equal([
      '4',
      '415',
      '415 5',
      '415 555',
      '415 555 0',
      '415 555 0123',
    ]);
    expect(formatNational('612345678', countryOf('ES'))).to.equal('612 34 56 78');
    expect(formatNational('612345678', countryOf('FR'))).to.equal('6 12 34 56 78');
    expect(formatNational('15123456789', countryOf('DE'))).to.equal('1512 3456789');
    expect(formatNational('151234567890', countryOf('DE'))).to.equal('1512 34567890');
    expect(formatNational('11912345678', countryOf('BR'))).to.equal('11 91234 5678');
    expect(formatNational('9876543210', countryOf('IN'))).to.equal('98765 43210');
    expect(formatNational('', us)).to.equal('');
  });

  it('keeps a typed trunk 0 on screen as its own group and drops it from the E.164 form', () => {
    const gb = countryOf('GB');
    expect(formatNational('07911123456', gb)).to.equal('0 7911 123456');
    expect(toE164('07911123456', gb)).to.equal('+447911123456');
    expect(toE164('4155550123', countryOf('US'))).to.equal('+14155550123');
    expect(toE164('501234567', countryOf('AE'))).to.equal('+971501234567');
  });

  it("refuses what is not the service's E.164 pattern, and never sends more digits than E.164 leaves room for", () => {
    expect(phoneProblem('+1'), 'no national number').to.equal('invalid');
    expect(phoneProblem(`+1${'2'.repeat(15)}`), 'past 15 digits').to.equal('invalid');
    expect(phoneProblem('+1415555012a')).to.equal('invalid');
    expect(phoneProblem('+014155550123'), 'a calling code cannot start with 0').to.equal('invalid');
    for (const c of COUNTRIES) expect(c.code.length + maxNational(c)).to.equal(15);
  });

  it("accepts a number only when it is a whole, valid number of its country's plan", () => {
    const check = (region: string, national: string) => phoneProblem(toE164(digitsOf(national), countryOf(region)));
    // Cut short: the number that was saved as a US number before.
    expect(check('US', '415 555'), '+1 415 555').to.equal('short');
    expect(check('US', '415 555 0132')).to.equal(undefined);
    expect(check('US', '123 555 0132'), 'no US area code starts with 1').to.equal('invalid');
    expect(check('US', '415 555 01322'), 'a digit too many').to.equal('invalid');
    // A number of another region sharing the calling code is the same E.164: accepted.
    expect(check('CA', '416 555 0123')).to.equal(undefined);
    expect(check('CA', '415 555 0132')).to.equal(undefined);
    expect(check('MX', '55 1234 5678')).to.equal(undefined);
    expect(check('MX', '55 1234 567')).to.equal('short');
    expect(check('GB', '7911 123456')).to.equal(undefined);
    expect(check('GB', '0 7911 123456'), 'the trunk 0 typed out of habit').to.equal(undefined);
    expect(check('GB', '7911 12345')).to.not.equal(undefined);
    expect(check('ES', '612 34 56 78')).to.equal(undefined);
    expect(check('ES', '612 34 56 7')).to.equal('short');
    expect(check('ES', '112 34 56 78'), 'no Spanish number starts with 1').to.equal('invalid');
    expect(check('BR', '11 91234 5678')).to.equal(undefined);
    expect(check('BR', '11 9123 456')).to.not.equal(undefined);
    expect(check('DE', '1512 3456789')).to.equal(undefined);
    expect(check('FR', '6 12 34 56 78')).to.equal(undefined);
    expect(check('FR', '6 12 34 56')).to.equal('short');
    expect(check('AE', '50 123 4567')).to.equal(undefined);
    expect(check('IN', '98765 43210')).to.equal(undefined);
    expect(check('IN', '98765 4321')).to.not.equal(undefined);
  });

  it('splits a pasted international number into its country and digits; a shared code keeps the preferred region', () => {
    expect(splitInternational('+44 7911 123456')).to.deep.equal({ country: countryOf('GB'), digits: '7911123456' });
    expect(splitInternational('0034 612 34 56 78')?.country.region).to.equal('ES');
    expect(splitInternational('+971 50 123 4567')?.country.region).to.equal('AE');
    expect(splitInternational('+1 416 555 0123', 'CA')?.country.region).to.equal('CA');
    expect(splitInternational('+1 416 555 0123')?.country.region).to.equal('US');
    expect(splitInternational('+7 912 345 67 89'), 'a code not listed').to.equal(undefined);
    expect(splitInternational('415 555 0123'), 'national').to.equal(undefined);
  });

  it("defaults to the current phone's country, else the language's likely region, else the US", () => {
    expect(defaultRegion('+447911123456', 'en-US')).to.equal('GB');
    expect(defaultRegion('+14165550123', 'en-CA')).to.equal('CA');
    expect(defaultRegion(undefined, 'es-MX')).to.equal('MX');
    expect(defaultRegion(undefined, 'es')).to.equal('ES');
    expect(defaultRegion(undefined, 'pt')).to.equal('BR');
    expect(defaultRegion(undefined, 'ja-JP')).to.equal('US');
    expect(defaultRegion(undefined, 'not a tag!')).to.equal('US');
  });

  it('puts the caret just after the same number of digits', () => {
    expect(caretAfterDigits('415 555 0123', 3)).to.equal(3);
    expect(caretAfterDigits('415 555 0123', 4)).to.equal(5);
    expect(caretAfterDigits('415 555 0123', 10)).to.equal(12);
    expect(caretAfterDigits('415 555 0123', 0)).to.equal(0);
  });

  it('regroups the field after each edit: typing, a Backspace on a space, a paste with its calling code', () => {
    const edit = (raw: string, caret: number, before: string, backspace = false, region = 'US') =>
      regroupPhone({ raw, caret, before, region, backspace });
    // A digit typed at the end of "415 55": grouped, the caret after it.
    expect(edit('415 555', 7, '415 55')).to.deep.equal({ value: '415 555', region: 'US', caret: 7 });
    expect(edit('415 5550', 8, '415 555')).to.deep.equal({ value: '415 555 0', region: 'US', caret: 9 });
    // A digit typed mid-number keeps the caret after it, not at the end.
    expect(edit('4195 555 0123', 3, '415 555 0123')).to.deep.equal({ value: '419 555 50123', region: 'US', caret: 3 });
    // Backspace right after a group's space deletes the digit before the space.
    expect(edit('415555 0123', 3, '415 555 0123', true)).to.deep.equal({
      value: '415 550 123',
      region: 'US',
      caret: 2,
    });
    // A paste with its calling code picks its country; the caret goes to the end.
    expect(edit('+44 7911 123456', 15, '', false)).to.deep.equal({ value: '7911 123456', region: 'GB', caret: 11 });
    // A calling code still being typed, or one not listed: left as typed.
    expect(edit('+4', 2, '')).to.equal(undefined);
    expect(edit('+999 123', 8, '')).to.equal(undefined);
    // Never longer than E.164 leaves room for.
    expect(digitsOf(edit('1'.repeat(20), 20, '')!.value)).to.have.length(maxNational(countryOf('US')));
    expect(displayPhone('+447911123456')).to.equal('+44 7911 123456');
  });
});
