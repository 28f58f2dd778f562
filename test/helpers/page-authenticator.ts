/**
 * A software platform authenticator installed in the page: the test seam
 * that runs the passkey flows in engines whose automation offers no virtual
 * authenticator (Firefox under WebDriver BiDi) or that have no WebAuthn at all
 * (WebKitGTK; Safari has it, and users meet it there). It replaces
 * `navigator.credentials.create/get` (and defines `PublicKeyCredential` where
 * the engine has none), makes ES256 credentials with WebCrypto and "none"
 * attestation, written from the WebAuthn spec, user present and verified.
 * Nothing is taken on trust: the sandbox verifies every attestation and
 * assertion with @simplewebauthn/server, origin, RP id, challenge and counter
 * included.
 */
import { p256 } from '@noble/curves/nist.js';
import { concatBytes as concat } from '../../src/crypto/bytes.js';
import { coseEs256, noneAttestation } from './cbor.js';

interface Stored {
  keys: CryptoKeyPair;
  rpId: string;
  userHandle: Uint8Array;
  counter: number;
}

const bytes = (source: BufferSource): Uint8Array =>
  source instanceof ArrayBuffer
    ? new Uint8Array(source)
    : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
const b64url = (data: Uint8Array) =>
  btoa(String.fromCharCode(...data))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const sha256 = async (data: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
const counterBytes = (n: number) => Uint8Array.from([n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255]);
/** Where this authenticator runs: in a cross-origin frame, a browser names the top page too. */
let topOrigin: string | undefined;
/** A test server's store this authenticator shares its credentials through (installPageAuthenticator). */
let shareAt: string | undefined;
const clientData = (type: string, challenge: BufferSource) =>
  new TextEncoder().encode(
    JSON.stringify({
      type,
      challenge: b64url(bytes(challenge)),
      origin: location.origin,
      crossOrigin: topOrigin !== undefined,
      ...(topOrigin ? { topOrigin } : {}),
    }),
  );

/** As a browser does: an RP id must be the page's host or a registrable suffix of it. */
function checkRpId(rpId: string): void {
  const host = location.hostname;
  if (host !== rpId && !host.endsWith(`.${rpId}`))
    throw new DOMException(`The RP ID "${rpId}" is invalid for this domain`, 'SecurityError');
}

const credentials = new Map<string, Stored>();
let installed = false;
/** Whether the user touches the authenticator; when not, a ceremony waits until it is cancelled or times out. */
let present = true;

/** What a browser does while the user never touches the authenticator: wait for the abort or the timeout. */
function untouched(options: CredentialCreationOptions | CredentialRequestOptions): Promise<never> {
  return new Promise((_, reject) => {
    const { signal } = options;
    const timer = setTimeout(
      () => reject(new DOMException('The operation timed out', 'NotAllowedError')),
      options.publicKey?.timeout ?? 300_000,
    );
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason ?? new DOMException('The operation was aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** Whether a ceremony needs the page's transient user activation, as Safari's does (off for API-level tests). */
let activationRequired = false;

/** Refuses ceremonies started outside a user gesture (where the engine reports activation), as Safari does. */
export function requireUserActivation(required: boolean): void {
  activationRequired = required;
}

/** What every ceremony checks first, as browsers do. */
function checkCeremony(options: CredentialCreationOptions | CredentialRequestOptions): void {
  if (options.signal?.aborted) throw options.signal.reason ?? new DOMException('Aborted', 'AbortError');
  const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation;
  if (activationRequired && activation && !activation.isActive)
    throw new DOMException('A passkey ceremony needs a user gesture', 'NotAllowedError');
}

/** Lets ceremonies complete (true) or leaves them waiting for a touch that never comes (false). */
export function setPagePresence(enabled: boolean): void {
  present = enabled;
}

async function create(options: CredentialCreationOptions): Promise<Credential> {
  checkCeremony(options);
  if (!present) return untouched(options);
  const publicKey = options.publicKey!;
  if (!publicKey.pubKeyCredParams.some((p) => p.type === 'public-key' && p.alg === -7))
    throw new DOMException('This authenticator supports ES256 only', 'NotSupportedError');
  if (bytes(publicKey.user.id).length < 1 || bytes(publicKey.user.id).length > 64)
    throw new TypeError('user.id must be 1 to 64 bytes');
  const rpId = publicKey.rp.id ?? location.hostname;
  checkRpId(rpId);
  for (const excluded of publicKey.excludeCredentials ?? [])
    if (credentials.has(b64url(bytes(excluded.id))))
      throw new DOMException('The authenticator already holds one of these credentials', 'InvalidStateError');
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const point = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  const rawId = crypto.getRandomValues(new Uint8Array(16));
  const cose = coseEs256(point.slice(1, 33), point.slice(33));
  const authData = concat(
    await sha256(new TextEncoder().encode(rpId)),
    Uint8Array.of(0x45), // UP | UV | AT
    counterBytes(0),
    new Uint8Array(16), // AAGUID
    Uint8Array.of(0, rawId.length),
    rawId,
    cose,
  );
  const attestationObject = noneAttestation(authData);
  credentials.set(b64url(rawId), { keys, rpId, userHandle: bytes(publicKey.user.id), counter: 0 });
  if (shareAt) await share(b64url(rawId), credentials.get(b64url(rawId))!);
  return credential(rawId, {
    clientDataJSON: clientData('webauthn.create', publicKey.challenge).buffer,
    attestationObject: attestationObject.buffer,
    getTransports: () => ['internal'],
    getAuthenticatorData: () => authData.buffer,
    getPublicKeyAlgorithm: () => -7,
    getPublicKey: () => null,
  });
}

async function get(options: CredentialRequestOptions): Promise<Credential> {
  checkCeremony(options);
  if (!present) return untouched(options);
  const publicKey = options.publicKey!;
  const rpId = publicKey.rpId ?? location.hostname;
  checkRpId(rpId);
  const allowed = (publicKey.allowCredentials ?? []).map((c) => b64url(bytes(c.id)));
  if (shareAt && !allowed.some((candidate) => credentials.has(candidate))) await takeShared();
  const id = allowed.find((candidate) => credentials.get(candidate)?.rpId === rpId);
  if (!id) throw new DOMException('No credential of this authenticator was asked for', 'NotAllowedError');
  const stored = credentials.get(id)!;
  stored.counter += 1;
  const authData = concat(
    await sha256(new TextEncoder().encode(rpId)),
    Uint8Array.of(0x05),
    counterBytes(stored.counter),
  );
  const clientDataJSON = clientData('webauthn.get', publicKey.challenge);
  const raw = new Uint8Array(
    await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      stored.keys.privateKey,
      concat(authData, await sha256(clientDataJSON)),
    ),
  );
  const der = p256.Signature.fromBytes(raw, 'compact').toBytes('der'); // WebAuthn signatures are DER
  const rawId = Uint8Array.from(atob(id.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  return credential(rawId, {
    clientDataJSON: clientDataJSON.buffer,
    authenticatorData: authData.buffer,
    signature: der.slice().buffer,
    userHandle: stored.userHandle.slice().buffer,
  });
}

function credential(rawId: Uint8Array, response: Record<string, unknown>): Credential {
  return {
    id: b64url(rawId),
    rawId: rawId.buffer,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response,
    getClientExtensionResults: () => ({}),
  } as unknown as Credential;
}

interface Shared {
  id: string;
  rpId: string;
  userHandle: string;
  counter: number;
  privateKey: JsonWebKey;
  publicKey: JsonWebKey;
}

/**
 * Puts a credential in the shared store: the same authenticator, for a test, in another page of
 * the origin whose storage the browser keeps apart (a frame's under another top page, a window's).
 */
async function share(id: string, stored: Stored): Promise<void> {
  const body: Shared = {
    id,
    rpId: stored.rpId,
    userHandle: b64url(stored.userHandle),
    counter: stored.counter,
    privateKey: await crypto.subtle.exportKey('jwk', stored.keys.privateKey),
    publicKey: await crypto.subtle.exportKey('jwk', stored.keys.publicKey),
  };
  await fetch(shareAt!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Takes every credential of the shared store this page does not hold yet. */
async function takeShared(): Promise<void> {
  const shared = (await (await fetch(shareAt!)).json()) as Shared[];
  const ecdsa = { name: 'ECDSA', namedCurve: 'P-256' };
  for (const c of shared) {
    if (credentials.has(c.id)) continue;
    const keys = {
      privateKey: await crypto.subtle.importKey('jwk', c.privateKey, ecdsa, true, ['sign']),
      publicKey: await crypto.subtle.importKey('jwk', c.publicKey, ecdsa, true, ['verify']),
    };
    const userHandle = Uint8Array.from(atob(c.userHandle.replace(/-/g, '+').replace(/_/g, '/')), (ch) =>
      ch.charCodeAt(0),
    );
    credentials.set(c.id, { keys, rpId: c.rpId, userHandle, counter: c.counter });
  }
}

/**
 * Installs the software authenticator in this page (once); later ceremonies use it. In a
 * cross-origin frame, `topOrigin` is the top page's origin, which its client data names (as
 * browsers do); with `shareAt` (a URL of the test server's store) it shares its credentials with
 * the same authenticator in the origin's other pages.
 */
export function installPageAuthenticator(options: { topOrigin?: string; shareAt?: string } = {}): void {
  if (installed) return;
  installed = true;
  topOrigin = options.topOrigin;
  shareAt = options.shareAt;
  if (typeof PublicKeyCredential === 'undefined') {
    // The engine has no WebAuthn: give the page what a WebAuthn engine has.
    class SoftPublicKeyCredential {
      static isUserVerifyingPlatformAuthenticatorAvailable = async () => true;
      static isConditionalMediationAvailable = async () => false;
    }
    Object.defineProperty(globalThis, 'PublicKeyCredential', { value: SoftPublicKeyCredential, configurable: true });
  }
  if (!navigator.credentials) Object.defineProperty(navigator, 'credentials', { value: {}, configurable: true });
  Object.defineProperty(navigator.credentials, 'create', { value: create, configurable: true, writable: true });
  Object.defineProperty(navigator.credentials, 'get', { value: get, configurable: true, writable: true });
}
