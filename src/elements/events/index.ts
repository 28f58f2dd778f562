/** The elements' events: one class per event; all bubble and are composed but `ew-ready` and `ew-load-error`. */
export * from './signed-in.js';
export * from './signed-out.js';
export * from './session-expiring.js';
export * from './signature.js';
export * from './payment-settled.js';
export * from './receipt-done.js';
export * from './quote-change.js';
export * from './error.js';
export * from './otp-sent.js';
export * from './credential-added.js';
export * from './credential-removed.js';
export * from './session-revoked.js';
export * from './storage-warning.js';
export * from './wallet-exported.js';
export * from './ready.js';
export * from './load-error.js';
