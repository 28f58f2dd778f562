// Types for scripts/browser-crypto.mjs.
import type { Plugin } from 'vite';

export declare const browserCrypto: Plugin;
export declare const scriptTagLazyFiles: Plugin;
export declare const scriptTagFiles: Plugin[];
export declare const minifyLiterals: Plugin & {
  transform(code: string, id: string): Promise<{ code: string; map?: unknown } | null>;
};
export declare function lazyFiles(): { name: string; entry: string; file: string }[];
export declare function buildLazyFile(name: string): Promise<string>;
