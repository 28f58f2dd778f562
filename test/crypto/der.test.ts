/**
 * The strict DER signature parser (src/crypto/hpke/verify-signature.ts; the
 * encoder is src/crypto/der.ts) at its edges: each refusal below is made by
 * exactly one rule, so dropping that rule changes the verdict (an encoding
 * another rule would also refuse proves nothing).
 */
import { expect } from 'chai';
import { describe, it, report } from '#test-harness';
import { WalletCryptoError, isLowS, toHex, toLowS } from '../../src/crypto/index.js';
import { derToRaw } from '../../src/crypto/hpke/verify-signature.js';

const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const bytesOf = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
const hex32 = (n: bigint) => n.toString(16).padStart(64, '0');

/** SEQUENCE { INTEGER r, INTEGER s } from the integers' content bytes (hex), lengths filled in. */
function der(rHex: string, sHex: string): Uint8Array {
  const int = (hex: string) => `02${(hex.length / 2).toString(16).padStart(2, '0')}${hex}`;
  const body = int(rHex) + int(sHex);
  return bytesOf(`30${(body.length / 2).toString(16).padStart(2, '0')}${body}`);
}

/** The code derToRaw refuses `sig` with (fails when it accepts). */
function refusalCode(sig: Uint8Array): string {
  try {
    derToRaw(sig);
  } catch (error) {
    expect(error).to.be.instanceOf(WalletCryptoError);
    return (error as WalletCryptoError).code;
  }
  throw new Error(`derToRaw accepted ${toHex(sig)}`);
}

// A valid s, and r values below n whose top bit is clear or set.
const S = hex32(N >> 2n);
const R_LOW = `7f${'11'.repeat(31)}`; // 32 bytes, top bit clear: minimal as is
const R_HIGH = `80${'11'.repeat(31)}`; // 32 bytes, top bit set: needs one 00 in front

describe('strict DER signatures', () => {
  it('accepts the minimal forms: no leading zero below 0x80, exactly one at 0x80 and above', () => {
    expect(toHex(derToRaw(der(R_LOW, S)))).to.equal(R_LOW.padStart(64, '0') + S);
    expect(toHex(derToRaw(der(`00${R_HIGH}`, S)))).to.equal(R_HIGH + S);
    expect(toHex(derToRaw(der('01', `00${R_HIGH}`)))).to.equal(hex32(1n) + R_HIGH);
  });

  it('refuses exactly one superfluous leading zero, in r and in s (the value itself is in range)', () => {
    const cases = [der(`00${R_LOW}`, S), der(R_LOW, `00${S}`), der('0001', S), der(`00${'7f'.repeat(31)}`, S)];
    for (const sig of cases) expect(refusalCode(sig), toHex(sig)).to.equal('INVALID_DER');
    report(`DER: ${cases.length} integers with one superfluous leading zero refused`);
  });

  it('refuses 34-byte integers as malformed DER, also when they are minimal (not merely out of range)', () => {
    const cases = [
      // Minimal encodings of 264-bit values: only the 33-byte limit refuses them as DER.
      der(`0080${'11'.repeat(32)}`, S),
      der(R_LOW, `0080${'11'.repeat(32)}`),
      der(`01${'00'.repeat(33)}`, S),
      // Superfluous zeros and too long at once.
      der(`0000${R_HIGH}`, S),
    ];
    for (const sig of cases) expect(refusalCode(sig), toHex(sig)).to.equal('INVALID_DER');
    // A 33-byte minimal integer at or above n is well-formed DER, refused for its value.
    expect(refusalCode(der(`00${hex32(N)}`, S))).to.equal('SIGNATURE_OUT_OF_RANGE');
    report(`DER: ${cases.length} 34-byte integers refused as INVALID_DER`);
  });

  it('low-S by bytes: n/2 is low, n/2 + 1 is flipped to n - s, and only 64-byte raw signatures are taken', () => {
    const raw = (s: bigint) => bytesOf(hex32(1n) + hex32(s));
    expect(isLowS(raw(N / 2n))).to.equal(true);
    expect(isLowS(raw(N / 2n + 1n))).to.equal(false);
    expect(toHex(toLowS(raw(N / 2n + 1n)))).to.equal(hex32(1n) + hex32(N - (N / 2n + 1n)));
    expect(toHex(toLowS(raw(N - 1n)))).to.equal(hex32(1n) + hex32(1n));
    for (const length of [0, 32, 63, 65]) {
      expect(() => isLowS(new Uint8Array(length)), `isLowS of ${length} bytes`).to.throw(RangeError);
      expect(() => toLowS(new Uint8Array(length)), `toLowS of ${length} bytes`).to.throw(RangeError);
    }
  });
});
