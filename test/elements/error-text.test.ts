/**
 * What the user reads when an answer carries text of the relay's choosing: an
 * error code that is an object's built-in member, a "field" that is a
 * sentence, a credential type the widget does not know. None of it is shown
 * as given. Runs in Node and in every browser.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { errorText } from '../../src/elements/strings/error-text.js';
import { STRINGS_EN } from '../../src/elements/strings/index.js';
import { STRINGS_ES } from '../../src/elements/strings/es.js';

describe('relay-given text in error and type names', () => {
  it('an error code named like a built-in member reads as a generic error', () => {
    for (const code of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(errorText({ code, message: 'x' }, STRINGS_EN), code).to.equal('Something went wrong. Try again.');
    }
  });

  it("a refused quote names its field only when it is a field's name, never a relay's sentence", () => {
    expect(
      errorText({ code: 'QUOTE_NOT_SIGNABLE', message: '', field: 'destination.accountId' }, STRINGS_EN),
    ).to.include('(destination.accountId)');
    const phishing = 'call +1 555 0100 to unlock your wallet';
    const text = errorText({ code: 'QUOTE_NOT_SIGNABLE', message: '', field: phishing }, STRINGS_EN);
    expect(text).to.not.include('555');
    expect(text).to.equal('This payment cannot be approved from this wallet.');
  });

  it('a credential type the widget does not know is named generically, in each language', () => {
    const hostile = 'PASSKEY\u202E gnirts';
    expect(STRINGS_EN.credentialType(hostile)).to.equal('Sign-in method');
    expect(STRINGS_ES.credentialType(hostile)).to.equal('Método de inicio de sesión');
    expect(STRINGS_EN.credentialType('constructor')).to.equal('Sign-in method');
    expect(STRINGS_EN.credentialType('PASSKEY')).to.equal('Passkey');
  });
});
