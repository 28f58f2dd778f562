/**
 * The host script of isolated mode (`embedded-wallet-host.js`): defines each
 * element as a frame of the wallet's frame page (host-elements/), and nothing
 * else: no client, no crypto, no words. A page that loaded the full bundle
 * first keeps its elements (the first definition wins), and is told once.
 */
import { framedChild, framedElement } from './host-elements/define-framed.js';
import { SURFACES, type Surface } from './frame-link/surface.js';

function define(tag: string, make: () => CustomElementConstructor): void {
  if (customElements.get(tag))
    console.warn(
      `embedded-wallet-elements: <${tag}> is already defined (the full bundle?): isolated mode is off for it`,
    );
  else customElements.define(tag, make());
}

// Parents first: a child upgraded after its parent finds it ready to adopt it.
const parentsOf = new Map<string, { surface: Surface; parents: string[] }>();
for (const [tag, surface] of Object.entries(SURFACES)) {
  define(tag, () => framedElement(tag, surface));
  for (const [child, row] of Object.entries(surface.children ?? {}))
    parentsOf.set(child, { surface: row, parents: [...(parentsOf.get(child)?.parents ?? []), tag] });
}
for (const [tag, { surface, parents }] of parentsOf) define(tag, () => framedChild(tag, surface, parents));
