/**
 * EIP-55 checksums against the EIP's own examples
 * (https://eips.ethereum.org/EIPS/eip-55, "Test cases"): all caps, all
 * lower, and mixed. Runs in Node and in every browser.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { checksumAddress } from '../../src/elements/wallet-overview/address-checksum.js';
import { groupedAddress } from '../../src/elements/wallet-overview/address-format.js';

const EIP55 = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('EIP-55 address checksum', () => {
  it("gives each of the EIP's examples from its lower-case form, and accepts each as written", () => {
    for (const address of EIP55) {
      expect(checksumAddress(address.toLowerCase()), address).to.equal(address);
      expect(checksumAddress(address), address).to.equal(address);
    }
  });

  it('refuses a mixed-case address whose case is not its checksum (one letter flipped)', () => {
    for (const mixed of EIP55.slice(4)) {
      const i = mixed.search(/[a-f]/);
      const flipped = `${mixed.slice(0, i)}${mixed[i]!.toUpperCase()}${mixed.slice(i + 1)}`;
      expect(() => checksumAddress(flipped), flipped).to.throw(RangeError);
    }
  });

  it('defines no checksum for other address forms', () => {
    expect(checksumAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).to.equal(undefined);
    expect(checksumAddress('0x1234')).to.equal(undefined);
  });

  it('groups the whole address in fours for reading', () => {
    expect(groupedAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).to.equal(
      '0x5aAe b605 3F3E 94C9 b9A0 9f33 6694 35E7 Ef1B eAed',
    );
    expect(groupedAddress('bc1qar0srrr7')).to.equal('bc1q ar0s rrr7');
  });
});
