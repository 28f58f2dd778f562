/**
 * The page's language where an element sits (HTML's rule, across shadow roots).
 * It imports nothing: isolated mode's host script reads it too.
 */

/** The `lang` of the nearest element that sets one, crossing out of shadow roots. */
export function nearestLang(from: Element): string | undefined {
  let node: Node | null = from;
  while (node) {
    // `lang=""` says the language is unknown: the search stops there (HTML's rule).
    if (node instanceof Element && node.hasAttribute('lang')) return node.getAttribute('lang') || undefined;
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return undefined;
}
