/**
 * Which words the elements use: a locale's table, the host's page-wide
 * overrides on top (`setWalletStrings`), an element's own on top of those
 * (`el.strings`).
 */
import { STRINGS_EN } from './en.js';
import { loadSpanish } from './load-strings-es.js';
import type { WalletStringOverrides, WalletStrings } from './table.js';

let globalStrings: WalletStrings = STRINGS_EN;

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
  const language = locale.toLowerCase().split('-')[0];
  return language === 'es' ? (await loadSpanish()).STRINGS_ES : STRINGS_EN;
}

/** Replaces strings for every element on the page (merged over English). */
export function setWalletStrings(strings: WalletStringOverrides): void {
  globalStrings = mergeStrings(STRINGS_EN, strings);
  // Elements inside other elements' shadow roots (a wallet's overview, its lists) redraw too.
  const redraw = (root: ParentNode) =>
    root.querySelectorAll('*').forEach((el) => {
      if (el.tagName.startsWith('EW-')) (el as HTMLElement & { requestUpdate?: () => void }).requestUpdate?.();
      if (el.shadowRoot) redraw(el.shadowRoot);
    });
  redraw(document);
}

/** The strings an element uses: global ones with its own overrides on top. */
export function resolveStrings(own: WalletStringOverrides | undefined): WalletStrings {
  return mergeStrings(globalStrings, own);
}
