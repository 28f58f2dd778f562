import { p256 } from '@noble/curves/nist.js';

/**
 * The fallback's d*G (src/crypto/hpke/scalar-import.ts): the uncompressed public
 * point of a scalar the engine would not import without it. @noble/curves is
 * the audited library the project was specified with; its base-point
 * multiplication does not branch on the scalar's bits. This module is only
 * ever loaded by a dynamic import, so engines that import natively never
 * download it.
 */
export function noblePublicPoint(scalar: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(p256.getPublicKey(scalar, false));
}
