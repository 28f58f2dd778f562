/**
 * Session keys in both modes (docs/protocol.md, "Session key modes"):
 * - `sealed` (the service's documented flow, the default): an ECDH pair whose uncompressed public key is
 *   sent; the answer's `encryptedSessionSigningKey` is opened with it and the
 *   scalar imported as a non-extractable signing key, its bytes wiped.
 * - `client-held`: a non-extractable ECDSA pair whose compressed public key is
 *   sent; it is the session key itself.
 */
import { generateEncryptionKeyPair, generateSigningKeyPair, loadHpke, publicKeyHex } from '../../crypto/index.js';
import { WalletError, type AuthSession } from '../../protocol/index.js';

export type SessionKeyMode = 'sealed' | 'client-held';

/** A key made for one verify or refresh call. */
export interface PendingSessionKey {
  mode: SessionKeyMode;
  /** What goes on the wire as `clientPublicKey`. */
  publicKeyHex: string;
  keyPair: CryptoKeyPair;
}

// Once per page: after the first open the code is warm (src/crypto/hpke/prewarm.ts).
let openWarmed = false;

export async function newSessionKey(mode: SessionKeyMode): Promise<PendingSessionKey> {
  if (mode === 'sealed') {
    // The answer is sealed to this key and only HPKE opens it. The library is loaded on first use (on the
    // script tag a file of its own, embedded-wallet-hpke.js); when it does not load, this rejects with
    // CONFIG_BUNDLE_FILE before the key is sent, so no session is made, or replaced by a refresh, that
    // this page could not open.
    const [keyPair, hpke] = await Promise.all([generateEncryptionKeyPair(), loadHpke()]);
    const hex = await publicKeyHex(keyPair.publicKey, 'uncompressed');
    // The first open of the answer's bundle would pay one-time costs; pay them while the request is out.
    // Not awaited, and it never rejects: the real open reports any failure itself.
    if (!openWarmed) {
      openWarmed = true;
      void hpke.prewarmSessionKeyOpen(keyPair);
    }
    return { mode, keyPair, publicKeyHex: hex };
  }
  const keyPair = await generateSigningKeyPair();
  return { mode, keyPair, publicKeyHex: await publicKeyHex(keyPair.publicKey, 'compressed') };
}

/** The signing pair for a session answered to `key`. */
export async function sessionSigningKey(
  session: AuthSession,
  key: PendingSessionKey,
  operation: string,
): Promise<CryptoKeyPair> {
  if (key.mode === 'client-held') return key.keyPair;
  if (typeof session.encryptedSessionSigningKey !== 'string') {
    throw new WalletError(
      'INVALID_RESPONSE',
      `${operation}: the session carries no encryptedSessionSigningKey for the sealed key mode`,
      { operation },
    );
  }
  return (await loadHpke()).openSessionKeyBundle(session.encryptedSessionSigningKey, key.keyPair);
}
