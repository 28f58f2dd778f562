/**
 * Every use of @hpke/core (and, through it, @hpke/common): the cipher suite
 * the enclaves use, with a key schedule that remembers its public constants.
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { equalBytes, utf8 } from '../bytes.js';

type Bytes = ArrayBufferLike | ArrayBufferView;

const bytesOf = (data: Bytes): Uint8Array =>
  ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);

/** RFC 9180 labels whose extraction, with no salt, is over public inputs only (the PSK id, `info`). */
const PUBLIC_EXTRACTS = [utf8('psk_id_hash'), utf8('info_hash')];

/**
 * The key schedule's HKDF (RFC 9180, section 5.1), remembering what is the
 * same in every context of this suite: the hashes of the (empty) PSK id and
 * of `info`, both public, and the HKDF key made of the labelled, PSK-less
 * `secret` input, a public constant too. Each is a WebCrypto call or two
 * saved per seal or open (measured with `npm run bench`). Anything
 * derived from the shared secret is computed afresh every time, as before.
 */
class KeyScheduleHkdf extends HkdfSha256 {
  private readonly extracts = new Map<string, Promise<ArrayBuffer>>();
  private constantIkm: Uint8Array | undefined;
  private constantKey: Promise<CryptoKey> | undefined;

  override init(suiteId: Uint8Array): void {
    super.init(suiteId);
    this.constantIkm = this.buildLabeledIkm(utf8('secret'), new Uint8Array(0));
    this.constantKey = undefined;
    this.extracts.clear();
  }

  override async labeledExtract(salt: Bytes, label: Uint8Array, ikm: Uint8Array): Promise<ArrayBuffer> {
    if (salt.byteLength !== 0 || !PUBLIC_EXTRACTS.some((known) => equalBytes(known, label)))
      return super.labeledExtract(salt, label, ikm);
    const key = `${String.fromCharCode(...label)}:${Array.from(ikm).join(',')}`;
    let extracted = this.extracts.get(key);
    if (!extracted) {
      if (this.extracts.size >= 8) this.extracts.clear(); // one info in practice: no unbounded growth
      extracted = super.labeledExtract(salt, label, ikm);
      extracted.catch(() => this.extracts.delete(key));
      this.extracts.set(key, extracted);
    }
    return (await extracted).slice(0); // each caller its own copy
  }

  override async extractAndExpand(salt: Bytes, ikm: Bytes, info: Bytes, len: number): Promise<ArrayBuffer> {
    if (!this.constantIkm || !equalBytes(bytesOf(ikm), this.constantIkm))
      return super.extractAndExpand(salt, ikm, info, len);
    await this._setup(); // the library's own SubtleCrypto, as its other steps use
    const subtle = this._api!;
    if (!this.constantKey) {
      const importing = subtle.importKey('raw', this.constantIkm.slice(), 'HKDF', false, ['deriveBits']);
      importing.catch(() => (this.constantKey = undefined));
      this.constantKey = importing;
    }
    const params = { name: 'HKDF', hash: 'SHA-256', salt: bytesOf(salt).slice(), info: bytesOf(info).slice() };
    return subtle.deriveBits(params, await this.constantKey, len * 8);
  }
}

/**
 * A new cipher suite as the service's enclaves use it (docs/protocol.md,
 * "HPKE"): RFC 9180 DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM.
 */
export function hpkeCipherSuite(): CipherSuite {
  return new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new KeyScheduleHkdf(), aead: new Aes256Gcm() });
}
