// Types for scripts/webkit.mjs, for the TypeScript engine driver.
export declare function ensureWebKit(): string;
/** WebKitWebDriver on a free loopback port under xvfb-run; `stop` ends it (it also ends with this process). */
export declare function startWebKitDriver(): Promise<{ port: number; stop(): void }>;
/** The WebDriver session capabilities for MiniBrowser (classic WebDriver). */
export declare function webkitCapabilities(binary: string): Record<string, unknown>;
