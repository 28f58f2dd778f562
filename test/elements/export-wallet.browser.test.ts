/**
 * `<ew-export-wallet>` ("Recovery phrase") in `<ew-wallet>` against the
 * sandbox through the relay: the confirmation, the words the service exported,
 * and "Hide".
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { FRAME_MARK } from '../../src/elements/export-wallet/frame-mark.js';
import { newWallet } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepQueryAll, waitFor } from '../helpers/dom.js';
import { mountWallet, nextEvent, openSection, signInByTyping } from '../helpers/elements.js';

describe('<ew-export-wallet>', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  });

  it('recovery phrase: needs the confirmation, shows the words the service exported, and "Hide" takes them out of the DOM', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await openSection(el, 'Recovery phrase');
    const reveal = await waitFor(() => buttonNamed('Reveal recovery phrase', el), 'the reveal button');
    expect(reveal.disabled).to.equal(true);
    await click(
      deepQueryAll<HTMLInputElement>('ew-export-wallet input[type="checkbox"], input[type="checkbox"]', el)[0]!,
    );
    await waitFor(() => !reveal.disabled, 'enabled by the confirmation');
    const exported = nextEvent(el, 'ew-wallet-exported');
    await click(reveal);
    await exported;
    const words = await waitFor(() => deepQueryAll('[part~="words"] li', el), 'the words');
    expect([12, 24]).to.include(words.length);
    const phrase = words.map((w) => w.textContent!.trim()).join(' ');
    // The same wallet exported again by the client alone gives the same phrase.
    expect(await el.client!.exportWallet()).to.equal(phrase);
    await click(buttonNamed('Hide', el)!);
    await waitFor(() => deepQueryAll('[part~="words"]', el).length === 0, 'hidden');
    expect(deepQueryAll('ew-export-wallet', el)[0]!.shadowRoot!.textContent).to.not.include(phrase);
  });

  it('warns of the page’s other scripts in-page, and not in isolated mode’s frame, whose page runs none', async () => {
    const el = document.createElement('ew-export-wallet');
    document.body.append(el);
    await customElements.whenDefined('ew-export-wallet');
    const warned = async () => {
      el.requestUpdate?.();
      await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      return el.shadowRoot!.textContent!.includes('Scripts running on this page can read');
    };
    try {
      expect(await warned(), 'in-page').to.equal(true);
      document.documentElement.setAttribute(FRAME_MARK, '');
      expect(await warned(), 'in the frame').to.equal(false);
    } finally {
      document.documentElement.removeAttribute(FRAME_MARK);
      el.remove();
    }
  });
});
