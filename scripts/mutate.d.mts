// Types for scripts/mutate.mjs.
export interface Mutant {
  name: string;
  file: string;
  search: string;
  replace: string;
  tests: string[];
  /** The relay operation whose binding the mutant breaks (src/relay/operations.ts), where it breaks one. */
  operation?: string;
}
export declare const MUTANTS: Mutant[];
export declare const LAYERS: readonly string[];
export declare function layerOf(file: string): string | undefined;
