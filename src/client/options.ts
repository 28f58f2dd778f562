/** WalletClient configuration, its defaults, and how enclave pins are chosen. */
import { PRODUCTION_EXPORT_SIGNER_KEY, PRODUCTION_OTP_TARGET_SIGNER_KEY, type EnclaveTrust } from '../crypto/index.js';
import type { Transport } from '../protocol/index.js';
import type { PasskeyCeremonyElsewhere } from './passkey/ceremony-elsewhere.js';
import type { SessionKeyMode } from './session/session-key.js';

/** Operations that sign an activity, and the activity types each accepts by default. */
export const DEFAULT_ACTIVITY_TYPES = {
  addPasskey: ['ACTIVITY_TYPE_CREATE_AUTHENTICATORS'],
  addOAuth: ['ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS'],
  revokeCredential: ['ACTIVITY_TYPE_DELETE_AUTHENTICATORS'],
  revokeSession: ['ACTIVITY_TYPE_DELETE_API_KEYS'],
  refreshSession: ['ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2'],
  exportWallet: ['ACTIVITY_TYPE_EXPORT_WALLET'],
  setWalletPrivacy: ['ACTIVITY_TYPE_UPDATE_WALLET'],
  updateEmail: ['ACTIVITY_TYPE_UPDATE_USER_EMAIL'],
  updatePhoneNumber: ['ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER'],
  addEmailCredential: ['ACTIVITY_TYPE_UPDATE_USER_EMAIL'],
  addSmsCredential: ['ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER'],
  signTransaction: ['ACTIVITY_TYPE_SIGN_TRANSACTION_V2'],
  passkeySignIn: ['ACTIVITY_TYPE_STAMP_LOGIN'],
} as const;

export type SignedOperationName = keyof typeof DEFAULT_ACTIVITY_TYPES;

export interface WalletClientOptions {
  /** The wallet (EMBEDDED_WALLET internal account id). */
  accountId: string;
  /** Base URL of your relay, e.g. `/api/wallet`. Ignored when `transport` is given. */
  apiBase?: string;
  /** Your own transport instead of `fetch` to `apiBase`. */
  transport?: Transport;
  /** The customer owning the wallet; needed by `updateContact`. */
  customerId?: string;
  /** The wallet's organization id, when your backend knows it: every signed activity must then name it. */
  organizationId?: string;
  /**
   * Enclave keys to pin (uncompressed hex): OTP target bundles and export
   * bundles. Default: the production keys. A local sandbox prints its own.
   */
  enclaveKeys?: { otpTarget?: string; export?: string };
  /**
   * Accept the hosted sandbox's unsigned export bundles (empty signature and
   * signer). Bundles that carry a signer are still held to the pinned keys,
   * and OTP target bundles always are. Warns once in the console. Never in
   * production.
   */
  dangerouslyTrustUnpinnedSandbox?: boolean;
  /** `sealed` (default) or `client-held` (docs/protocol.md, "Session key modes"). */
  sessionKeyMode?: SessionKeyMode;
  /**
   * Sign in with a passkey whose challenge does not show what it authorises
   * (no login activity naming this client's key). Off by default: a relay could
   * then have the passkey approve a session sealed to its own key.
   */
  allowUnboundPasskeyChallenge?: boolean;
  /** WebAuthn RP id for passkey sign-in (default: the page's host). */
  rpId?: string;
  /** Runs a passkey ceremony elsewhere where it cannot run on this page (isolated mode's frame sets it). */
  passkeyCeremonyElsewhere?: PasskeyCeremonyElsewhere;
  /**
   * The longest session a signed refresh or passkey login may ask for, in
   * seconds (default 900, the service's 15 minutes). A payload asking for
   * more is refused unsigned: the relay does not choose how long a key lives.
   */
  maxSessionSeconds?: number;
  /** When `expiring` fires, and when auto-refresh starts (default 60 s before expiry). */
  refreshMarginMs?: number;
  /** Refresh the session automatically inside the margin (default true). */
  autoRefresh?: boolean;
  /** A signed action with less session left than this refreshes first (default 30 s). */
  actionMarginMs?: number;
  /**
   * Separates this client's stored sessions and tab messages from other
   * wallet widgets on the same origin (default `embedded-wallet-elements`).
   */
  storageNamespace?: string;
  /** Timeout of each IndexedDB operation (default 3 s). */
  storageTimeoutMs?: number;
  /** Request timeout of the default transport (default 20 s). */
  requestTimeoutMs?: number;
  /** Override the activity types an operation may sign, for service changes. */
  activityTypes?: Partial<Record<SignedOperationName, readonly string[]>>;
}

