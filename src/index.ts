/**
 * `embedded-wallet-elements`: the custom elements (registered on import), their
 * events and strings, and the headless client they are built on.
 */
import './define.js';

export * from './elements/index.js';
export { defineWalletElements, loadWalletElement, VERSION } from './elements/define.js';
export * from './client/index.js';
