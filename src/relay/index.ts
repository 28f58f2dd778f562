/**
 * `embedded-wallet-elements/relay`: the server-side piece a partner mounts in
 * its backend. See `createRelay` for the contract.
 */
export { ACCOUNT_HINT_HEADER } from './account-claim.js';
export { createRelay, type RelayOptions } from './create-relay.js';
export { frameHeaders, type FrameHeadersOptions } from './frame-headers.js';
export { toNodeHandler, type NodeHandlerOptions } from './node-adapter.js';
export { OPERATIONS } from './operations.js';
export type { AccountSource, BodyMembers, Members, Operation } from './operation-types.js';
export type { PasskeyRegistrationConfig } from './passkey-registration.js';
export type { RelayLogEntry } from './request-log.js';
export { memoryStore, type RelayStore } from './store.js';
export { redisStore, type RedisCommand, type RedisStoreOptions } from './redis-store.js';
