/**
 * The frame's frame.json (src/frame-page/config.ts): read as written, and each
 * mistake refused with words that name it, in Node and every browser.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { FrameConfigError, parseFrameConfig } from '../../src/frame-page/config.js';

const good = {
  v: 1,
  parentOrigins: ['https://shop.example'],
  attributes: { 'api-base': '/api/wallet', 'otp-target-key': `04${'ab'.repeat(64)}` },
};

const oauth = { authorizationUrl: 'https://accounts.example/o/authorize', clientId: 'wallet-frame' };

describe('frame.json', () => {
  it('reads the pages that may show the frame and the attributes it sets', () => {
    expect(parseFrameConfig(good)).to.deep.equal({
      parentOrigins: ['https://shop.example'],
      attributes: { 'api-base': '/api/wallet', 'otp-target-key': `04${'ab'.repeat(64)}` },
      approvalWindow: 'where-unseen',
      oauth: undefined,
    });
    for (const mode of ['never', 'always', 'where-unseen'])
      expect(parseFrameConfig({ ...good, approvalWindow: mode }).approvalWindow).to.equal(mode);
  });

  it('reads the identity provider the frame signs in with', () => {
    expect(parseFrameConfig({ ...good, oauth }).oauth).to.deep.equal({ ...oauth, scope: 'openid', label: undefined });
    const full = { ...oauth, scope: 'openid email', label: 'Continue with Google' };
    expect(parseFrameConfig({ ...good, oauth: full }).oauth).to.deep.equal(full);
    // A provider on this machine may answer over http, for development.
    const local = { ...oauth, authorizationUrl: 'http://localhost:8787/authorize' };
    expect(parseFrameConfig({ ...good, oauth: local }).oauth?.authorizationUrl).to.equal(local.authorizationUrl);
  });

  it('refuses each mistake by name', () => {
    const cases: [unknown, RegExp][] = [
      [null, /not a JSON object/],
      [{ ...good, v: 2 }, /"v" must be 1/],
      [{ ...good, parentOrigins: [] }, /must list the origins/],
      [{ ...good, parentOrigins: ['*'] }, /"\*" is not an origin/],
      [{ ...good, parentOrigins: ['https://shop.example/'] }, /is not an origin/],
      [{ ...good, parentOrigins: ['null'] }, /is not an origin/],
      [{ ...good, attributes: { 'account-id': 'InternalAccount:1' } }, /"account-id" is not one frame.json sets/],
      // An approval's checks are no one's to loosen in isolated mode, the frame's configuration included.
      [{ ...good, attributes: { 'allow-framed': '' } }, /"allow-framed" is not one frame.json sets/],
      [{ ...good, attributes: { 'allow-unverified-payment': '' } }, /"allow-unverified-payment" is not one/],
      [{ ...good, attributes: { 'api-base': 5 } }, /"api-base" must be a string/],
      [{ ...good, attributes: [] }, /"attributes" must be an object/],
      [{ ...good, parentOrigins: ['https://*'] }, /"https:\/\/\*" is not an origin/],
      [{ ...good, attributes: { 'otp-target-key': '04ab' } }, /must be a P-256 public key/],
      [{ ...good, attributes: { 'api-base': '//evil.example/api' } }, /must be a path/],
      [{ ...good, attributes: { 'api-base': 'http://relay.example' } }, /must be a path/],
      [{ ...good, attributes: { 'max-session-seconds': '-1' } }, /whole number/],
      [{ ...good, attributes: { 'dangerously-trust-unpinned-sandbox': 'false' } }, /is on whenever present/],
      // A misspelt setting is not silently the default: "approvalWindow" off by a letter would drop the window.
      [{ ...good, approvalWindows: 'always' }, /"approvalWindows" is not a setting of frame.json/],
      [{ ...good, approvalWindow: 'sometimes' }, /"approvalWindow" must be one of/],
      [{ ...good, approvalWindow: false }, /"approvalWindow" must be one of/],
      [{ ...good, oauth: 'google' }, /"oauth" must be an object/],
      [{ ...good, oauth: { ...oauth, clientID: 'x' } }, /"clientID" is not one of its settings/],
      [{ ...good, oauth: { ...oauth, authorizationUrl: 'http://accounts.example/auth' } }, /https URL/],
      [{ ...good, oauth: { ...oauth, authorizationUrl: 'javascript:alert(1)' } }, /https URL/],
      [{ ...good, oauth: { ...oauth, authorizationUrl: 'https://accounts.example/auth#x' } }, /without a #fragment/],
      [{ ...good, oauth: { ...oauth, clientId: '' } }, /"clientId" must be/],
      [{ ...good, oauth: { ...oauth, scope: 'email profile' } }, /"openid" among them/],
      [{ ...good, oauth: { ...oauth, label: 'x'.repeat(65) } }, /"label" must be/],
    ];
    for (const [json, words] of cases)
      expect(() => parseFrameConfig(json), JSON.stringify(json)).to.throw(FrameConfigError, words);
  });
});
