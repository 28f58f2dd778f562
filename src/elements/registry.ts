/**
 * Defining one element, guarded and versioned: a tag this copy already
 * defined is left alone; one defined by another copy (the bundle loaded twice,
 * or the script tag and the npm build on one page, whatever their versions)
 * keeps its first definition and the page gets one warning naming the
 * version. Never throws.
 */
import { VERSION } from '../packaging/version.js';

const VERSION_KEY = Symbol.for('embedded-wallet-elements.version');
let warned = false;

/** An element class: its constructor and the tag it states. */
export type ElementClass = CustomElementConstructor & { readonly tag: string };

export function defineElement(element: ElementClass, registry: CustomElementRegistry = customElements): void {
  const tag = element.tag;
  const existing = registry.get(tag) as (CustomElementConstructor & { [VERSION_KEY]?: string }) | undefined;
  if (!existing) {
    try {
      (element as unknown as Record<symbol, string>)[VERSION_KEY] = VERSION;
      registry.define(tag, element);
    } catch (error) {
      console.warn(`embedded-wallet-elements: could not define <${tag}>`, error);
    }
    return;
  }
  // The same copy calling again: nothing to say. Another copy (the bundle loaded twice, or
  // the script tag and the npm build together): keep the first definition and say so once.
  if (existing !== element && !warned) {
    warned = true;
    const other = existing[VERSION_KEY] ? `version ${existing[VERSION_KEY]}` : 'another script';
    console.warn(
      `embedded-wallet-elements ${VERSION}: the elements are already defined by ${other}; keeping that definition. Load the widget once.`,
    );
  }
}
