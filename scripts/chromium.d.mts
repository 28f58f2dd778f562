// Types for scripts/chromium.mjs, so TypeScript helpers share its flags.
export declare const CHROMIUM_ARGS: string[];
export declare function ensureChromium(): string;
