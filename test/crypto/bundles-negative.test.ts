import { expect } from 'chai';
import fc from 'fast-check';
import { after, before, describe, it, report } from '#test-harness';
import {
  WalletCryptoError,
  fromHex,
  generateEncryptionKeyPair,
  generateSigningKeyPair,
  publicKeyHex,
  toHex,
} from '../../src/crypto/index.js';
import { derToRaw } from '../../src/crypto/hpke/verify-signature.js';
import { toBase58Check } from '../../src/crypto/hpke/base58check.js';
import { parseTargetBundle, verifyEnclaveBundle } from '../../src/crypto/hpke/enclave-bundle.js';
import { hpkeSeal, openExportBundle, openSessionKeyBundle, sealOtpBundle } from '../../src/crypto/hpke/seal-open.js';
import { bytesToHex, hexToBytes, makeBundle, makeEnclave, p256, type TestEnclave } from '../helpers/enclave.js';
import { rejectsWithCode } from '../helpers/keys.js';

const N = p256.Point.Fn.ORDER;

/** Counts encryptions and key agreements, to prove refusals happen before any. */
function cryptoOpCounter() {
  const proto = SubtleCrypto.prototype;
  const original = { encrypt: proto.encrypt, deriveBits: proto.deriveBits };
  let count = 0;
  proto.encrypt = function (...args: Parameters<SubtleCrypto['encrypt']>) {
    count++;
    return original.encrypt.apply(this, args);
  };
  proto.deriveBits = function (...args: Parameters<SubtleCrypto['deriveBits']>) {
    count++;
    return original.deriveBits.apply(this, args);
  };
  return {
    get count() {
      return count;
    },
    restore() {
      proto.encrypt = original.encrypt;
      proto.deriveBits = original.deriveBits;
    },
  };
}

function derInt(n: bigint): string {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (parseInt(hex.slice(0, 2), 16) & 0x80) hex = `00${hex}`;
  return `02${(hex.length / 2).toString(16).padStart(2, '0')}${hex}`;
}
function derSig(r: bigint, s: bigint): string {
  const body = derInt(r) + derInt(s);
  return `30${(body.length / 2).toString(16).padStart(2, '0')}${body}`;
}

