/**
 * EIP-55 mixed-case checksums of Ethereum-style addresses
 * (https://eips.ethereum.org/EIPS/eip-55): a letter is upper case when the
 * matching nibble of keccak-256 of the lower-case hex is 8 or more. Shown in
 * that case, two addresses that differ in one character also differ in the
 * case of others; a mixed-case address whose case does not match was altered.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The checksummed form of `address`, or undefined when the address is not a
 * `0x` + 40-hex address (no checksum is defined for it). Throws RangeError
 * when the address is mixed case and its case is not its checksum.
 */
export function checksumAddress(address: string): string | undefined {
  if (!HEX_ADDRESS.test(address)) return undefined;
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  const body = address.slice(2);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && `0x${body}` !== out) throw new RangeError('the address does not match its EIP-55 checksum');
  return out;
}
