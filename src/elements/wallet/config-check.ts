/**
 * What is wrong with an `<ew-wallet>`'s configuration, said so a partner can
 * fix it: a missing attribute, or a value that cannot be right. The wallet
 * makes no client from a configuration with a problem; it shows a plain
 * message, sends `ew-error` and says the fix once on the console.
 */
import type { ErrorInfo } from '../shared/error-info.js';
import { reportSetupProblem } from '../shared/setup-problem.js';

export interface WalletConfig {
  apiBase: string | undefined;
  accountId: string | undefined;
  hasTransport: boolean;
  sessionKeyMode: string | undefined;
  otpTargetKey: string | undefined;
  exportKey: string | undefined;
  maxSessionSeconds: string | undefined;
}

/** How long a wallet may wait for its attributes (a page setting them after its own login) before it says what is missing. */
export const CONFIG_GRACE_MS = 2_000;

/** A service id, as the service writes them: `Kind:uuid`. */
const SERVICE_ID = /^[A-Z][A-Za-z]*:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** A P-256 public key in hex, uncompressed (as the service publishes the enclave keys) or compressed. */
const P256_KEY = /^(04[0-9a-fA-F]{128}|0[23][0-9a-fA-F]{64})$/;

const problem = (code: string, message: string): ErrorInfo => ({ code, message, operation: 'configure' });

/** A value the wallet cannot work with; undefined when every given value is well formed. */
export function invalidAttribute(config: WalletConfig): ErrorInfo | undefined {
  const invalid = (attribute: string, value: string, expected: string) =>
    problem('CONFIG_INVALID_ATTRIBUTE', `<ew-wallet ${attribute}="${value.slice(0, 80)}">: ${expected}`);
  if (config.accountId && !SERVICE_ID.test(config.accountId))
    return invalid('account-id', config.accountId, "expected the wallet's internal account id, InternalAccount:<uuid>");
  for (const [attribute, value] of [
    ['otp-target-key', config.otpTargetKey],
    ['export-key', config.exportKey],
  ] as const)
    if (value && !P256_KEY.test(value))
      return invalid(
        attribute,
        value,
        "expected the enclave's P-256 public key in hex (130 characters starting with 04)",
      );
  if (config.sessionKeyMode && config.sessionKeyMode !== 'sealed' && config.sessionKeyMode !== 'client-held')
    return invalid('session-key-mode', config.sessionKeyMode, 'expected "sealed" or "client-held"');
  if (config.maxSessionSeconds !== undefined && !/^[1-9]\d{0,8}$/.test(config.maxSessionSeconds))
    return invalid('max-session-seconds', config.maxSessionSeconds, 'expected a whole number of seconds, e.g. 900');
  return undefined;
}

/** What is still missing for the wallet to start; undefined when nothing is. */
export function missingAttribute(config: WalletConfig): ErrorInfo | undefined {
  if (!config.accountId)
    return problem(
      'CONFIG_MISSING_ATTRIBUTE',
      "<ew-wallet> has no account-id: set it to the wallet's internal account id (InternalAccount:<uuid>) from your backend",
    );
  if (!config.apiBase && !config.hasTransport)
    return problem(
      'CONFIG_MISSING_ATTRIBUTE',
      '<ew-wallet> has no api-base: set it to the path where your relay is mounted (e.g. /api/wallet)',
    );
  return undefined;
}

/** The settings two wallets of one account must share: they share its stored session and its sign-outs. */
const shared = (config: WalletConfig) =>
  JSON.stringify([
    config.apiBase,
    config.hasTransport,
    config.sessionKeyMode ?? 'sealed',
    config.otpTargetKey,
    config.exportKey,
  ]);

/** The wallets on this page with a client, by element. */
const running = new Map<object, WalletConfig>();

/**
 * Another wallet on this page for the same account with other settings, as a
 * problem for `owner` (which then starts no client); undefined when none.
 * Registers `owner` otherwise (`release` when it stops).
 */
export function conflictingWallet(owner: object, config: WalletConfig): ErrorInfo | undefined {
  for (const [other, theirs] of running)
    if (other !== owner && theirs.accountId === config.accountId && shared(theirs) !== shared(config))
      return problem(
        'CONFIG_CONFLICTING_WALLETS',
        `two <ew-wallet account-id="${config.accountId}"> on this page have different settings (api-base, keys, ` +
          'session-key-mode or transport); they share one stored session: give them the same settings',
      );
  running.set(owner, config);
  return undefined;
}

export const releaseWallet = (owner: object): void => void running.delete(owner);

/**
 * A bundle from another enclave key while the wallet pins the production keys by default
 * (`pinsDefaults`): most likely a sandbox whose keys were never given. Said to the developer;
 * the user's message stays.
 */
export function hintUnpinnedKeys(error: ErrorInfo, pinsDefaults: boolean): void {
  if (error.code === 'ENCLAVE_KEY_NOT_PINNED' && pinsDefaults)
    reportSetupProblem({
      code: 'CONFIG_ENCLAVE_KEYS',
      message:
        'an answer was signed by another enclave key than the production one this wallet pins by default ' +
        '(no otp-target-key or export-key): with a sandbox, set both to the keys it prints',
      operation: 'configure',
    });
}