describe('target and export bundles: every bad input has its own typed error, before any encryption', () => {
  let enclave: TestEnclave;
  let other: TestEnclave;
  let tek: string;
  let target: string;
  let good: string;
  let counter: ReturnType<typeof cryptoOpCounter>;
  const seal = (targetBundle: string, pinnedKey = enclave.publicKeyHex) =>
    sealOtpBundle({ otpCode: '000000', publicKey: tek, targetBundle, trust: { pinnedKey } });

  before(async () => {
    enclave = makeEnclave();
    other = makeEnclave();
    tek = await publicKeyHex((await generateSigningKeyPair()).publicKey, 'compressed');
    target = await publicKeyHex((await generateEncryptionKeyPair()).publicKey, 'uncompressed');
    good = makeBundle(enclave, { targetPublic: target, organizationId: 'org' });
    counter = cryptoOpCounter();
  });
  after(() => counter.restore());

  const cases: [string, () => string, string][] = [
    ['not JSON', () => good.slice(0, -1), 'BUNDLE_NOT_JSON'],
    ['not an object', () => '[1,2]', 'BUNDLE_MALFORMED'],
    [
      'missing dataSignature',
      () => JSON.stringify({ ...JSON.parse(good), dataSignature: undefined }),
      'BUNDLE_MALFORMED',
    ],
    ['data not hex', () => JSON.stringify({ ...JSON.parse(good), data: 'zz' }), 'INVALID_HEX'],
    [
      'signer key not a point',
      () => JSON.stringify({ ...JSON.parse(good), enclaveQuorumPublic: `04${'11'.repeat(64)}` }),
      'INVALID_PUBLIC_KEY',
    ],
    ['signed (validly) by another key', () => makeBundle(other, { targetPublic: target }), 'ENCLAVE_KEY_NOT_PINNED'],
    [
      'another key claiming to be the pinned one',
      () => makeBundle(other, { targetPublic: target }, { enclaveQuorumPublic: enclave.publicKeyHex }),
      'BAD_BUNDLE_SIGNATURE',
    ],
    [
      'tampered data',
      () => {
        const b = JSON.parse(good);
        return JSON.stringify({ ...b, data: b.data.slice(0, -2) + (b.data.endsWith('7d') ? '20' : '7d') });
      },
      'BAD_BUNDLE_SIGNATURE',
    ],
    [
      'truncated signature',
      () => JSON.stringify({ ...JSON.parse(good), dataSignature: JSON.parse(good).dataSignature.slice(0, -4) }),
      'INVALID_DER',
    ],
    ['non-hex signature', () => JSON.stringify({ ...JSON.parse(good), dataSignature: 'not-hex!' }), 'INVALID_HEX'],
    [
      'BER long-form length',
      () => {
        const sig: string = JSON.parse(good).dataSignature;
        return JSON.stringify({ ...JSON.parse(good), dataSignature: `3081${sig.slice(2)}` });
      },
      'INVALID_DER',
    ],
    [
      'BER superfluous leading zero in r',
      () => {
        const raw = derToRaw(fromHex(JSON.parse(good).dataSignature));
        const r = toHex(raw.subarray(0, 32)).replace(/^(00)*/, '');
        const rPadded = `0000${r}`;
        const body = `02${(rPadded.length / 2).toString(16).padStart(2, '0')}${rPadded}${derInt(BigInt(`0x${toHex(raw.subarray(32))}`))}`;
        return JSON.stringify({ ...JSON.parse(good), dataSignature: `30${(body.length / 2).toString(16)}${body}` });
      },
      'INVALID_DER',
    ],
    ['r = 0', () => JSON.stringify({ ...JSON.parse(good), dataSignature: derSig(0n, 5n) }), 'SIGNATURE_OUT_OF_RANGE'],
    ['s = 0', () => JSON.stringify({ ...JSON.parse(good), dataSignature: derSig(5n, 0n) }), 'SIGNATURE_OUT_OF_RANGE'],
    ['r = n', () => JSON.stringify({ ...JSON.parse(good), dataSignature: derSig(N, 5n) }), 'SIGNATURE_OUT_OF_RANGE'],
    [
      's > n',
      () => JSON.stringify({ ...JSON.parse(good), dataSignature: derSig(5n, N + 7n) }),
      'SIGNATURE_OUT_OF_RANGE',
    ],
    ['no targetPublic', () => makeBundle(enclave, { organizationId: 'org' }), 'BUNDLE_MISSING_TARGET'],
    [
      'targetPublic compressed',
      () => makeBundle(enclave, { targetPublic: bytesToHex(p256.Point.fromHex(target).toBytes(true)) }),
      'INVALID_PUBLIC_KEY',
    ],
    [
      'targetPublic off the curve',
      () => makeBundle(enclave, { targetPublic: `04${'22'.repeat(64)}` }),
      'INVALID_PUBLIC_KEY',
    ],
  ];

  for (const [name, build, code] of cases) {
    it(`${name}: ${code}`, async () => {
      const before = counter.count;
      await rejectsWithCode(seal(build()), code);
      expect(counter.count - before, 'encryptions or key agreements').to.equal(0);
    });
  }

  it('the untouched bundle seals (the cases above differ from it only in the named fault)', async () => {
    const sealed = JSON.parse(await seal(good)) as { encappedPublic: string; ciphertext: string };
    expect(sealed.encappedPublic).to.match(/^04[0-9a-f]{128}$/);
    expect(sealed.ciphertext).to.match(/^[0-9a-f]+$/);
  });

  it('a high-S enclave signature is accepted (production emits them)', async () => {
    const highS = makeBundle(enclave, { targetPublic: target }, {}, { highS: true });
    expect(toHex(await parseTargetBundle(highS, { pinnedKey: enclave.publicKeyHex }))).to.equal(target);
  });

  it('the unsigned sandbox form passes only under the loudly named option, and nothing else does', async () => {
    const hatch = { pinnedKey: enclave.publicKeyHex, dangerouslyAcceptUnsignedSandboxBundle: true };
    const unsigned = JSON.stringify({ ...JSON.parse(good), dataSignature: '', enclaveQuorumPublic: '' });
    await rejectsWithCode(verifyEnclaveBundle(unsigned, { pinnedKey: enclave.publicKeyHex }), 'INVALID_PUBLIC_KEY');
    const verified = await verifyEnclaveBundle(unsigned, hatch);
    expect(verified.signedData['targetPublic']).to.equal(target);
    // Said so, so that nothing in its data (an organization) is taken as vouched for.
    expect(verified.signed).to.equal(false);
    expect((await verifyEnclaveBundle(good, hatch)).signed).to.equal(true);
    // A bundle signed by any other key is still held to the pin, hatch or not.
    const foreign = makeBundle(makeEnclave(), { targetPublic: target });
    await rejectsWithCode(verifyEnclaveBundle(foreign, hatch), 'ENCLAVE_KEY_NOT_PINNED');
    // Only both members empty is the unsigned form: an empty signature by the pinned key is not.
    const halfEmpty = JSON.stringify({ ...JSON.parse(good), dataSignature: '' });
    await rejectsWithCode(verifyEnclaveBundle(halfEmpty, hatch), 'INVALID_DER');
    // A present signature must still hold.
    const tampered = JSON.stringify({
      ...JSON.parse(good),
      data: toHex(new TextEncoder().encode('{"targetPublic":"x"}')),
    });
    await rejectsWithCode(verifyEnclaveBundle(tampered, hatch), 'BAD_BUNDLE_SIGNATURE');
    // Target bundles never take the unsigned form.
    await rejectsWithCode(parseTargetBundle(unsigned, hatch), 'INVALID_PUBLIC_KEY');
    let typeError: unknown;
    try {
      await verifyEnclaveBundle(good, {} as never);
    } catch (e) {
      typeError = e;
    }
    expect(typeError).to.be.instanceOf(TypeError);
  });
});

