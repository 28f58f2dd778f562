/**
 * Passkey registration challenges (PROTOCOL.md: "the partner backend issues
 * the WebAuthn registration challenge"). The relay issues them with the RP
 * and user the partner configures, remembers which account each is for, and
 * lets a registration through only with a challenge it issued that has not
 * expired or been used.
 */
import { toBase64Url } from './base64url.js';

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
}

interface Issued {
  accountId: string;
  expiresAt: number;
  /** 'issued' -> first call made ('spent', the signed retry may repeat it once) -> gone. */
  state: 'issued' | 'spent';
}

export class ChallengeBook {
  private readonly issued = new Map<string, Issued>();
  constructor(private readonly ttlMs: number) {}

  issue(accountId: string, now: number): string {
    this.sweep(now);
    const bytes = new Uint8Array(32);
    crypto.getRandomValues(bytes);
    const challenge = toBase64Url(bytes);
    this.issued.set(challenge, { accountId, expiresAt: now + this.ttlMs, state: 'issued' });
    return challenge;
  }

  /**
   * Admits a registration call. The first call spends the challenge; its
   * signed retry (which repeats the body, `retry` = has Request-Id) may pass once more.
   */
  admit(challenge: unknown, accountId: string, retry: boolean, now: number): string | undefined {
    if (typeof challenge !== 'string') return 'challenge is missing';
    const entry = this.issued.get(challenge);
    if (!entry || entry.accountId !== accountId) return 'challenge was not issued by this relay for this account';
    if (now > entry.expiresAt) {
      this.issued.delete(challenge);
      return 'challenge has expired';
    }
    if (!retry) {
      if (entry.state !== 'issued') return 'challenge has already been used';
      entry.state = 'spent';
      return undefined;
    }
    if (entry.state !== 'spent') return 'challenge has not been presented yet';
    this.issued.delete(challenge);
    return undefined;
  }

  private sweep(now: number): void {
    for (const [challenge, entry] of this.issued) if (now > entry.expiresAt) this.issued.delete(challenge);
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
