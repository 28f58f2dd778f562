// <ew-wallet-overview> as a lazy module (src/elements/lazy-elements.ts): defined when it arrives.
import { defineElement } from '../registry.js';
import { EwWalletOverview } from './wallet-overview.js';

defineElement(EwWalletOverview);

export { EwWalletOverview };
