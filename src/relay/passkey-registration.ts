/**
 * Passkey registration challenges (PROTOCOL.md: "the partner backend issues
 * the WebAuthn registration challenge"). The relay issues them with the RP
 * and user the partner configures, remembers which account each is for, and
 * lets a registration through only with a challenge it issued that has not
 * expired or been used.
 */
import { toBase64Url } from './base64url.js';
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

/** Outstanding challenges one wallet may hold per TTL window (default). */
export const DEFAULT_CHALLENGES_PER_ACCOUNT = 10;

/** What `issue` writes: 32 random bytes, base64url. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Challenges in a `RelayStore`, so the options call and the registration may
 * land on different relay instances. A challenge is stored as
 * `issued:<accountId>`; the first registration call moves it to
 * `spent:<accountId>` and the signed retry (which repeats the body, `retry` =
 * has Request-Id) deletes it. Each move is an atomic compare-and-swap, so a
 * replay racing the real call on another instance loses.
 */
export class ChallengeBook {
  constructor(
    private readonly store: RelayStore,
    private readonly ttlMs: number,
    private readonly perAccount: number,
  ) {}

  /** A fresh challenge for `accountId`, or how long to wait when it holds too many. */
  async issue(accountId: string): Promise<{ challenge: string } | { retryAfterMs: number }> {
    const { count, resetInMs } = await this.store.increment(`count:${accountId}`, this.ttlMs);
    if (count > this.perAccount) return { retryAfterMs: resetInMs };
    const bytes = new Uint8Array(32);
    crypto.getRandomValues(bytes);
    const challenge = toBase64Url(bytes);
    await this.store.create(`challenge:${challenge}`, `issued:${accountId}`, this.ttlMs);
    return { challenge };
  }

  /** Admits a registration call: undefined when it may pass, else why not. */
  async admit(challenge: unknown, accountId: string, retry: boolean): Promise<string | undefined> {
    if (typeof challenge !== 'string' || !challenge) return 'challenge is missing';
    if (!CHALLENGE.test(challenge)) return 'challenge was not issued by this relay';
    const key = `challenge:${challenge}`;
    const stored = await this.store.get(key);
    if (!stored) return 'challenge was not issued by this relay, has expired or was used';
    const [state, owner] = [stored.slice(0, stored.indexOf(':')), stored.slice(stored.indexOf(':') + 1)];
    if (owner !== accountId) return 'challenge was not issued for this account';
    if (!retry) {
      if (state !== 'issued') return 'challenge has already been used';
      const won = await this.store.replace(key, stored, `spent:${accountId}`);
      return won ? undefined : 'challenge has already been used';
    }
    if (state !== 'spent') return 'challenge has not been presented yet';
    const won = await this.store.replace(key, stored, undefined);
    return won ? undefined : 'challenge has already been used';
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
    timeout: config.challengeTtlMs ?? 300_000,
    attestation: 'none',
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    excludeCredentials: excludeCredentialIds.map((id) => ({ type: 'public-key', id })),
  };
}
