/**
 * Passkey registration challenges (PROTOCOL.md: "the partner backend issues
 * the WebAuthn registration challenge"). The relay issues them with the RP
 * and user the partner configures, remembers which account each is for, and
 * lets a registration through only with a challenge it issued that has not
 * expired or been used.
 */
import { toBase64Url } from './base64url.js';
import { refuse } from './relay-error.js';
import type { RelayStore } from './store.js';

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
 * past the service's `expiresAt` on its 202 ("about 5 minutes", PROTOCOL.md).
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
