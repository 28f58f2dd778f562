/** The elements' events: one class per event, each bubbling and composed. */
export * from './signed-in.js';
export * from './signed-out.js';
export * from './session-expiring.js';
export * from './signature.js';
export * from './error.js';
export * from './otp-sent.js';
export * from './credential-added.js';
export * from './credential-removed.js';
export * from './session-revoked.js';
export * from './storage-warning.js';
export * from './wallet-exported.js';
