/**
 * Isolated mode and the host's theme: the computed `--ew-*` values of the host
 * page cross as values and are applied in the frame, also when they change
 * later; a value that would hide or blur what the user reads (too little
 * contrast, a see-through colour, tiny text, a symbol font) is not applied,
 * and the host hears `ew-error` CONFIG_THEME_REFUSED naming it. The checks
 * themselves, value by value, are in test/frame-page/theme-check.browser.test.ts.
 */
import { expect } from 'chai';
import { afterEach, beforeEach, describe, it } from '#test-harness';
import { newWallet } from '../helpers/browser-stack.js';
import { waitFor } from '../helpers/dom.js';
import { frameWallets, isolatedWallet, resetFrameApproval } from '../helpers/isolated-frame.js';

const THEMED = ['--ew-color-accent', '--ew-color-text', '--ew-color-muted', '--ew-font-size', '--ew-font-family'];
beforeEach(() => resetFrameApproval());
afterEach(() => {
  document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  for (const name of THEMED) document.body.style.removeProperty(name);
});

const applied = () => frameWallets()[0]?.theme ?? {};

describe('isolated mode: the host’s theme', () => {
  it('the page’s --ew-* values are applied in the frame, and followed when they change', async () => {
    document.body.style.setProperty('--ew-color-accent', '#0a58ca');
    document.body.style.setProperty('--ew-font-size', '1.125rem');
    const { heard } = await isolatedWallet(await newWallet());
    // Applied as the sRGB value the frame measured.
    await waitFor(() => applied()['--ew-color-accent'] === 'rgb(10 88 202)', 'the accent in the frame');
    expect(applied()['--ew-font-size']).to.equal('1.125rem');
    document.body.style.setProperty('--ew-color-accent', '#1d4ed8');
    await waitFor(() => applied()['--ew-color-accent'] === 'rgb(29 78 216)', 'the new accent in the frame');
    expect(heard.filter((h) => h.startsWith('ew-error'))).to.deep.equal([]);
  });

  it('values that would hide what is read are not applied, and are named to the host', async () => {
    document.body.style.setProperty('--ew-color-text', '#eeeeee'); // on the white surface: 1.16:1
    document.body.style.setProperty('--ew-font-size', '6px');
    document.body.style.setProperty('--ew-font-family', 'Wingdings');
    document.body.style.setProperty('--ew-color-accent', '#0a58ca'); // fine alone, but of the refused scheme
    const messages: string[] = [];
    const { el: wallet } = await isolatedWallet(await newWallet());
    wallet.addEventListener('ew-error', (event) => messages.push(`${event.detail.code} ${event.detail.message}`));
    await waitFor(() => messages.length > 0, 'the refusal');
    const [message] = messages;
    expect(message).to.match(/^CONFIG_THEME_REFUSED /);
    expect(message).to.include('text on surface is 1.16:1 (needs 4.5:1)');
    expect(message).to.include('--ew-font-size: "6px" must be from 12 to 24 px');
    expect(message).to.include('--ew-font-family: "Wingdings" names "wingdings"');
    await waitFor(() => frameWallets().length > 0, 'the frame’s report');
    expect(applied()).to.deep.equal({
      '--ew-color-accent': '',
      '--ew-color-text': '',
      '--ew-color-muted': '',
      '--ew-font-size': '',
      '--ew-font-family': '',
    });
  });
});
