/**
 * The words of every error the widget can show, in every locale: complete,
 * never a code read as a key it is not, and a host's override of one error
 * keeps the others. Runs in Node and in every browser.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { mergeStrings, STRINGS_EN } from '../../src/elements/strings/index.js';
import { errorText } from '../../src/elements/strings/error-text.js';
import { STRINGS_ES } from '../../src/elements/strings/es.js';

describe('error words', () => {
  it("every one of the service's published codes has words", () => {
    const part7 = [
      'UNAUTHORIZED',
      'INVALID_SIGNATURE',
      'WALLET_SIGNATURE_MISSING',
      'WALLET_SIGNATURE_MALFORMED',
      'WALLET_SIGNATURE_BODY_MISMATCH',
      'WALLET_SIGNATURE_INVALID',
      'REQUEST_ID_MISSING',
      'TRANSACTION_NOT_FOUND',
      'INVITATION_NOT_FOUND',
      'USER_NOT_FOUND',
      'QUOTE_NOT_FOUND',
      'LOOKUP_REQUEST_NOT_FOUND',
      'TOKEN_NOT_FOUND',
      'BULK_UPLOAD_JOB_NOT_FOUND',
      'REFERENCE_NOT_FOUND',
      'UMA_NOT_FOUND',
      'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND',
      'SERVICE_SWITCH_ERROR',
      'INTERNAL_ERROR',
      'METHOD_NOT_ALLOWED',
      'INVALID_INPUT',
    ];
    for (const code of part7) expect(STRINGS_EN.errors[code as keyof typeof STRINGS_EN.errors], code).to.be.a('string');
    expect(errorText({ code: 'SOMETHING_NEW', message: '' }, STRINGS_EN)).to.match(/went wrong/);
  });

  it('English and Spanish name the same codes, each with words of its own', () => {
    const en = Object.keys(STRINGS_EN.errors).sort();
    expect(Object.keys(STRINGS_ES.errors).sort()).to.deep.equal(en);
    for (const code of en) {
      const es = STRINGS_ES.errors[code as keyof typeof STRINGS_ES.errors];
      expect(es, code).to.be.a('string').and.not.equal('');
      expect(es, code).to.not.equal(STRINGS_EN.errors[code as keyof typeof STRINGS_EN.errors]);
    }
  });

  it("a host's words for one code replace that code's only", () => {
    const strings = mergeStrings(STRINGS_EN, { errors: { RATE_LIMITED: 'Slow down.' } });
    expect(errorText({ code: 'RATE_LIMITED', message: '' }, strings)).to.equal('Slow down.');
    expect(errorText({ code: 'TIMEOUT', message: '' }, strings)).to.equal(STRINGS_EN.errors.TIMEOUT);
    expect(errorText({ code: 'NOT_A_CODE', message: '' }, STRINGS_ES)).to.equal('Algo salió mal. Inténtalo de nuevo.');
  });
});