describe('sealed session key and export bundles: corruption never yields a plaintext', () => {
  it('a bad base58check checksum is BAD_CHECKSUM; a flipped ciphertext bit, a flipped key byte or another recipient is DECRYPT_FAILED', async () => {
    const recipient = await generateEncryptionKeyPair();
    const recipientPub = await publicKeyHex(recipient.publicKey, 'uncompressed');
    // What corruption does to our opener; an independent sender is the Turnkey interop suite's job.
    const scalar = p256.utils.randomSecretKey();
    const sealed = await hpkeSeal(scalar, hexToBytes(recipientPub));
    const compressed = p256.Point.fromBytes(sealed.encappedPublic).toBytes(true);
    const bundleBytes = new Uint8Array([...compressed, ...sealed.ciphertext]);
    await openSessionKeyBundle(await toBase58Check(bundleBytes), recipient); // the intact bundle opens

    // Change the last base58 digit (it always lands in the checksum) to a different one.
    const intact = await toBase58Check(bundleBytes);
    const checksumBroken = intact.slice(0, -1) + (intact.endsWith('z') ? 'y' : 'z');
    expect(checksumBroken).to.not.equal(intact);
    await rejectsWithCode(openSessionKeyBundle(checksumBroken, recipient), 'BAD_CHECKSUM');

    let flips = 0;
    for (let bit = 0; bit < sealed.ciphertext.length * 8; bit += 7) {
      const corrupt = bundleBytes.slice();
      corrupt[33 + (bit >> 3)]! ^= 1 << (bit & 7);
      await rejectsWithCode(openSessionKeyBundle(await toBase58Check(corrupt), recipient), 'DECRYPT_FAILED');
      flips++;
    }
    const otherRecipient = await generateEncryptionKeyPair();
    await rejectsWithCode(openSessionKeyBundle(await toBase58Check(bundleBytes), otherRecipient), 'DECRYPT_FAILED');
    const badKey = bundleBytes.slice();
    badKey[0] = badKey[0] === 2 ? 3 : 2; // the other point with this x: valid, but not the sender's
    await rejectsWithCode(openSessionKeyBundle(await toBase58Check(badKey), recipient), 'DECRYPT_FAILED');
    await rejectsWithCode(
      openSessionKeyBundle(await toBase58Check(bundleBytes.subarray(0, 40)), recipient),
      'BUNDLE_MALFORMED',
    );
    // The checksum is checked while the bundle is opened: a bad one still wins over every
    // other fault, and an intact payload under a bad checksum gives no key (above).
    const withBadChecksum = async (bytes: Uint8Array<ArrayBuffer>) => {
      const text = await toBase58Check(bytes);
      return text.slice(0, -1) + (text.endsWith('z') ? 'y' : 'z');
    };
    const flipped = bundleBytes.slice();
    flipped[40]! ^= 1;
    await rejectsWithCode(openSessionKeyBundle(await withBadChecksum(flipped), recipient), 'BAD_CHECKSUM');
    await rejectsWithCode(
      openSessionKeyBundle(await withBadChecksum(bundleBytes.slice(0, 40)), recipient),
      'BAD_CHECKSUM',
    );
    report(`session bundle: ${flips} single-bit ciphertext flips, each DECRYPT_FAILED`);
  });

  it('an export bundle with a flipped ciphertext bit (re-signed, so the signature holds) is DECRYPT_FAILED', async () => {
    const enclave = makeEnclave();
    const recipient = await generateEncryptionKeyPair();
    const sealed = await hpkeSeal(
      new TextEncoder().encode('abandon ability able'),
      hexToBytes(await publicKeyHex(recipient.publicKey, 'uncompressed')),
    );
    const make = (ciphertext: Uint8Array) =>
      makeBundle(enclave, {
        encappedPublic: toHex(sealed.encappedPublic),
        ciphertext: toHex(ciphertext),
        organizationId: 'o',
      });
    const trust = { pinnedKey: enclave.publicKeyHex };
    expect(await openExportBundle({ bundle: make(sealed.ciphertext), recipient, trust })).to.equal(
      'abandon ability able',
    );
    const flipped = sealed.ciphertext.slice();
    flipped[3]! ^= 0x10;
    await rejectsWithCode(openExportBundle({ bundle: make(flipped), recipient, trust }), 'DECRYPT_FAILED');
    // Held to an organization: a signed bundle of another is refused; the sandbox's unsigned form vouches for none.
    const good = make(sealed.ciphertext);
    await rejectsWithCode(
      openExportBundle({ bundle: good, recipient, trust, organizationId: 'other' }),
      'BUNDLE_WRONG_ORGANIZATION',
    );
    expect(await openExportBundle({ bundle: good, recipient, trust, organizationId: 'o' })).to.equal(
      'abandon ability able',
    );
    const unsigned = JSON.stringify({ ...JSON.parse(good), dataSignature: '', enclaveQuorumPublic: '' });
    const hatch = { ...trust, dangerouslyAcceptUnsignedSandboxBundle: true };
    expect(await openExportBundle({ bundle: unsigned, recipient, trust: hatch, organizationId: 'other' })).to.equal(
      'abandon ability able',
    );
  });
});

