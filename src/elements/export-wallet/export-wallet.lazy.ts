// <ew-export-wallet> as a lazy module (src/elements/lazy-elements.ts): defined when it arrives.
import { defineElement } from '../registry.js';
import { EwExportWallet } from './export-wallet.js';

defineElement(EwExportWallet);

export { EwExportWallet };