export interface ResolvedOptions extends Required<
  Omit<
    WalletClientOptions,
    | 'apiBase'
    | 'transport'
    | 'customerId'
    | 'organizationId'
    | 'enclaveKeys'
    | 'rpId'
    | 'activityTypes'
    | 'passkeyCeremonyElsewhere'
  >
> {
  passkeyCeremonyElsewhere: PasskeyCeremonyElsewhere | undefined;
  customerId: string | undefined;
  organizationId: string | undefined;
  rpId: string | undefined;
  activityTypes: Record<SignedOperationName, readonly string[]>;
  trust: { otpTarget: EnclaveTrust; export: EnclaveTrust };
}

let warnedUnpinned = false;

/** One console line per page: a partner must notice the hatch before production, not after. */
function warnUnpinnedOnce(): void {
  if (warnedUnpinned) return;
  warnedUnpinned = true;
  console.warn(
    'embedded-wallet-elements: dangerouslyTrustUnpinnedSandbox is on, so unsigned sandbox export bundles are accepted. Never use it in production.',
  );
}

export function resolveOptions(options: WalletClientOptions): ResolvedOptions {
  if (typeof options.accountId !== 'string' || !options.accountId)
    throw new TypeError('WalletClient: "accountId" is required');
  if (!options.transport && !options.apiBase)
    throw new TypeError('WalletClient: give "apiBase" (your relay URL) or a "transport"');
  const { maxSessionSeconds = 900 } = options;
  if (!Number.isSafeInteger(maxSessionSeconds) || maxSessionSeconds < 1)
    throw new TypeError('WalletClient: "maxSessionSeconds" must be a whole number of seconds, 1 or more');
  const unsigned = options.dangerouslyTrustUnpinnedSandbox === true;
  if (unsigned) warnUnpinnedOnce();
  return {
    accountId: options.accountId,
    customerId: options.customerId,
    organizationId: options.organizationId,
    dangerouslyTrustUnpinnedSandbox: options.dangerouslyTrustUnpinnedSandbox ?? false,
    sessionKeyMode: options.sessionKeyMode ?? 'sealed',
    rpId: options.rpId,
    passkeyCeremonyElsewhere: options.passkeyCeremonyElsewhere,
    allowUnboundPasskeyChallenge: options.allowUnboundPasskeyChallenge ?? false,
    maxSessionSeconds,
    refreshMarginMs: options.refreshMarginMs ?? 60_000,
    autoRefresh: options.autoRefresh ?? true,
    actionMarginMs: options.actionMarginMs ?? 30_000,
    storageNamespace: options.storageNamespace ?? 'embedded-wallet-elements',
    storageTimeoutMs: options.storageTimeoutMs ?? 3_000,
    requestTimeoutMs: options.requestTimeoutMs ?? 20_000,
    activityTypes: { ...DEFAULT_ACTIVITY_TYPES, ...options.activityTypes },
    trust: {
      otpTarget: { pinnedKey: options.enclaveKeys?.otpTarget ?? PRODUCTION_OTP_TARGET_SIGNER_KEY },
      export: {
        pinnedKey: options.enclaveKeys?.export ?? PRODUCTION_EXPORT_SIGNER_KEY,
        ...(unsigned ? { dangerouslyAcceptUnsignedSandboxBundle: true } : {}),
      },
    },
  };
}
