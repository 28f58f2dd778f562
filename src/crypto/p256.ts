/**
 * The P-256 group from @noble/curves' Weierstrass core alone. The ready-made
 * `p256` of `@noble/curves/nist.js` also carries ECDSA signing (RFC 6979,
 * HMAC-DRBG) and its DER codec, which the widget never uses (WebCrypto signs
 * and verifies): building the group from its SEC 2 parameters keeps about
 * 6 KB (min+gzip) out of every page. Only point decoding, validation,
 * encoding and base-point multiplication are used.
 */
import { weierstrass } from '@noble/curves/abstract/weierstrass.js';

/** SEC 2 (v2), section 2.4.2: secp256r1. */
const SECP256R1 = {
  p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
  n: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  h: 1n,
  a: 0xffffffff00000001000000000000000000000000fffffffffffffffffffffffcn,
  b: 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn,
  Gx: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
  Gy: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
};

export const P256Point = /* @__PURE__ */ weierstrass(SECP256R1);

/** The order n of the group. */
export const P256_ORDER: bigint = SECP256R1.n;
