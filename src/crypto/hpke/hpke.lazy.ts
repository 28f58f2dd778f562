/**
 * Sealing and opening enclave bundles, as a lazy module (src/packaging/lazy-module.ts; the script
 * tag's embedded-wallet-hpke.js): the HPKE library and everything only it needs (bundle checks,
 * base58check, the session scalar's import, the pre-warm). Loaded through ../load-hpke.ts only.
 */
export { parseTargetBundle, verifyEnclaveBundle, type VerifiedBundle } from './enclave-bundle.js';
export { prewarmOtpSeal, prewarmSessionKeyOpen } from './prewarm.js';
export {
  HPKE_INFO,
  hpkeOpen,
  hpkeSeal,
  openExportBundle,
  openSessionKeyBundle,
  sealOtpBundle,
  type HpkeSealed,
  type OpenExportOptions,
  type SealOtpOptions,
} from './seal-open.js';