describe('parsers never crash on arbitrary input', () => {
  it('strict DER: returns r||s or throws WalletCryptoError for arbitrary bytes and DER-like mutations', () => {
    const typed = (bytes: Uint8Array) => {
      try {
        return derToRaw(bytes).length === 64;
      } catch (e) {
        return e instanceof WalletCryptoError;
      }
    };
    const runs = 5000;
    fc.assert(fc.property(fc.uint8Array({ maxLength: 80 }), typed), { numRuns: runs });
    const valid = fromHex(makeEnclave().sign(new Uint8Array(1)));
    fc.assert(
      fc.property(fc.nat(valid.length - 1), fc.nat(255), (index, value) => {
        const mutated = valid.slice();
        mutated[index] = value;
        return typed(mutated);
      }),
      { numRuns: runs },
    );
    report(`DER parser: ${2 * runs} arbitrary or mutated inputs, typed outcome every time`);
  });

  it('bundles: returns a verified bundle or throws WalletCryptoError for arbitrary JSON and bundle-shaped junk', async () => {
    const enclave = makeEnclave();
    const trust = { pinnedKey: enclave.publicKeyHex };
    const typed = async (text: string) => {
      try {
        await verifyEnclaveBundle(text, trust);
        return true;
      } catch (e) {
        return e instanceof WalletCryptoError;
      }
    };
    const hexish = fc.oneof(fc.stringMatching(/^[0-9a-f]{0,140}$/), fc.string(), fc.constant(enclave.publicKeyHex));
    const shaped = fc.record(
      {
        version: fc.oneof(fc.string(), fc.integer()),
        data: fc.oneof(hexish, fc.integer(), fc.constant(null)),
        dataSignature: fc.oneof(hexish, fc.constant(null)),
        enclaveQuorumPublic: fc.oneof(hexish, fc.constant(null)),
      },
      { requiredKeys: [] },
    );
    const runs = 2000;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.json(),
          shaped.map((x) => JSON.stringify(x)),
        ),
        typed,
      ),
      { numRuns: runs },
    );
    report(`bundle parser: ${runs} arbitrary inputs, typed outcome every time`);
  });
});
