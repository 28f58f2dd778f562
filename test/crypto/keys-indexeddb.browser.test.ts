import { expect } from 'chai';
import { createStore, del, get, set } from 'idb-keyval';
import { describe, it, report } from '#test-harness';
import { createStamp, publicKeyHex } from '../../src/crypto/index.js';
import { hexToBytes, p256 } from '../helpers/enclave.js';
import { everyPrivateKey, exportableFormats } from '../helpers/private-keys.js';

describe('keys after an IndexedDB round trip (Chromium)', () => {
  it('stay non-extractable and keep signing', async () => {
    const store = createStore('ew-test-keys', 'pairs');
    const keys = await everyPrivateKey();
    for (const [name, pair] of keys) {
      await set(name, pair, store);
      const restored = await get<CryptoKeyPair>(name, store);
      expect(restored, name).to.not.equal(undefined);
      expect(restored!.privateKey).to.be.instanceOf(CryptoKey);
      expect(restored!.privateKey.extractable, name).to.equal(false);
      expect(await exportableFormats(restored!.privateKey), name).to.deep.equal([]);
      if (restored!.privateKey.algorithm.name === 'ECDSA') {
        const stamp = JSON.parse(
          atob((await createStamp('after reload', restored!)).replace(/-/g, '+').replace(/_/g, '/')),
        );
        const sig = p256.Signature.fromBytes(hexToBytes(stamp.signature), 'der').toBytes('compact');
        expect(stamp.publicKey).to.equal(await publicKeyHex(pair.publicKey, 'compressed'));
        expect(p256.verify(sig, new TextEncoder().encode('after reload'), hexToBytes(stamp.publicKey))).to.equal(true);
      }
      await del(name, store);
    }
    report(`IndexedDB round trip: ${keys.length} key kinds restored, still non-extractable`);
  });
});
