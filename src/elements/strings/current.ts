/**
 * Which words the elements use: their locale's table (shared/locale.ts), the
 * host's page-wide overrides on top (`setWalletStrings`), what the element
 * above hands down and the element's own on top of those (`el.strings`).
 */
import { STRINGS_EN } from './en.js';
import { loadSpanish } from './load-strings-es.js';
import type { WalletStringOverrides, WalletStrings } from './table.js';
import { redrawAll } from '../shared/locale.js';

let pageOverrides: WalletStringOverrides | undefined;
/** Spanish did not load once: English from then on (the console said which file to serve). */
let spanishFailed = false;
let spanishLoading: Promise<WalletStrings> | undefined;

/** Two sets of overrides as one, `over` winning (error words one code at a time); either itself when the other is absent. */
export function mergeOverrides(
  under: WalletStringOverrides | undefined,
  over: WalletStringOverrides | undefined,
): WalletStringOverrides | undefined {
  if (!under || !over) return over ?? under;
  return { ...under, ...over, errors: { ...under.errors, ...over.errors } };
}

/** `base` with `overrides` on top: a whole table stays whole. */
export const mergeStrings = (base: WalletStrings, overrides: WalletStringOverrides | undefined): WalletStrings =>
  mergeOverrides(base, overrides) as WalletStrings;

/**
 * The strings of `locale` (a BCP 47 tag; its language decides): English at
 * once, Spanish loaded on first use, so pages in English never fetch it (the
 * script tag imports embedded-wallet-strings-es.js from next to the bundle).
 * Other languages answer English: pass your own table to `setWalletStrings`.
 */
export async function loadWalletStrings(locale: string): Promise<WalletStrings> {
  return isSpanish(locale) ? (await loadSpanish()).STRINGS_ES : STRINGS_EN;
}

const isSpanish = (locale: string) => locale.toLowerCase().split('-')[0] === 'es';

/**
 * The table of `locale` if it is here, else the promise of it (Spanish before its file came):
 * elements wait for it before drawing, so a Spanish page never flashes English.
 */
export function localeTable(locale: string): WalletStrings | Promise<WalletStrings> {
  if (!isSpanish(locale) || spanishFailed) return STRINGS_EN;
  // One wait for every element, and one console line if the file does not come.
  return (
    loadSpanish.current?.STRINGS_ES ??
    (spanishLoading ??= loadSpanish().then(
      (module) => module.STRINGS_ES,
      (error: unknown) => {
        spanishFailed = true;
        console.error(`embedded-wallet-elements: ${(error as Error).message}`);
        return STRINGS_EN;
      },
    ))
  );
}

/** Replaces strings for every element on the page (merged over each element's locale's table). */
export function setWalletStrings(strings: WalletStringOverrides): void {
  pageOverrides = strings;
  redrawAll();
}

/** The strings an element uses: its locale's table, the page's overrides, then its own. */
export function resolveStrings(table: WalletStrings, own: WalletStringOverrides | undefined): WalletStrings {
  return mergeStrings(mergeStrings(table, pageOverrides), own);
}
