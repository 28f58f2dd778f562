/**
 * Payload JSON is read strictly: a key repeated anywhere (also through an
 * escape) is refused, and an activity's parameters are compared with what the
 * operation asked for, unknown ones refused.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { describe, it } from '#test-harness';
import {
  WalletCryptoError,
  base64UrlJson,
  checkActivityPayload,
  checkOtpVerificationToken,
  parseStrictJson,
  toBase64Url,
  utf8,
} from '../../src/crypto/index.js';

function refusal(fn: () => unknown): { code?: string; field?: string } | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if (!(e instanceof WalletCryptoError)) throw e;
    return { code: e.code, ...(e.field ? { field: e.field } : {}) };
  }
}

describe('parseStrictJson', () => {
  it('refuses a repeated key at any depth, also when one copy is escaped', () => {
    for (const text of [
      '{"a":1,"a":2}',
      '{"x":{"email":"me@x","email":"thief@y"}}',
      '{"x":[{"k":1},{"k":2,"k":3}]}',
      '{"a":1,"\\u0061":2}',
      '{"p":{"q":"}\\"{","q":0}}',
    ]) {
      expect(
        refusal(() => parseStrictJson(text, 'payload')),
        text,
      ).to.deep.equal({ code: 'PAYLOAD_DUPLICATE_KEY' });
    }
  });

  it('accepts equal keys in different objects, and strings that look like keys', () => {
    const text = '{"a":{"a":1},"b":[{"a":2},{"a":3}],"c":"\\"a\\":","d":["a","a"]}';
    expect(parseStrictJson(text, 'payload')).to.deep.equal(JSON.parse(text));
  });

  it('agrees with JSON.parse on every JSON value without repeated keys (1,000 generated)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(parseStrictJson(text, 'payload')).to.deep.equal(JSON.parse(text));
      }),
      { numRuns: 1_000 },
    );
  });

  it('reports invalid JSON as PAYLOAD_UNRECOGNISED', () => {
    expect(refusal(() => parseStrictJson('{"a":', 'payload'))?.code).to.equal('PAYLOAD_UNRECOGNISED');
  });
});

describe('checkActivityPayload with stated parameters', () => {
  const payload = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      type: 'ACTIVITY_TYPE_UPDATE_WALLET',
      timestampMs: '1',
      organizationId: 'org',
      parameters,
      ...extra,
    });
  const expectation = {
    types: ['ACTIVITY_TYPE_UPDATE_WALLET'],
    parameters: { walletId: 'w1', privateEnabled: true, ids: ['a', 'b'] },
    freeParameters: ['note'],
  };
  const good = { walletId: 'w1', privateEnabled: true, ids: ['a', 'b'] };

  it('accepts the stated parameters in any member order, with free ones', () => {
    expect(() =>
      checkActivityPayload(payload({ ids: ['a', 'b'], privateEnabled: true, walletId: 'w1' }), expectation),
    ).not.to.throw();
    expect(() => checkActivityPayload(payload({ ...good, note: 'anything' }), expectation)).not.to.throw();
  });

  it('names the field that differs, is missing, or was not asked for', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, walletId: 'w2' }, 'parameters.walletId'],
      [{ ...good, privateEnabled: 'true' }, 'parameters.privateEnabled'],
      [{ ...good, ids: ['a'] }, 'parameters.ids'],
      [{ ...good, ids: ['b', 'a'] }, 'parameters.ids'],
      [{ walletId: 'w1', ids: ['a', 'b'] }, 'parameters.privateEnabled'],
      [{ ...good, invalidateExisting: true }, 'parameters.invalidateExisting'],
    ];
    for (const [parameters, field] of cases) {
      expect(
        refusal(() => checkActivityPayload(payload(parameters), expectation)),
        field,
      ).to.deep.equal({
        code: 'PAYLOAD_PARAMETER_MISMATCH',
        field,
      });
    }
  });

  it('refuses an unknown top-level member and a wrong organization', () => {
    expect(refusal(() => checkActivityPayload(payload(good, { sponsor: 'x' }), expectation))).to.deep.equal({
      code: 'PAYLOAD_PARAMETER_MISMATCH',
      field: 'sponsor',
    });
    expect(
      refusal(() => checkActivityPayload(payload(good), { ...expectation, organizationId: 'other' })),
    ).to.deep.equal({ code: 'PAYLOAD_PARAMETER_MISMATCH', field: 'organizationId' });
  });

  it('refuses parameters that are not an object', () => {
    expect(
      refusal(() =>
        checkActivityPayload(payload(good).replace(/"parameters":\{[^}]*\}/, '"parameters":[1]'), expectation),
      )?.code,
    ).to.equal('PAYLOAD_UNRECOGNISED');
  });
});

describe('OTP verification tokens are read strictly too', () => {
  it('a token whose claims repeat public_key is PAYLOAD_DUPLICATE_KEY, whichever copy is ours', () => {
    const ours = '02' + '11'.repeat(32);
    const claims = `{"public_key":"${ours}","exp":"${Date.now() + 60_000}","public_key":"03${'22'.repeat(32)}"}`;
    const token = `${base64UrlJson({ alg: 'ES256', kid: 'turnkey' })}.${toBase64Url(utf8(claims))}.c2ln`;
    expect(refusal(() => checkOtpVerificationToken(token, { publicKey: ours, now: Date.now() }))).to.deep.equal({
      code: 'PAYLOAD_DUPLICATE_KEY',
    });
  });
});
