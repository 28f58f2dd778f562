/**
 * The full bundle's elements and isolated mode: an in-page element given
 * `frame` (the host script not loaded, or loaded after the bundle) would run
 * the wallet in the page the partner wanted it out of. It draws nothing, makes
 * no client, and says why.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import type { EwWallet } from '../../src/elements/index.js';
import '../helpers/elements.js'; // registers the elements

describe('an in-page element with frame', () => {
  it('draws nothing, makes no client, and gives ew-load-error and ew-error CONFIG_FRAME_NEEDS_HOST_SCRIPT once', async () => {
    const el = document.createElement('ew-wallet') as EwWallet;
    el.setAttribute('frame', 'https://wallet.shop.example/');
    el.setAttribute('api-base', '/api');
    el.setAttribute('account-id', 'InternalAccount:00000000-0000-0000-0000-000000000001');
    const heard: string[] = [];
    for (const name of ['ew-load-error', 'ew-error'] as const)
      el.addEventListener(name, (event) => heard.push(`${name} ${event.detail.code}`));
    document.body.append(el);
    await new Promise((r) => setTimeout(r, 100));
    el.requestUpdate();
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).to.deep.equal([
      'ew-load-error CONFIG_FRAME_NEEDS_HOST_SCRIPT',
      'ew-error CONFIG_FRAME_NEEDS_HOST_SCRIPT',
    ]);
    expect(el.client).to.equal(undefined);
    expect(el.shadowRoot?.childElementCount ?? 0).to.equal(0);
    el.remove();
  });
});
