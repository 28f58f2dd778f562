/**
 * The script-tag bundle's entry: registers the elements and exposes one
 * global, `EmbeddedWallet`, with the client and helpers for hosts without a
 * bundler.
 */
import * as EmbeddedWallet from './index.js';

declare global {
  interface Window {
    EmbeddedWallet: typeof EmbeddedWallet;
  }
}

if (!window.EmbeddedWallet) window.EmbeddedWallet = EmbeddedWallet;
