/** Plain DOM queries through open shadow roots, for code that runs in a page (element tests, the engine drivers' in-page script). */
/** All elements matching `selector` in `root` and every shadow root below it. */
export function deepQueryAll<T extends Element = HTMLElement>(
  selector: string,
  root: Document | Element | ShadowRoot = document,
): T[] {
  const found: T[] = [];
  const walk = (node: Document | Element | ShadowRoot) => {
    found.push(...(node.querySelectorAll(selector) as NodeListOf<T>));
    if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
    for (const el of node.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(root);
  return [...new Set(found)];
}

/** The element at a point of the viewport, through shadow roots. */
export function deepElementFromPoint(x: number, y: number): Element | null {
  let el = document.elementFromPoint(x, y);
  while (el?.shadowRoot) {
    const inner = el.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === el) break;
    el = inner;
  }
  return el;
}

/** The focused element, through shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
