/**
 * Registers the elements: those a signed-out page needs at once, and a watch
 * that loads each signed-in view the page holds (lazy-elements.ts). Guarded
 * and versioned (registry.ts); safe to call any number of times; never throws.
 */
import { VERSION } from '../packaging/version.js';
import { ELEMENTS } from './catalog.js';
import { loadWalletElement, watchLazyElements } from './lazy-elements.js';
import { defineElement } from './registry.js';

export { loadWalletElement, VERSION };

/** Defines every `ew-*` tag not yet defined (the signed-in views when first used). */
export function defineWalletElements(registry: CustomElementRegistry = customElements): void {
  for (const element of ELEMENTS) defineElement(element, registry);
  if (registry === customElements) watchLazyElements();
}
