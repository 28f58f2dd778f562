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

describe('frame.json', () => {
  it('reads the pages that may show the frame and the attributes it sets', () => {
    expect(parseFrameConfig(good)).to.deep.equal({
      parentOrigins: ['https://shop.example'],
      attributes: { 'api-base': '/api/wallet', 'otp-target-key': `04${'ab'.repeat(64)}` },
      approvalWindow: 'where-unseen',
    });
    for (const mode of ['never', 'always', 'where-unseen'])
      expect(parseFrameConfig({ ...good, approvalWindow: mode }).approvalWindow).to.equal(mode);
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
    ];
    for (const [json, words] of cases)
      expect(() => parseFrameConfig(json), JSON.stringify(json)).to.throw(FrameConfigError, words);
  });
});
