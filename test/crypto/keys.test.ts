import { expect } from 'chai';
import { describe, it, report } from '#test-harness';
import {
  createStamp,
  generateEncryptionKeyPair,
  generateSigningKeyPair,
  oauthNonce,
  parsePublicKeyHex,
  publicKeyHex,
  samePublicKey,
  toHex,
} from '../../src/crypto/index.js';
import { importSigningScalar } from '../../src/crypto/hpke/scalar-import.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes, p256 } from '../helpers/enclave.js';
import { rejectsWithCode } from '../helpers/keys.js';
import { everyPrivateKey, exportableFormats } from '../helpers/private-keys.js';

describe('keys', () => {
  it('every private key the core creates or imports refuses exportKey in pkcs8, jwk and raw', async () => {
    const keys = await everyPrivateKey();
    for (const [name, pair] of keys) {
      expect(pair.privateKey.extractable, name).to.equal(false);
      expect(await exportableFormats(pair.privateKey), name).to.deep.equal([]);
    }
    report(`non-extractable: ${keys.length} key kinds x 3 formats refused`);
  });

  it("importSigningScalar wipes the caller's bytes and refuses 0, n and wrong lengths", async () => {
    const scalar = p256.utils.randomSecretKey();
    const expected = toHex(p256.getPublicKey(scalar, true));
    const pair = await importSigningScalar(scalar);
    expect(scalar.every((b) => b === 0)).to.equal(true);
    expect(await publicKeyHex(pair.publicKey, 'compressed')).to.equal(expected);
    await rejectsWithCode(importSigningScalar(new Uint8Array(32)), 'INVALID_PRIVATE_KEY');
    await rejectsWithCode(importSigningScalar(hexToBytes(p256.Point.Fn.ORDER.toString(16))), 'INVALID_PRIVATE_KEY');
    await rejectsWithCode(importSigningScalar(new Uint8Array(31).fill(1)), 'INVALID_PRIVATE_KEY');
  });

  it('public keys come out in both SEC1 forms and name the same point', async () => {
    const pair = await generateSigningKeyPair();
    const compressed = await publicKeyHex(pair.publicKey, 'compressed');
    const uncompressed = await publicKeyHex(pair.publicKey, 'uncompressed');
    expect(compressed).to.match(/^0[23][0-9a-f]{64}$/);
    expect(uncompressed).to.match(/^04[0-9a-f]{128}$/);
    expect(toHex(parsePublicKeyHex(compressed).uncompressed)).to.equal(uncompressed);
    expect(samePublicKey(compressed, uncompressed.toUpperCase())).to.equal(true);
    expect(
      samePublicKey(compressed, await publicKeyHex((await generateSigningKeyPair()).publicKey, 'compressed')),
    ).to.equal(false);
  });

  it('a stamp made with a generated key verifies under its public key (independent verifier)', async () => {
    const pair = await generateSigningKeyPair();
    const payload = 'payload\n with  spaces ✓';
    const stamp = JSON.parse(atob((await createStamp(payload, pair)).replace(/-/g, '+').replace(/_/g, '/')));
    const sig = p256.Signature.fromBytes(hexToBytes(stamp.signature), 'der');
    expect(sig.hasHighS()).to.equal(false);
    expect(
      p256.verify(sig.toBytes('compact'), new TextEncoder().encode(payload), hexToBytes(stamp.publicKey)),
    ).to.equal(true);
  });

  it('the OAuth nonce is the lowercase hex SHA-256 of the exact key string', async () => {
    // SHA-256("abc") from FIPS 180-2.
    expect(await oauthNonce('abc')).to.equal('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const key = await publicKeyHex((await generateEncryptionKeyPair()).publicKey, 'uncompressed');
    // @noble/hashes as the independent oracle.
    expect(await oauthNonce(key)).to.equal(toHex(sha256(new TextEncoder().encode(key))));
    expect(await oauthNonce(key.toUpperCase())).to.not.equal(await oauthNonce(key));
  });
});
