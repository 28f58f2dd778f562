/**
 * Passkey registration challenges. The partner's backend, not the page,
 * issues the WebAuthn registration challenge: the relay issues it with the
 * RP and user the partner configures (`POST {basePath}/passkeys/registration-options`),
 * remembers which account each is for, and lets a registration through only
 * with a challenge it issued that has not expired or been used.
 */
import { checkAuthorized, type Authorize } from './account-claim.js';
import type { Answer, Inbound } from './answer.js';
import { toBase64Url } from './base64url.js';
import { isServiceId } from './operation-types.js';
import { refuse, relayError } from './relay-error.js';
import type { RelayStore } from './store.js';
import { jsonOf, toBrowser, type Upstream } from './upstream.js';

export interface PasskeyRegistrationConfig {
  /** WebAuthn RP id: the partner's registrable domain (e.g. `example.com`). */
  rpId: string;
  /** Name shown by the authenticator. */
  rpName: string;
  /** The WebAuthn user for an account: a stable opaque id and a name the user recognises. */
  user(input: {
    request: Request;
    accountId: string;
  }): { id: string; name: string; displayName?: string } | Promise<{ id: string; name: string; displayName?: string }>;
  /** How long a challenge stays valid (default 5 minutes). */
  challengeTtlMs?: number;
  /** Challenges one wallet may be issued per `challengeTtlMs` (default 10); past it, 429. */
  challengesPerAccount?: number;
}

/** Challenges one wallet may be issued per TTL window (default). */
export const DEFAULT_CHALLENGES_PER_ACCOUNT = 10;

/** How long a challenge stays valid (default). */
export const DEFAULT_CHALLENGE_TTL_MS = 300_000;

/** What a store operation that took too long resolves to. */
const LATE = Symbol('late');

/** What `issue` writes: 32 random bytes, base64url. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** A challenge's record: issued for a wallet, then spent by a first call with the body of this digest. */
type ChallengeRecord = { state: 'issued'; accountId: string } | { state: 'spent'; accountId: string; body: string };

/**
 * How long a spent challenge stays for its signed retry, from the first call:
 * past the `expiresAt` of the service's 202 (about 5 minutes after it).
 */
export const SIGNED_RETRY_WINDOW_MS = 600_000;

/** How long a store operation may take before the relay answers 503 (default). */
export const DEFAULT_STORE_TIMEOUT_MS = 2_000;

async function digest(text: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return toBase64Url(hash);
}

/**
 * Challenges in a `RelayStore`, so the options call and the registration may
 * land on different relay instances. A challenge is stored as issued for one
 * wallet; the first registration call marks it spent by that call's body, and
 * only the signed retry of that same body (`retry` = has Request-Id) may pass
 * once more, deleting it. Each move is an atomic compare-and-swap, so a
 * replay racing the real call on another instance loses.
 *
 * A spent challenge is never made usable again, not even when the service
 * fails the first call: a 5xx, a timeout or a dropped connection does not
 * prove the passkey was not registered, and one challenge must never register
 * two. The widget fetches fresh options after any failure.
 */
export class ChallengeBook {
  constructor(
    private readonly store: RelayStore,
    private readonly ttlMs: number,
    private readonly perAccount: number,
    private readonly storeTimeoutMs: number = DEFAULT_STORE_TIMEOUT_MS,
  ) {}

  /** A fresh challenge for `accountId`, or how long to wait when it was issued too many. */
  async issue(accountId: string): Promise<{ challenge: string } | { retryAfterMs: number }> {
    const { count, resetInMs } = await this.io(() => this.store.increment(`count:${accountId}`, this.ttlMs));
    if (count > this.perAccount) return { retryAfterMs: resetInMs };
    const bytes = new Uint8Array(32);
    crypto.getRandomValues(bytes);
    const challenge = toBase64Url(bytes);
    const record: ChallengeRecord = { state: 'issued', accountId };
    await this.io(() => this.store.create(`challenge:${challenge}`, JSON.stringify(record), this.ttlMs));
    return { challenge };
  }

