/**
 * The protocol layer: wire types, typed errors, the transport, the server
 * clock and the signed-retry helper. Runs anywhere (browser, Node, edge).
 */
export * from './api-client.js';
export * from './retry-after.js';
export * from './server-clock.js';
export * from './signed-call.js';
export * from './transport.js';
export * from './wallet-error.js';
export * from './wire-types.js';
