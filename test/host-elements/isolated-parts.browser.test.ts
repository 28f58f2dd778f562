/**
 * The wallet's parts on their own in isolated mode (`<ew-sessions frame>`,
 * …), in every engine: each in a frame of its own, its client made by the
 * frame from frame.json and the host's `account-id` and `customer-id`, and
 * the session shared by every frame of the wallet's origin. The host gets
 * only its row of the surface table: no client, no signing command.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { newWallet, siteFrameOrigin, type TestWallet } from '../helpers/browser-stack.js';
import { waitFor } from '../helpers/dom.js';
import {
  frameWallets,
  isolatedWallet,
  pressInFrame,
  resetFrameApproval,
  signInByKeyboard,
} from '../helpers/isolated-frame.js';

afterEach(() => {
  document.querySelectorAll('[frame]').forEach((el) => el.remove());
  resetFrameApproval();
});

/**
 * The frames on another port of this page's host: same-site, so their storage is first-party and
 * one sign-in is every part's (a cross-site frame's storage is the browser's to withhold).
 */
const site = async () => ({ origin: await siteFrameOrigin(), attributes: { 'api-base': '/api-site-frame' } });

/** `tag` for `wallet` in a frame of its own, once the frame shows it ready with `button`. */
async function part(wallet: TestWallet, tag: string, button: string) {
  resetFrameApproval();
  const shown = await isolatedWallet(wallet, [location.origin], undefined, document.body, { tag, site: await site() });
  await waitFor(
    () => shown.heard.includes('ew-ready'),
    `ew-ready from <${tag} frame> (heard ${shown.heard.join(', ')})`,
  );
  await waitFor(
    () => frameWallets().some((w) => w.buttons.includes(button)),
    `"${button}" in <${tag}>'s frame (it shows ${JSON.stringify(frameWallets().map((w) => w.buttons))})`,
  );
  return shown;
}

describe('isolated mode: the wallet’s parts, each in a frame of its own', () => {
  it('signs in with <ew-sign-in frame>, and each signed-in part then works in its own frame', async () => {
    const wallet = await newWallet();
    const signIn = await isolatedWallet(wallet, [location.origin], undefined, document.body, {
      tag: 'ew-sign-in',
      site: await site(),
    });
    await signInByKeyboard(signIn.heard);
    signIn.el.remove();

    const overview = await part(wallet, 'ew-wallet-overview', 'Copy address');
    // Its one command: read the balance again (the host's backend funded the wallet).
    await (overview.el as unknown as { load(): Promise<void> }).load();
    overview.el.remove();
    (await part(wallet, 'ew-sessions', 'Sign out')).el.remove();
    (await part(wallet, 'ew-credentials', 'Add a passkey')).el.remove();
    (await part(wallet, 'ew-account-settings', 'Change email')).el.remove();

    const exporting = await part(wallet, 'ew-export-wallet', 'I understand, show my recovery phrase');
    await pressInFrame('I understand, show my recovery phrase', ' ');
    await pressInFrame('Reveal recovery phrase');
    await waitFor(() => exporting.heard.includes('ew-wallet-exported'), 'ew-wallet-exported on the host');
    await waitFor(() => frameWallets().some((w) => w.words === 12), 'twelve words shown in the frame');
  });

  it('gives the host of a part no client and no command that signs, exports or signs in', async () => {
    const { el, heard } = await isolatedWallet(await newWallet(), [location.origin], undefined, document.body, {
      tag: 'ew-export-wallet',
    });
    const host = el as unknown as Record<string, unknown>;
    const methods = ['reveal', 'hide', 'signIn', 'start', 'submit', 'approve', 'signOut'];
    expect(methods.filter((name) => name in host)).to.deep.equal([]);
    host['client'] = {};
    expect(host['client']).to.equal(undefined);
    await waitFor(() => heard.includes('ew-error CONFIG_FRAME_REFUSED'), 'CONFIG_FRAME_REFUSED for `client`');
  });
});
