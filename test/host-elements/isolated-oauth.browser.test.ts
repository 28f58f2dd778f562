/**
 * OAuth in isolated mode, in every engine. The host page cannot hand the
 * frame a token provider, so the frame asks the identity provider itself, in
 * a window its user's press opens (frame.json `oauth`); the provider sends the
 * window back to the frame's oauth.html, which hands the id_token to that
 * frame alone. The provider here is the sandbox's stand-in
 * (`standInAuthorization`, served by the test server), which consents at once.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { newWallet } from '../helpers/browser-stack.js';
import { waitFor } from '../helpers/dom.js';
import {
  frameWallets,
  isolatedWallet,
  pressInFrame,
  resetFrameApproval,
  signInByKeyboard,
} from '../helpers/isolated-frame.js';

afterEach(() => {
  document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  resetFrameApproval();
});

const LABEL = 'Continue with Sandbox ID';
const oauth = { authorizationUrl: `${location.origin}/oidc/authorize`, clientId: 'isolated-tests', label: LABEL };

describe('isolated mode: OAuth in the frame', () => {
  it('links an account and signs in with it through the provider’s window, the token reaching the frame alone', async () => {
    const tokens: string[] = [];
    // A page script listening for everything posted to this page sees no token.
    addEventListener('message', (event) => {
      if (/eyJ/.test(JSON.stringify(event.data ?? ''))) tokens.push(String(event.data));
    });
    const { el, heard, details } = await isolatedWallet(
      await newWallet(),
      [location.origin],
      undefined,
      document.body,
      {
        site: { oauth },
        sections: true,
      },
    );
    await signInByKeyboard(heard);
    await pressInFrame('Sign-in methods');
    await pressInFrame('Link your account');
    await waitFor(() => heard.includes('ew-credential-added'), `ew-credential-added (heard ${heard.join(', ')})`);
    await el.signOut();
    await waitFor(() => heard.includes('ew-signed-out'), 'ew-signed-out');
    const before = heard.filter((name) => name === 'ew-signed-in').length;
    // The button's words are the frame's own (frame.json `oauth.label`): the host cannot set them.
    await waitFor(() => frameWallets().some((w) => w.buttons.includes(LABEL)), `"${LABEL}" in the frame`);
    await pressInFrame(LABEL);
    await waitFor(
      () => heard.filter((name) => name === 'ew-signed-in').length > before,
      `ew-signed-in by OAuth (heard ${heard.join(', ')})`,
    );
    expect(details['ew-signed-in']).to.include({ method: 'OAUTH' });
    expect(tokens, 'no id_token was posted to the host page').to.deep.equal([]);
  });
});
