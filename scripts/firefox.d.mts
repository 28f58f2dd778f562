// Types for scripts/firefox.mjs, for the TypeScript engine driver.
export declare function ensureFirefox(): string;
