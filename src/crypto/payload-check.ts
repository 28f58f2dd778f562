import { WalletCryptoError } from './errors.js';
import { fromHex } from './hex.js';
import { parseBase64UrlJson } from './json-encoding.js';
import { parsePublicKey } from './points.js';
import { equalBytes } from './bytes.js';

/**
 * Checks a `payloadToSign` before it is stamped (PROTOCOL.md, "What a
 * payloadToSign looks like"). A compromised relay could run the first call of
 * a signed flow with its own key and hand us that payload: without these
 * checks we would authorise an export or a session sealed to the attacker.
 * The checks only read the payload; the stamp is still made over its exact
 * bytes.
 */

/** A Turnkey activity as far as the checks read it. */
export interface ActivityPayload {
  type: string;
  parameters: Record<string, unknown>;
}

/** What an activity payload must look like for the operation at hand. */
export interface ActivityExpectation {
  kind: 'activity';
  /** The `type`s this operation may sign (e.g. `ACTIVITY_TYPE_EXPORT_WALLET`). */
  types: readonly string[];
  /**
   * The key this client just generated for the operation (SEC1 hex or bytes,
   * either form). When set, `parameters.targetPublicKey` must be that key;
   * when unset, a payload naming any `targetPublicKey` is refused.
   */
  targetPublicKey?: string | Uint8Array;
}

/** The claims of an OTP verification token that the checks read. */
export interface OtpTokenClaims {
  public_key: string;
  /** Expiry in milliseconds since the epoch, normalised from either encoding. */
  expiresAtMs: number;
  [claim: string]: unknown;
}

/** What an OTP verification token must carry. */
export interface OtpTokenExpectation {
  kind: 'otp-token';
  /** The TEK public key sent inside the sealed OTP bundle (hex or bytes, either form). */
  publicKey: string | Uint8Array;
  /** The current time in ms since the epoch, on the server's clock. */
  now: number;
}

/** An explicit opt-out for operations whose payload format the service changes. */
export interface OpaqueExpectation {
  kind: 'opaque';
}

/** Any expectation {@link checkPayloadToSign} understands. */
export type PayloadExpectation = ActivityExpectation | OtpTokenExpectation | OpaqueExpectation;

function keyBytes(key: string | Uint8Array, field: string): Uint8Array {
  const bytes = typeof key === 'string' ? fromHex(key, field) : key;
  return parsePublicKey(bytes, field).uncompressed;
}

function sameKey(found: unknown, expected: string | Uint8Array, field: string): boolean {
  if (typeof found !== 'string') return false;
  let foundBytes: Uint8Array;
  try {
    foundBytes = keyBytes(found, field);
  } catch {
    return false;
  }
  return equalBytes(foundBytes, keyBytes(expected, 'expected key'));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses and checks an activity payload; returns it when it matches `expect`. */
export function checkActivityPayload(payload: string, expect: Omit<ActivityExpectation, 'kind'>): ActivityPayload {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch (cause) {
    throw new WalletCryptoError('PAYLOAD_UNRECOGNISED', 'payloadToSign is not an activity (not JSON)', { cause });
  }
  if (!isObject(value) || typeof value['type'] !== 'string' || !value['type'].startsWith('ACTIVITY_TYPE_')) {
    throw new WalletCryptoError('PAYLOAD_UNRECOGNISED', 'payloadToSign is not an activity (no ACTIVITY_TYPE_ type)');
  }
  const parameters = isObject(value['parameters']) ? value['parameters'] : {};
  const type = value['type'];
  if (!expect.types.includes(type)) {
    throw new WalletCryptoError(
      'PAYLOAD_WRONG_TYPE',
      `payloadToSign is a ${type}, expected ${expect.types.join(' or ')}`,
    );
  }
  const target = parameters['targetPublicKey'];
  if (expect.targetPublicKey !== undefined) {
    if (!sameKey(target, expect.targetPublicKey, 'targetPublicKey')) {
      throw new WalletCryptoError('PAYLOAD_WRONG_KEY', 'payloadToSign targets a key this client did not generate');
    }
  } else if (target !== undefined) {
    throw new WalletCryptoError(
      'PAYLOAD_WRONG_KEY',
      'payloadToSign names a targetPublicKey this operation does not use',
    );
  }
  return { type, parameters };
}

/**
 * `exp` arrives as a JWT NumericDate (seconds) or, in the enclave's OTP
 * tokens, as a millisecond-epoch string. Values above 1e11 cannot be seconds
 * (that is the year 5138), so they are read as milliseconds.
 */
function expiryMs(exp: unknown): number | undefined {
  const n = typeof exp === 'number' ? exp : typeof exp === 'string' && /^\d{1,16}$/.test(exp) ? Number(exp) : NaN;
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return n > 1e11 ? n : n * 1000;
}

/** Parses and checks an OTP verification token (compact ES256 JWT); returns its claims. */
export function checkOtpVerificationToken(payload: string, expect: Omit<OtpTokenExpectation, 'kind'>): OtpTokenClaims {
  const parts = payload.split('.');
  if (parts.length !== 3) {
    throw new WalletCryptoError('PAYLOAD_UNRECOGNISED', 'payloadToSign is not a compact JWT');
  }
  const header = parseBase64UrlJson(parts[0]!, 'JWT header', 'PAYLOAD_UNRECOGNISED');
  const claims = parseBase64UrlJson(parts[1]!, 'JWT claims', 'PAYLOAD_UNRECOGNISED');
  if (!isObject(header) || header['alg'] !== 'ES256' || !isObject(claims)) {
    throw new WalletCryptoError('PAYLOAD_UNRECOGNISED', 'payloadToSign is not an ES256 verification token');
  }
  const expiresAtMs = expiryMs(claims['exp']);
  if (typeof claims['public_key'] !== 'string' || expiresAtMs === undefined) {
    throw new WalletCryptoError('PAYLOAD_UNRECOGNISED', 'verification token lacks "public_key" or "exp"');
  }
  if (!sameKey(claims['public_key'], expect.publicKey, 'public_key')) {
    throw new WalletCryptoError('PAYLOAD_WRONG_KEY', 'verification token is bound to another key');
  }
  if (expiresAtMs <= expect.now) {
    throw new WalletCryptoError('PAYLOAD_EXPIRED', 'verification token has expired');
  }
  return { ...claims, public_key: claims['public_key'], expiresAtMs };
}

/** Checks `payload` against the expectation of the operation that received it. */
export function checkPayloadToSign(payload: string, expect: PayloadExpectation): void {
  if (typeof payload !== 'string') throw new TypeError('"payloadToSign" expected a string');
  if (expect.kind === 'activity') checkActivityPayload(payload, expect);
  else if (expect.kind === 'otp-token') checkOtpVerificationToken(payload, expect);
}
