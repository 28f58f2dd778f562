/**
 * A wallet client for Node protocol tests built only from Turnkey's published
 * libraries and Node's crypto, never from src/crypto: it checks that the
 * sandbox and relay speak the wire formats an independent implementation
 * expects.
 */
import { createHash } from 'node:crypto';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import {
  decryptCredentialBundle,
  decryptExportBundle,
  encryptOtpCodeToBundle,
  generateP256KeyPair,
  getPublicKey,
} from '@turnkey/crypto';
import { uint8ArrayFromHexString, uint8ArrayToHexString } from '@turnkey/encoding';

export interface KeyPair {
  /** Compressed hex. */
  publicKey: string;
  publicKeyUncompressed: string;
  privateKey: string;
}

export interface Reply {
  status: number;
  body: Record<string, any>;
  headers: Headers;
}

export type SessionMode = 'client-held' | 'sealed';

export function newKey(): KeyPair {
  return generateP256KeyPair();
}

/** Turnkey's ApiKeyStamper, for the `Service-Wallet-Signature` value. */
export async function stampWith(key: KeyPair, payload: string): Promise<string> {
  return (await new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }).stamp(payload))
    .stampHeaderValue;
}

/** An OIDC-shaped token (the sandbox checks claims, not the provider's signature). */
export function oidcToken(claims: Record<string, unknown>): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${enc({ alg: 'RS256', typ: 'JWT', kid: 'test' })}.${enc(claims)}.${Buffer.from('not-checked').toString('base64url')}`;
}

export const nonceFor = (clientPublicKeyHex: string) =>
  createHash('sha256').update(clientPublicKeyHex, 'utf8').digest('hex');

export class TurnkeyWalletClient {
  /** Every answer this client received, raw, for tests that scan them. */
  readonly responses: { status: number; headers: Headers; text: string }[] = [];

  constructor(
    readonly relayUrl: string,
    readonly user: string,
    readonly accountId: string,
    readonly pins: { otpTarget: string; export: string },
    /** Headers sent with every call, as a browser would add them (`origin`). */
    readonly headers: Record<string, string> = {},
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const response = await fetch(`${this.relayUrl}${path}`, {
      method,
      headers: {
        'x-test-user': this.user,
        'ew-account-id': this.accountId,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...this.headers,
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    this.responses.push({ status: response.status, headers: response.headers, text });
    return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
  }

  /** First call (expects 202), then the signed retry with `key`. */
  async signed(
    method: string,
    path: string,
    body: unknown,
    key: KeyPair,
  ): Promise<{ challenge: Reply; result: Reply }> {
    const challenge = await this.call(method, path, body);
    if (challenge.status !== 202) return { challenge, result: challenge };
    const stamp = await stampWith(key, challenge.body.payloadToSign);
    const result = await this.call(method, path, body, {
      'service-wallet-signature': stamp,
      'request-id': challenge.body.requestId,
    });
    return { challenge, result };
  }

  /** The session signing key of an AuthSession, for either mode. */
  sessionKey(session: Reply['body'], mode: SessionMode, clientKey: KeyPair): KeyPair {
    if (mode === 'client-held') return clientKey;
    const scalar = decryptCredentialBundle(session.encryptedSessionSigningKey, clientKey.privateKey);
    return {
      privateKey: scalar,
      publicKey: uint8ArrayToHexString(getPublicKey(uint8ArrayFromHexString(scalar), true)),
      publicKeyUncompressed: uint8ArrayToHexString(getPublicKey(uint8ArrayFromHexString(scalar), false)),
    };
  }

  /** Email or SMS OTP sign-in: challenge, seal, verify (202), signed verify (200). */
  async otpSignIn(
    credentialId: string,
    type: 'EMAIL_OTP' | 'SMS_OTP',
    mode: SessionMode = 'client-held',
    code = '000000',
  ) {
    const challenge = await this.call('POST', `/auth/credentials/${credentialId}/challenge`, {});
    if (challenge.status !== 200) return { error: challenge };
    const tek = newKey();
    const encryptedOtpBundle = await encryptOtpCodeToBundle(
      code,
      challenge.body.otpEncryptionTargetBundle,
      tek.publicKey,
      this.pins.otpTarget,
    );
    const sealedTo = newKey();
    const body = {
      type,
      encryptedOtpBundle,
      ...(mode === 'sealed' ? { clientPublicKey: sealedTo.publicKeyUncompressed } : {}),
    };
    const { challenge: verify, result } = await this.signed(
      'POST',
      `/auth/credentials/${credentialId}/verify`,
      body,
      tek,
    );
    if (result.status !== 200) return { error: result, verify };
    return {
      session: result.body,
      key: this.sessionKey(result.body, mode, mode === 'sealed' ? sealedTo : tek),
      verify,
    };
  }

  /** OAuth sign-in with a token whose nonce binds `clientPublicKey`. */
  async oauthSignIn(credentialId: string, claims: Record<string, unknown>, mode: SessionMode = 'sealed') {
    const clientKey = newKey();
    const clientPublicKey = mode === 'sealed' ? clientKey.publicKeyUncompressed : clientKey.publicKey;
    const result = await this.call('POST', `/auth/credentials/${credentialId}/verify`, {
      type: 'OAUTH',
      clientPublicKey,
      oidcToken: oidcToken({ nonce: nonceFor(clientPublicKey), ...claims }),
    });
    if (result.status !== 200) return { error: result };
    return { session: result.body, key: this.sessionKey(result.body, mode, clientKey) };
  }

  /** Export: fresh key, signed retry, then Turnkey's decryptExportBundle with the pinned export key. */
  async exportMnemonic(key: KeyPair) {
    const target = newKey();
    const { challenge, result } = await this.signed(
      'POST',
      `/internal-accounts/${this.accountId}/export`,
      { clientPublicKey: target.publicKeyUncompressed },
      key,
    );
    if (result.status !== 200) return { error: result };
    const organizationId = JSON.parse(challenge.body.payloadToSign).organizationId;
    const mnemonic = await decryptExportBundle({
      exportBundle: result.body.encryptedWalletCredentials,
      embeddedKey: target.privateKey,
      organizationId,
      dangerouslyOverrideSignerPublicKey: this.pins.export,
      returnMnemonic: true,
    });
    return { mnemonic, challenge };
  }
}
