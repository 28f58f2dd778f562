import { expect } from 'chai';
import fc from 'fast-check';
import { before, describe, it, report } from '#test-harness';
import {
  WalletCryptoError,
  base64UrlJson,
  checkActivityPayload,
  checkOtpVerificationToken,
  checkPayloadToSign,
  generateEncryptionKeyPair,
  generateSigningKeyPair,
  publicKeyHex,
} from '../../src/crypto/index.js';

function activity(type: string, parameters: Record<string, unknown> = {}): string {
  // Member order varies on the wire; this one puts parameters first on purpose.
  return JSON.stringify({ parameters, organizationId: 'org-1', timestampMs: '1763800000000', type });
}

function otpToken(claims: Record<string, unknown>): string {
  return `${base64UrlJson({ alg: 'ES256', kid: 'turnkey' })}.${base64UrlJson(claims)}.c2lnbmF0dXJl`;
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    return e instanceof WalletCryptoError ? e.code : `not typed: ${String(e)}`;
  }
}

describe('payload checks before signing', () => {
  let mine: string;
  let mineUncompressed: string;
  let theirs: string;
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  before(async () => {
    const pair = await generateEncryptionKeyPair();
    mine = await publicKeyHex(pair.publicKey, 'compressed');
    mineUncompressed = await publicKeyHex(pair.publicKey, 'uncompressed');
    theirs = await publicKeyHex((await generateSigningKeyPair()).publicKey, 'uncompressed');
  });

  it('passes an activity of an allowed type whose targetPublicKey is ours (in either SEC1 form)', () => {
    const types = ['ACTIVITY_TYPE_EXPORT_WALLET'];
    const parsed = checkActivityPayload(
      activity('ACTIVITY_TYPE_EXPORT_WALLET', { targetPublicKey: mineUncompressed }),
      { types, targetPublicKey: mine },
    );
    expect(parsed.type).to.equal('ACTIVITY_TYPE_EXPORT_WALLET');
    expect(
      codeOf(() =>
        checkPayloadToSign(activity('ACTIVITY_TYPE_EXPORT_WALLET', { targetPublicKey: mine }), {
          kind: 'activity',
          types,
          targetPublicKey: mineUncompressed,
        }),
      ),
    ).to.equal(undefined);
    expect(
      codeOf(() =>
        checkPayloadToSign(activity('ACTIVITY_TYPE_DELETE_API_KEYS', { apiKeyIds: ['x'] }), {
          kind: 'activity',
          types: ['ACTIVITY_TYPE_DELETE_API_KEYS'],
        }),
      ),
    ).to.equal(undefined);
  });

  it('refuses the wrong activity type, another key, a target where none is expected, and unrecognised formats', () => {
    const refresh = {
      kind: 'activity',
      types: ['ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2'],
      targetPublicKey: mine,
    } as const;
    expect(
      codeOf(() => checkPayloadToSign(activity('ACTIVITY_TYPE_EXPORT_WALLET', { targetPublicKey: mine }), refresh)),
    ).to.equal('PAYLOAD_WRONG_TYPE');
    expect(
      codeOf(() =>
        checkPayloadToSign(
          activity('ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', { targetPublicKey: theirs }),
          refresh,
        ),
      ),
    ).to.equal('PAYLOAD_WRONG_KEY');
    expect(
      codeOf(() => checkPayloadToSign(activity('ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', {}), refresh)),
    ).to.equal('PAYLOAD_WRONG_KEY');
    expect(
      codeOf(() =>
        checkPayloadToSign(
          activity('ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', { targetPublicKey: 'nothex' }),
          refresh,
        ),
      ),
    ).to.equal('PAYLOAD_WRONG_KEY');
    expect(
      codeOf(() =>
        checkPayloadToSign(activity('ACTIVITY_TYPE_DELETE_API_KEYS', { targetPublicKey: theirs }), {
          kind: 'activity',
          types: ['ACTIVITY_TYPE_DELETE_API_KEYS'],
        }),
      ),
    ).to.equal('PAYLOAD_WRONG_KEY');
    for (const junk of ['', 'hello', '[]', '{"type":5}', '{"type":"EXPORT"}', 'a.b.c']) {
      expect(
        codeOf(() => checkPayloadToSign(junk, refresh)),
        junk,
      ).to.equal('PAYLOAD_UNRECOGNISED');
    }
  });

  it('holds a limited parameter to a whole number from 1 to its limit, and returns the organization named', () => {
    const expect900 = { types: ['ACTIVITY_TYPE_X'], parameters: {}, limits: { expirationSeconds: 900 } };
    const withLifetime = (value: unknown) => activity('ACTIVITY_TYPE_X', { expirationSeconds: value });
    for (const ok of ['900', '1', 900, 60]) {
      expect(
        codeOf(() => checkActivityPayload(withLifetime(ok), expect900)),
        String(ok),
      ).to.equal(undefined);
    }
    expect(checkActivityPayload(activity('ACTIVITY_TYPE_X'), expect900).organizationId).to.equal('org-1');
    for (const bad of [
      '901',
      '315360000',
      901,
      '0',
      0,
      -5,
      '-5',
      '0900',
      '9e2',
      '900.0',
      899.5,
      ' 900',
      '',
      null,
      true,
      [900],
    ]) {
      expect(
        codeOf(() => checkActivityPayload(withLifetime(bad), expect900)),
        JSON.stringify(bad),
      ).to.equal('PAYLOAD_PARAMETER_MISMATCH');
    }
  });

  it('passes an OTP token bound to our key and unexpired, whether exp is seconds or a millisecond string', () => {
    const seconds = otpToken({ public_key: mine, exp: now / 1000 + 300, contact: 'j@example.com' });
    expect(checkOtpVerificationToken(seconds, { publicKey: mineUncompressed, now }).expiresAtMs).to.equal(
      now + 300_000,
    );
    const millis = otpToken({ public_key: mineUncompressed, exp: String(now + 60_000) });
    expect(checkOtpVerificationToken(millis, { publicKey: mine, now }).expiresAtMs).to.equal(now + 60_000);
  });

  it('refuses an OTP token for another key, past its exp, or malformed', () => {
    const expect_ = { kind: 'otp-token', publicKey: mine, now } as const;
    expect(codeOf(() => checkPayloadToSign(otpToken({ public_key: theirs, exp: now / 1000 + 300 }), expect_))).to.equal(
      'PAYLOAD_WRONG_KEY',
    );
    expect(codeOf(() => checkPayloadToSign(otpToken({ public_key: mine, exp: now / 1000 - 1 }), expect_))).to.equal(
      'PAYLOAD_EXPIRED',
    );
    expect(codeOf(() => checkPayloadToSign(otpToken({ public_key: mine, exp: String(now) }), expect_))).to.equal(
      'PAYLOAD_EXPIRED',
    );
    expect(codeOf(() => checkPayloadToSign(otpToken({ public_key: mine }), expect_))).to.equal('PAYLOAD_UNRECOGNISED');
    expect(codeOf(() => checkPayloadToSign(otpToken({ exp: now / 1000 + 300 }), expect_))).to.equal(
      'PAYLOAD_UNRECOGNISED',
    );
    const hs256 = `${base64UrlJson({ alg: 'HS256' })}.${base64UrlJson({ public_key: mine, exp: now / 1000 + 300 })}.x`;
    expect(codeOf(() => checkPayloadToSign(hs256, expect_))).to.equal('PAYLOAD_UNRECOGNISED');
    expect(codeOf(() => checkPayloadToSign(activity('ACTIVITY_TYPE_EXPORT_WALLET'), expect_))).to.equal(
      'PAYLOAD_UNRECOGNISED',
    );
  });

  it('refuses an OTP token naming a session key the client did not ask for, or another organization', () => {
    const exp = now / 1000 + 300;
    const base = { kind: 'otp-token', publicKey: mine, now } as const;
    // A relay that added its own key to the verify: the token names it, and the client never asked for one.
    expect(
      codeOf(() => checkPayloadToSign(otpToken({ public_key: mine, exp, session_public_key: theirs }), base)),
    ).to.equal('PAYLOAD_WRONG_KEY');
    const asked = { ...base, sessionPublicKey: mine };
    expect(
      codeOf(() => checkPayloadToSign(otpToken({ public_key: mine, exp, session_public_key: theirs }), asked)),
    ).to.equal('PAYLOAD_WRONG_KEY');
    expect(
      codeOf(() => checkPayloadToSign(otpToken({ public_key: mine, exp, session_public_key: mine }), asked)),
    ).to.equal(undefined);
    expect(codeOf(() => checkPayloadToSign(otpToken({ public_key: mine, exp }), asked))).to.equal('PAYLOAD_WRONG_KEY');
    const org = { ...base, organizationId: 'org-1' };
    expect(
      codeOf(() => checkPayloadToSign(otpToken({ public_key: mine, exp, organization_id: 'org-2' }), org)),
    ).to.equal('PAYLOAD_PARAMETER_MISMATCH');
    expect(codeOf(() => checkPayloadToSign(otpToken({ public_key: mine, exp }), org))).to.equal(
      'PAYLOAD_PARAMETER_MISMATCH',
    );
    expect(
      codeOf(() => checkPayloadToSign(otpToken({ public_key: mine, exp, organization_id: 'org-1' }), org)),
    ).to.equal(undefined);
  });

  it('signs opaque payloads only when the caller opts out explicitly', () => {
    expect(codeOf(() => checkPayloadToSign('anything at all', { kind: 'opaque' }))).to.equal(undefined);
  });

  it('returns or throws WalletCryptoError for arbitrary payloads under every expectation', () => {
    const runs = 2000;
    const expectations = [
      { kind: 'activity', types: ['ACTIVITY_TYPE_EXPORT_WALLET'], targetPublicKey: mine },
      { kind: 'otp-token', publicKey: mine, now },
    ] as const;
    const input = fc.oneof(
      fc.string(),
      fc.json(),
      fc.tuple(fc.string(), fc.string(), fc.string()).map((parts) => parts.join('.')),
      fc.dictionary(fc.string(), fc.jsonValue()).map((claims) => otpToken(claims)),
    );
    for (const expectation of expectations) {
      fc.assert(
        fc.property(
          input,
          (payload) => !codeOf(() => checkPayloadToSign(payload, expectation))?.startsWith('not typed'),
        ),
        { numRuns: runs },
      );
    }
    report(`payload checks: ${2 * runs} arbitrary payloads, typed outcome every time`);
  });
});
