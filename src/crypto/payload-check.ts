import { WalletCryptoError } from './errors.js';
import { fromHex } from './hex.js';
import { parseBase64UrlJson } from './json-encoding.js';
import { parsePublicKey } from './points.js';
import { equalBytes } from './bytes.js';
import { parseStrictJson } from './strict-json.js';

/**
 * Checks a `payloadToSign` before it is stamped (docs/protocol.md, "Payloads to
 * sign"). A compromised relay could run the first call of
 * a signed flow with its own key and hand us that payload: without these
 * checks we would authorise an export or a session sealed to the attacker.
 * Each operation states every parameter its payload must carry (the new
 * email, the credential id, the session id, ...), so a relay that swaps one
 * gets nothing signed. The checks only read the payload; the stamp is still
 * made over its exact bytes.
 */

/** A Turnkey activity as far as the checks read it. */
export interface ActivityPayload {
  type: string;
  /** The organization the activity names (absent in some formats). */
  organizationId: string | undefined;
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
  /**
   * The parameters the payload must state, each equal (as JSON) to the value
   * given. When set, the payload may carry no other parameter than these,
   * `targetPublicKey` and `freeParameters`, and no top-level member besides
   * `type`, `timestampMs`, `organizationId` and `parameters`: an unknown field
   * could change what the activity does. When unset, only `type` and
   * `targetPublicKey` are checked (host-named activity types).
   */
  parameters?: Readonly<Record<string, unknown>>;
  /** Parameters that may be present with any value (they do not change what is authorised). */
  freeParameters?: readonly string[];
  /**
   * Parameters that may be absent or, when present, must be a whole number
   * from 1 to the limit given, as a JSON number or a decimal string (a session
   * lifetime: the relay must not choose a ten-year session).
   */
  limits?: Readonly<Record<string, number>>;
  /** The organization the activity must name, when the client knows it. */
  organizationId?: string;
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
  /**
   * The session key this client asked the service to seal a session to, when
   * it asked for one. A token naming a `session_public_key` is refused unless
   * it is this key: the session would belong to whoever holds that key.
   */
  sessionPublicKey?: string | Uint8Array;
  /** The organization the token must name (`organization_id`), when the client knows it. */
  organizationId?: string;
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

/** Deep equality of two JSON values (objects compared by their own keys, in any order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}

/** A whole number written as a JSON number or a plain decimal string; undefined otherwise. */
function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  return typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;
}

const ACTIVITY_MEMBERS = new Set(['type', 'timestampMs', 'organizationId', 'parameters']);

function mismatch(field: string, message: string): WalletCryptoError {
  return new WalletCryptoError('PAYLOAD_PARAMETER_MISMATCH', `payloadToSign ${message}`, { field });
}

/** The parameter checks of an expectation that states its parameters. */
function checkParameters(
  value: Record<string, unknown>,
  parameters: Record<string, unknown>,
  expect: Omit<ActivityExpectation, 'kind'>,
): void {
  for (const member of Object.keys(value)) {
    if (!ACTIVITY_MEMBERS.has(member)) throw mismatch(member, `has an unknown member "${member.slice(0, 64)}"`);
  }
  const stated = expect.parameters ?? {};
  const limits = expect.limits ?? {};
  const known = new Set([...Object.keys(stated), ...(expect.freeParameters ?? []), ...Object.keys(limits)]);
  if (expect.targetPublicKey !== undefined) known.add('targetPublicKey');
  for (const name of Object.keys(parameters)) {
    if (!known.has(name)) {
      throw mismatch(`parameters.${name.slice(0, 64)}`, `has a parameter this operation did not ask for`);
    }
  }
  for (const [name, expected] of Object.entries(stated)) {
    if (!Object.hasOwn(parameters, name) || !sameJson(parameters[name], expected)) {
      throw mismatch(`parameters.${name}`, `states another "${name}" than this operation asked for`);
    }
  }
  for (const [name, limit] of Object.entries(limits)) {
    if (!Object.hasOwn(parameters, name)) continue;
    const n = wholeNumber(parameters[name]);
    if (n === undefined || n < 1 || n > limit) {
      throw mismatch(`parameters.${name}`, `states a "${name}" outside 1..${limit}`);
    }
  }
}

/** Parses and checks an activity payload; returns it when it matches `expect`. */
export function checkActivityPayload(payload: string, expect: Omit<ActivityExpectation, 'kind'>): ActivityPayload {
  const value = parseStrictJson(payload, 'payloadToSign');
  if (!isObject(value) || typeof value['type'] !== 'string' || !value['type'].startsWith('ACTIVITY_TYPE_')) {
    throw new WalletCryptoError('PAYLOAD_UNRECOGNISED', 'payloadToSign is not an activity (no ACTIVITY_TYPE_ type)');
  }
  if (value['parameters'] !== undefined && !isObject(value['parameters'])) {
    throw new WalletCryptoError('PAYLOAD_UNRECOGNISED', 'payloadToSign has "parameters" that are not an object');
  }
  const parameters = (value['parameters'] as Record<string, unknown> | undefined) ?? {};
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
      throw new WalletCryptoError('PAYLOAD_WRONG_KEY', 'payloadToSign targets a key this client did not generate', {
        field: 'parameters.targetPublicKey',
      });
    }
  } else if (target !== undefined) {
    throw new WalletCryptoError(
      'PAYLOAD_WRONG_KEY',
      'payloadToSign names a targetPublicKey this operation does not use',
      {
        field: 'parameters.targetPublicKey',
      },
    );
  }
  if (expect.organizationId !== undefined && value['organizationId'] !== expect.organizationId) {
    throw mismatch('organizationId', 'names another organization');
  }
  if (expect.parameters) checkParameters(value, parameters, expect);
  const organizationId = value['organizationId'];
  return { type, organizationId: typeof organizationId === 'string' ? organizationId : undefined, parameters };
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
  const session = claims['session_public_key'];
  if (
    expect.sessionPublicKey === undefined
      ? session !== undefined
      : !sameKey(session, expect.sessionPublicKey, 'session_public_key')
  ) {
    throw new WalletCryptoError(
      'PAYLOAD_WRONG_KEY',
      'verification token names a session key this client did not generate',
      {
        field: 'session_public_key',
      },
    );
  }
  if (expect.organizationId !== undefined && claims['organization_id'] !== expect.organizationId) {
    throw mismatch('organization_id', 'names another organization');
  }
  return { ...claims, public_key: claims['public_key'], expiresAtMs };
}

/** Checks `payload` against the expectation of the operation that received it; returns what it read. */
export function checkPayloadToSign(
  payload: string,
  expect: PayloadExpectation,
): ActivityPayload | OtpTokenClaims | undefined {
  if (typeof payload !== 'string') throw new TypeError('"payloadToSign" expected a string');
  if (expect.kind === 'activity') return checkActivityPayload(payload, expect);
  if (expect.kind === 'otp-token') return checkOtpVerificationToken(payload, expect);
  return undefined;
}
