/**
 * Interoperability with Turnkey's published implementation (the service's
 * wallet layer), used only as a test oracle: @turnkey/crypto for HPKE,
 * bundles and stamp verification, @turnkey/api-key-stamper for stamps, and
 * Node's own crypto (OpenSSL) as a second, unrelated verifier.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { describe, it } from 'node:test';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { encryptOtpCodeToBundle, hpkeDecrypt, hpkeEncrypt, verifyStampSignature } from '@turnkey/crypto';
import { bs58check } from '@turnkey/encoding';
import {
  createStamp,
  generateEncryptionKeyPair,
  generateSigningKeyPair,
  parseStamp,
  publicKeyHex,
} from '../../src/crypto/index.js';
import { importSigningScalar } from '../../src/crypto/hpke/scalar-import.js';
import { openSessionKeyBundle, sealOtpBundle } from '../../src/crypto/hpke/seal-open.js';
import { bytesToHex, hexToBytes, makeBundle, makeEnclave, p256, randomKeyHex } from '../helpers/enclave.js';
import { report } from '#test-harness';

const CASES = 200;

/** OpenSSL's verdict on a DER signature by a SEC1 public key over UTF-8 `payload`. */
function opensslVerifies(publicKeyHex: string, derHex: string, payload: string): boolean {
  const point = p256.Point.fromHex(publicKeyHex).toBytes(false);
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: Buffer.from(point.subarray(1, 33)).toString('base64url'),
      y: Buffer.from(point.subarray(33)).toString('base64url'),
    },
    format: 'jwk',
  });
  return nodeVerify('sha256', Buffer.from(payload, 'utf8'), { key, dsaEncoding: 'der' }, Buffer.from(derHex, 'hex'));
}

/** Payloads the way they arrive: unicode, odd whitespace, newlines, and up to 64 KiB. */
const payloads = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({
    unit: fc.constantFrom(' ', '\n', '\r\n', '\t', '\u00a0', '{', '"', 'é', '😀', '\u2028', 'a'),
    maxLength: 300,
  }),
  fc.json(),
  fc.integer({ min: 60 * 1024, max: 64 * 1024 }).map((n) => '\u00e9x\n'.repeat(Math.ceil(n / 4)).slice(0, n)),
);

