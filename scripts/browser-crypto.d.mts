// Types for scripts/browser-crypto.mjs.
import type { Plugin } from 'vite';
export declare const browserCrypto: Plugin;
export declare const scriptTagP256Fallback: Plugin;
export declare const P256_FALLBACK_FILE: string;
export declare function buildP256Fallback(): Promise<string>;
export declare const scriptTagWebAuthn: Plugin;
export declare const scriptTagHpke: Plugin;
export declare const HPKE_FILE: string;
export declare function buildHpkeLibrary(): Promise<string>;
export declare const scriptTagQr: Plugin;
export declare const QR_FILE: string;
export declare const scriptTagStringsEs: Plugin;
export declare const STRINGS_ES_FILE: string;
export declare const scriptTagFiles: Plugin[];
