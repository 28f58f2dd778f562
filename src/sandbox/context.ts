import type { SandboxClock } from './clock.js';
import type { EnclaveKey } from './enclave.js';
import type { Store } from './store.js';

/** Settings the handlers read; see `SandboxOptions` for their meaning and defaults. */
export interface SandboxConfig {
  otpCode: string;
  sessionLifetimeMs: number;
  requestIdLifetimeMs: number;
  otpLifetimeMs: number;
  otpMaxAttempts: number;
  otpResendIntervalMs: number;
  quoteLifetimeMs: number;
  webauthn: WebAuthnConfig;
  oidcIssuers: string[];
}

/** What every handler works with. */
export interface SandboxContext {
  store: Store;
  clock: SandboxClock;
  config: SandboxConfig;
  keys: { otpTarget: EnclaveKey; export: EnclaveKey };
}

/** The relying party the sandbox checks passkeys against (SandboxOptions.webauthn). */
export interface WebAuthnConfig {
  /** The RP id, or each one taken (a partner's pages and its wallet frame's host). */
  rpId: string | string[];
  /** The origins ceremonies may run on. */
  origins: string[];
  /** The top-level pages under which a ceremony in a cross-origin frame is taken (none: every one is refused). */
  topOrigins?: string[];
}
