/**
 * The one way the widget loads code on first use. A lazy module is a file
 * named `<name>.lazy.ts`, imported only through `lazyModule('<name>', () =>
 * import('./<name>.lazy.js'), …)`: the ESM build (and a partner's bundler)
 * makes it a chunk of its own, and the script tag ships it as
 * `embedded-wallet-<name>.js` next to itself (scripts/browser-crypto.mjs).
 *
 * Loaded once; a failure or a stall is not remembered, so the next call
 * tries again; past `LAZY_TIMEOUT_MS` a stalled file fails like a missing
 * one, so no action stays busy for good. Every failure reaches the caller as
 * the layer's own typed error, saying which file to serve.
 */
import { isScriptTag } from './bundle-file.js';

/** How long a lazy file may take to arrive. */
export const LAZY_TIMEOUT_MS = 15_000;

export interface LazyModule<T> {
  /** The module, loading it first if need be. */
  (): Promise<T>;
  /** The module once loaded (for code that must not wait, such as a passkey ceremony inside a tap). */
  readonly current: T | undefined;
  /** The file the script tag loads it from. */
  readonly file: string;
}

export interface LazyModuleSpec<T> {
  /** `<name>` of `<name>.lazy.ts` and `embedded-wallet-<name>.js`. */
  name: string;
  /** Who needs it, as the start of a sentence: "Passkeys need", "The QR code needs". */
  neededBy: string;
  /** `() => import('./<name>.lazy.js')`, nothing else (the script-tag build rewrites it). */
  load: () => Promise<T>;
  /** The layer's typed error for a module that did not load. */
  refuse: (message: string, cause: unknown) => Error;
  timeoutMs?: number;
}

export function lazyModule<T>(spec: LazyModuleSpec<T>): LazyModule<T> {
  const file = `embedded-wallet-${spec.name}.js`;
  const timeoutMs = spec.timeoutMs ?? LAZY_TIMEOUT_MS;
  let current: T | undefined;
  let loading: Promise<T> | undefined;
  const get = (): Promise<T> => {
    loading ??= withTimeout(spec.load(), timeoutMs, file).then(
      (module) => (current = module),
      (cause: unknown) => {
        loading = undefined; // the next call tries again
        throw spec.refuse(refusal(spec.neededBy, file, cause), cause);
      },
    );
    return loading;
  };
  return Object.defineProperties(get, {
    current: { get: () => current },
    file: { value: file },
  }) as LazyModule<T>;
}

function refusal(neededBy: string, file: string, cause: unknown): string {
  const why = cause instanceof Error ? cause.message : String(cause);
  return isScriptTag()
    ? `${neededBy} ${file} served next to embedded-wallet-elements.js, and it did not load (${why}): serve the whole dist/browser/ directory`
    : `${neededBy} a chunk of this build (${file.replace('embedded-wallet-', '')}) and it did not load (${why}): serve every file of the build`;
}

function withTimeout<T>(loading: Promise<T>, ms: number, file: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${file} did not load within ${ms / 1000} s`)), ms);
  });
  return Promise.race([loading, stalled]).finally(() => clearTimeout(timer));
}
