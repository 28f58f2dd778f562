// Types for scripts/mutate.mjs.
export interface Mutant {
  name: string;
  file: string;
  search: string;
  replace: string;
  tests: string[];
}
export declare const MUTANTS: Mutant[];
