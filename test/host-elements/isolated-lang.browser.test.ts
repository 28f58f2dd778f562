/**
 * Isolated mode and the page's language: the frame starts in the host's
 * nearest `lang` and follows it when it changes afterwards, as in-page
 * elements do.
 */
import { afterEach, beforeEach, describe, it } from '#test-harness';
import { newWallet } from '../helpers/browser-stack.js';
import { waitFor } from '../helpers/dom.js';
import { frameWallets, isolatedWallet, resetFrameApproval } from '../helpers/isolated-frame.js';

const pageLang = document.documentElement.getAttribute('lang');
beforeEach(() => resetFrameApproval());
afterEach(() => {
  document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  if (pageLang === null) document.documentElement.removeAttribute('lang');
  else document.documentElement.lang = pageLang;
});

/** Waits until the frame shows a button named `name`, and none named `not`. */
const frameShows = (name: string, not: string) =>
  waitFor(
    () => frameWallets().some((w) => w.buttons.includes(name) && !w.buttons.includes(not)),
    `the frame showing "${name}" and not "${not}" (${JSON.stringify(frameWallets())})`,
  );

describe('isolated mode: the page’s language', () => {
  it('the frame follows the page’s lang after it started, as in-page elements do', async () => {
    document.documentElement.lang = 'en';
    const { heard } = await isolatedWallet(await newWallet());
    await waitFor(() => heard.includes('ew-ready'), 'ew-ready');
    await frameShows('Email me a code', 'Envíame un código por correo');
    document.documentElement.lang = 'es';
    await waitFor(() => frameWallets()[0]?.lang === 'es', 'the frame’s lang');
    await frameShows('Envíame un código por correo', 'Email me a code');
  });
});
