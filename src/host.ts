/**
 * The host script of isolated mode (`embedded-wallet-host.js`): defines each
 * element as a frame of the wallet's frame page (host-elements/), and nothing
 * else: no client, no crypto, no words. A page that loaded the full bundle
 * first keeps its elements (the first definition wins), and is told once.
 */
import { framedElement } from './host-elements/define-framed.js';
import { SURFACES } from './frame-link/surface.js';

for (const [tag, surface] of Object.entries(SURFACES)) {
  if (customElements.get(tag))
    console.warn(
      `embedded-wallet-elements: <${tag}> is already defined (the full bundle?): isolated mode is off for it`,
    );
  else customElements.define(tag, framedElement(tag, surface));
}
