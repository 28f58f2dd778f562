/** What the client says about its session: the public view of one (no key material), and the state. */
import type { CredentialType } from '../../protocol/index.js';
import type { StoredSession } from './vault.js';

/** The public view of a session (no key material). */
export interface SessionInfo {
  id: string;
  accountId: string;
  credentialId: string | undefined;
  credentialType: CredentialType | undefined;
  nickname: string;
  /** Expiry on the server's clock. */
  expiresAt: Date;
}

/**
 * The client's state, as carried by `change` events. Only the session manager
 * makes it, together with the session it holds (`SessionManager.state`).
 */
export type WalletState =
  | { status: 'restoring' }
  | { status: 'signed-out'; cause?: string }
  | { status: 'signed-in'; session: SessionInfo; cause?: string };

export const toInfo = (s: StoredSession): SessionInfo => ({
  id: s.sessionId,
  accountId: s.accountId,
  credentialId: s.credentialId,
  credentialType: s.credentialType,
  nickname: s.nickname,
  expiresAt: new Date(s.expiresAt),
});
