// Types for scripts/browser-crypto.mjs.
import type { Plugin } from 'vite';
export declare const browserCrypto: Plugin;