  /** Admits a registration call with `body` (the exact text forwarded): undefined, or why not. */
  async admit(challenge: unknown, accountId: string, retry: boolean, body: string): Promise<string | undefined> {
    if (typeof challenge !== 'string' || !challenge) return 'challenge is missing';
    if (!CHALLENGE.test(challenge)) return 'challenge was not issued by this relay';
    const key = `challenge:${challenge}`;
    const stored = await this.io(() => this.store.get(key));
    if (!stored) return 'challenge was not issued by this relay, has expired or was used';
    const record = JSON.parse(stored) as ChallengeRecord;
    if (record.accountId !== accountId) return 'challenge was not issued for this account';
    const bodyDigest = await digest(body);
    if (!retry) {
      if (record.state !== 'issued') return 'challenge has already been used';
      const spent = JSON.stringify({ state: 'spent', accountId, body: bodyDigest } satisfies ChallengeRecord);
      // A fresh expiry: the signed retry may come until the service's request expires.
      const won = await this.io(() => this.store.replace(key, stored, spent, SIGNED_RETRY_WINDOW_MS));
      return won ? undefined : 'challenge has already been used';
    }
    if (record.state !== 'spent') return 'challenge has not been presented yet';
    if (record.body !== bodyDigest) return 'the signed retry must repeat the first call exactly';
    const won = await this.io(() => this.store.replace(key, stored, undefined));
    return won ? undefined : 'challenge has already been used';
  }

  /**
   * A store that fails, or does not answer within `storeTimeoutMs`, is the
   * relay's 503, not a 500 or a request left hanging: the request may be tried again.
   */
  private async io<T>(operation: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<typeof LATE>((resolve) => (timer = setTimeout(() => resolve(LATE), this.storeTimeoutMs)));
    let result: T | typeof LATE;
    try {
      result = await Promise.race([operation(), late]);
    } catch {
      return refuse(503, 'STORE_UNAVAILABLE', "The relay's challenge store could not be reached");
    } finally {
      clearTimeout(timer);
    }
    if (result === LATE)
      return refuse(
        503,
        'STORE_UNAVAILABLE',
        `The relay's challenge store did not answer within ${this.storeTimeoutMs} ms`,
      );
    return result;
  }
}

/** PublicKeyCredentialCreationOptionsJSON for @simplewebauthn/browser's startRegistration. */
export function registrationOptions(
  config: PasskeyRegistrationConfig,
  challenge: string,
  user: { id: string; name: string; displayName?: string },
  excludeCredentialIds: string[],
): Record<string, unknown> {
  return {
    challenge,
    rp: { id: config.rpId, name: config.rpName },
    user: {
      id: toBase64Url(new TextEncoder().encode(user.id)),
      name: user.name,
      displayName: user.displayName ?? user.name,
    },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    timeout: config.challengeTtlMs ?? DEFAULT_CHALLENGE_TTL_MS,
    attestation: 'none',
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    excludeCredentials: excludeCredentialIds.map((id) => ({ type: 'public-key', id })),
  };
}

/** What the options endpoint works with besides the partner's `passkeys` configuration. */
export interface PasskeyOptionsContext {
  challenges: ChallengeBook;
  upstream: Upstream;
  authorize: Authorize;
}

/**
 * The relay's own endpoint: registration options for the wallet the body's
 * `accountId` names (404 unless `passkeys` is configured), once `authorize` accepts it, with a fresh challenge
 * (429 past the wallet's cap) and the wallet's existing passkeys excluded.
 */
export function createPasskeyOptions(
  options: { passkeys?: PasskeyRegistrationConfig },
  { challenges, upstream, authorize }: PasskeyOptionsContext,
) {
  return async (request: Inbound, body: Record<string, unknown>): Promise<Answer> => {
    const config = options.passkeys;
    if (!config) return relayError(404, 'NOT_FOUND', 'Passkey registration is not enabled on this relay');
    const accountId = body['accountId'];
    if (!isServiceId(accountId)) return relayError(400, 'INVALID_INPUT', 'accountId (a wallet id) is required');
    await checkAuthorized(authorize, request, accountId, 'passkey.registration-options');
    const user = await config.user({ request: request.request, accountId });
    // The cap is checked before the service is asked anything: a capped wallet costs no upstream call.
    const issued = await challenges.issue(accountId);
    if ('retryAfterMs' in issued) {
      return relayError(429, 'TOO_MANY_REQUESTS', 'Too many passkey registrations started for this wallet', {
        'retry-after': String(Math.ceil(issued.retryAfterMs / 1000)),
      });
    }
    const listed = await upstream.call(
      upstream.deadline(),
      'GET',
      `/auth/credentials?accountId=${encodeURIComponent(accountId)}&limit=100`,
    );
    if (listed.status >= 500) return toBrowser(listed);
    const existing = (jsonOf(listed)?.['data'] ?? []) as ({ credentialId?: unknown } | null)[];
    const exclude = Array.isArray(existing)
      ? existing.map((c) => c?.credentialId).filter((c): c is string => typeof c === 'string')
      : [];
    return {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: JSON.stringify(registrationOptions(config, issued.challenge, user, exclude)),
    };
  };
}
