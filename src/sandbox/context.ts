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
  webauthn: { rpId: string; origins: string[] };
  oidcIssuers: string[];
}

/** What every handler works with. */
export interface SandboxContext {
  store: Store;
  clock: SandboxClock;
  config: SandboxConfig;
  keys: { otpTarget: EnclaveKey; export: EnclaveKey };
}
