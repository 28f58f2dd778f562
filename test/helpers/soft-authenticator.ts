/**
 * A software WebAuthn authenticator for Node tests (ES256, "none"
 * attestation), written from the WebAuthn spec with Node's crypto. It can be
 * told to misbehave: high-S signatures, no user presence, a stale counter,
 * a cross-origin ceremony, a forged signature.
 */
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { coseEs256, noneAttestation } from './cbor.js';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

export interface AssertOptions {
  origin: string;
  rpId: string;
  /** The WebAuthn challenge bytes, base64url (as clientDataJSON carries it). */
  challenge: string;
  highS?: boolean;
  userPresent?: boolean;
  crossOrigin?: boolean;
  /** The top-level page's origin, as an engine says it for a ceremony in a cross-origin frame. */
  topOrigin?: string;
  /** Use this counter instead of the next one. */
  counter?: number;
  forgeSignature?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = b64url(crypto.getRandomValues(new Uint8Array(16)));
  private readonly key: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  /** `navigator.credentials.create()`: the attestation fields the registration sends (docs/protocol.md, "Signed activities"). */
  register(options: { origin: string; rpId: string; challenge: string }) {
    const clientDataJson = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: options.origin,
      crossOrigin: false,
    });
    const cose = coseEs256(Buffer.from(this.publicJwk.x, 'base64url'), Buffer.from(this.publicJwk.y, 'base64url'));
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const authData = Buffer.concat([
      sha256(options.rpId),
      Buffer.from([0x41]), // UP | AT
      Buffer.from([0, 0, 0, 0]),
      Buffer.alloc(16),
      Buffer.from([credentialId.length >> 8, credentialId.length & 255]),
      credentialId,
      cose,
    ]);
    const attestationObject = noneAttestation(authData);
    return {
      credentialId: this.credentialId,
      clientDataJson: b64url(clientDataJson),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    };
  }

  /** `navigator.credentials.get()`: the assertion fields the passkey verify sends (docs/protocol.md, "Sign-in flows"). */
  assert(options: AssertOptions) {
    this.counter += 1;
    const counter = options.counter ?? this.counter;
    const clientDataJson = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: options.origin,
      crossOrigin: options.crossOrigin ?? false,
      ...(options.topOrigin ? { topOrigin: options.topOrigin } : {}),
    });
    const flags = options.userPresent === false ? 0x00 : 0x01;
    const authData = Buffer.concat([
      sha256(options.rpId),
      Buffer.from([flags]),
      Buffer.from([counter >>> 24, (counter >> 16) & 255, (counter >> 8) & 255, counter & 255]),
    ]);
    const signed = Buffer.concat([authData, sha256(clientDataJson)]);
    let der = sign('sha256', signed, { key: this.key, dsaEncoding: 'der' });
    const sig = p256.Signature.fromBytes(der, 'der');
    const isHigh = sig.s > p256.Point.Fn.ORDER / 2n;
    if (options.highS !== undefined && options.highS !== isHigh) {
      der = Buffer.from(new p256.Signature(sig.r, p256.Point.Fn.ORDER - sig.s).toBytes('der'));
    }
    if (options.forgeSignature) der[der.length - 1]! ^= 1;
    return {
      credentialId: this.credentialId,
      clientDataJson: b64url(clientDataJson),
      authenticatorData: b64url(authData),
      signature: b64url(der),
    };
  }
}

/** The WebAuthn challenge for a service passkey challenge: the UTF-8 bytes of its hex string. */
export const webauthnChallenge = (challengeHex: string): string => b64url(challengeHex);
