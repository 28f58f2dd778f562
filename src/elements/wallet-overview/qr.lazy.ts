/**
 * What receiving needs beyond the first paint, in one module so the script tag
 * can ship it as its own file: the QR encoder (lean-qr's nano build) and the
 * address checksum (keccak-256), loaded once an address is shown.
 */
export { generate } from 'lean-qr/nano';
export { checksumAddress } from './address-checksum.js';