describe("interop with Turnkey's libraries", () => {
  it(`our encryptedOtpBundle opens with @turnkey/crypto's hpkeDecrypt to exactly {otp_code, public_key} (${CASES} cases)`, async () => {
    const enclave = makeEnclave();
    let opened = 0;
    for (let i = 0; i < CASES; i++) {
      const target = randomKeyHex();
      const tek = i % 2 ? randomKeyHex().compressed : randomKeyHex().uncompressed;
      const otp = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
      const bundle = makeBundle(enclave, { targetPublic: target.uncompressed, organizationId: 'org' });
      const sealed = JSON.parse(
        await sealOtpBundle({
          otpCode: otp,
          publicKey: tek,
          targetBundle: bundle,
          trust: { pinnedKey: enclave.publicKeyHex },
        }),
      );
      const plaintext = hpkeDecrypt({
        ciphertextBuf: hexToBytes(sealed.ciphertext),
        encappedKeyBuf: hexToBytes(sealed.encappedPublic),
        receiverPriv: target.secret,
      });
      expect(new TextDecoder().decode(plaintext)).to.equal(`{"otp_code":"${otp}","public_key":"${tek}"}`);
      opened++;
    }
    report(`Turnkey hpkeDecrypt opened ${opened}/${CASES} of our OTP bundles to the exact plaintext`);
  });

  it(`our sealing and Turnkey's encryptOtpCodeToBundle accept and refuse the same target bundles (${CASES} cases)`, async () => {
    const pinned = makeEnclave();
    const other = makeEnclave();
    const tek = randomKeyHex().compressed;
    type Mutation = (target: string) => string;
    const flipHex = (hex: string, at: number) =>
      hex.slice(0, at) + (parseInt(hex[at]!, 16) ^ 1).toString(16) + hex.slice(at + 1);
    const mutations: Record<string, Mutation> = {
      valid: (t) => makeBundle(pinned, { targetPublic: t }),
      'valid, high-S': (t) => makeBundle(pinned, { targetPublic: t }, {}, { highS: true }),
      'valid, extra members': (t) => makeBundle(pinned, { targetPublic: t, organizationId: 'o', userId: 'u' }),
      'signed by another key': (t) => makeBundle(other, { targetPublic: t }),
      'another key claiming the pinned one': (t) =>
        makeBundle(other, { targetPublic: t }, { enclaveQuorumPublic: pinned.publicKeyHex }),
      'data tampered': (t) => {
        const b = JSON.parse(makeBundle(pinned, { targetPublic: t }));
        return JSON.stringify({ ...b, data: flipHex(b.data, 40 + Math.floor(Math.random() * 100)) });
      },
      'signature r tampered': (t) => {
        const b = JSON.parse(makeBundle(pinned, { targetPublic: t }));
        return JSON.stringify({ ...b, dataSignature: flipHex(b.dataSignature, b.dataSignature.length - 70) });
      },
      'signature s tampered': (t) => {
        const b = JSON.parse(makeBundle(pinned, { targetPublic: t }));
        return JSON.stringify({ ...b, dataSignature: flipHex(b.dataSignature, b.dataSignature.length - 3) });
      },
      'no targetPublic': () => makeBundle(pinned, { organizationId: 'o' }),
    };
    const names = Object.keys(mutations);
    const tally: Record<string, string> = {};
    let agreed = 0;
    for (let i = 0; i < CASES; i++) {
      const name = names[i % names.length]!;
      const bundle = mutations[name]!(randomKeyHex().uncompressed);
      const ours = await sealOtpBundle({
        otpCode: '123456',
        publicKey: tek,
        targetBundle: bundle,
        trust: { pinnedKey: pinned.publicKeyHex },
      }).then(
        () => 'accept',
        () => 'refuse',
      );
      const theirs = await encryptOtpCodeToBundle('123456', bundle, tek, pinned.publicKeyHex).then(
        () => 'accept',
        () => 'refuse',
      );
      expect(ours, `${name}: ours ${ours}, Turnkey ${theirs}`).to.equal(theirs);
      tally[name] = ours;
      agreed++;
    }
    expect(tally['valid']).to.equal('accept');
    expect(tally['valid, high-S']).to.equal('accept');
    expect(tally['signed by another key']).to.equal('refuse');
    report(
      `target bundles: ${agreed}/${CASES} verdicts agree with Turnkey (${Object.entries(tally)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')})`,
    );
  });

  it(`session bundles sealed by Turnkey's hpkeEncrypt + base58check open with ours, and the key signs under the original scalar (${CASES} cases)`, async () => {
    let ok = 0;
    for (let i = 0; i < CASES; i++) {
      const recipient = await generateEncryptionKeyPair();
      const scalar = p256.utils.randomSecretKey();
      const expectedPublic = bytesToHex(p256.getPublicKey(scalar, true));
      const sealed = hpkeEncrypt({
        plainTextBuf: scalar,
        targetKeyBuf: hexToBytes(await publicKeyHex(recipient.publicKey, 'uncompressed')),
      });
      const pair = await openSessionKeyBundle(bs58check.encode(sealed), recipient);
      const payload = `{"type":"ACTIVITY_TYPE_DELETE_API_KEYS","n":${i}}`;
      const stamp = parseStamp(await createStamp(payload, pair));
      expect(stamp.publicKey).to.equal(expectedPublic);
      expect(await verifyStampSignature(expectedPublic, stamp.signature, payload)).to.equal(true);
      ok++;
    }
    report(`Turnkey-sealed session bundles: ${ok}/${CASES} opened, stamps verify under the original scalar's key`);
  });

  it(`our stamps verify with Turnkey's verifyStampSignature and with OpenSSL for unicode, whitespace, newlines and 64 KiB payloads (${CASES} cases)`, async () => {
    const pair = await generateSigningKeyPair();
    const publicKey = await publicKeyHex(pair.publicKey, 'compressed');
    let verified = 0;
    let largest = 0;
    const samples = fc.sample(payloads, CASES);
    samples[0] = 'x'.repeat(64 * 1024);
    samples[1] = ' \n leading and trailing whitespace \n ';
    for (const payload of samples) {
      const header = await createStamp(payload, pair);
      expect(header).to.match(/^[A-Za-z0-9_-]+$/);
      const decoded = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
      expect(Object.keys(decoded)).to.deep.equal(['publicKey', 'scheme', 'signature']);
      expect(decoded.publicKey).to.equal(publicKey);
      expect(decoded.scheme).to.equal('SIGNATURE_SCHEME_TK_API_P256');
      expect(await verifyStampSignature(publicKey, decoded.signature, payload), 'Turnkey').to.equal(true);
      expect(opensslVerifies(publicKey, decoded.signature, payload), 'OpenSSL').to.equal(true);
      expect(opensslVerifies(publicKey, decoded.signature, `${payload} `), 'OpenSSL, one more byte').to.equal(false);
      largest = Math.max(largest, new TextEncoder().encode(payload).length);
      verified++;
    }
    report(`stamps: ${verified}/${CASES} verified by Turnkey and OpenSSL (largest payload ${largest} bytes)`);
  });

  it(`Turnkey's ApiKeyStamper and ours stamp with the same key and scheme, and both verify (${CASES} cases)`, async () => {
    let agreed = 0;
    for (const payload of fc.sample(payloads, CASES)) {
      const key = randomKeyHex();
      const theirs = await new ApiKeyStamper({ apiPublicKey: key.compressed, apiPrivateKey: key.secret }).stamp(
        payload,
      );
      expect(theirs.stampHeaderName).to.equal('X-Stamp');
      const ours = await createStamp(payload, await importSigningScalar(hexToBytes(key.secret)));
      const a = JSON.parse(Buffer.from(theirs.stampHeaderValue, 'base64url').toString('utf8'));
      const b = JSON.parse(Buffer.from(ours, 'base64url').toString('utf8'));
      expect(b.publicKey).to.equal(a.publicKey);
      expect(b.scheme).to.equal(a.scheme);
      for (const stamp of [a, b]) {
        expect(opensslVerifies(stamp.publicKey, stamp.signature, payload)).to.equal(true);
        expect(await verifyStampSignature(stamp.publicKey, stamp.signature, payload)).to.equal(true);
      }
      agreed++;
    }
    report(`ApiKeyStamper vs ours: ${agreed}/${CASES} same key and scheme, both stamps verify`);
  });
});
