/**
 * Passkeys in isolated mode's frame, in a real cross-origin frame on a host
 * name of its own: this page is `localhost`, the frame `wallet.localhost`.
 * The frame's RP id is its exact host, so a passkey made in the frame is the
 * frame's: this page cannot run a ceremony for it (`localhost` cannot claim
 * `wallet.localhost`). The iframe carries `allow="publickey-credentials-get;
 * publickey-credentials-create"`, and the sandbox takes a cross-origin
 * ceremony only under a listed top-level page (this one). Needs a virtual
 * authenticator that serves the frame's ceremonies (Chromium's, over the
 * DevTools protocol); elsewhere it is skipped, saying so.
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { after, afterEach, before, describe, itNeeds, type Need } from '#test-harness';
import { newWallet } from '../helpers/browser-stack.js';
import { waitFor } from '../helpers/dom.js';
import {
  isolatedWallet,
  pressInFrame,
  PASSKEY_FRAME_ORIGIN,
  resetFrameApproval,
  signInByKeyboard,
} from '../helpers/isolated-frame.js';

let authenticatorId: string | undefined;
let missing: string | undefined;
before(async () => {
  const added = (await executeServerCommand('webauthn:add-authenticator', {})) as { authenticatorId?: string } & Need;
  authenticatorId = added.authenticatorId;
  missing = added.missing;
});
after(async () => {
  if (authenticatorId) await executeServerCommand('webauthn:remove-authenticator', { authenticatorId });
});
afterEach(() => {
  document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  resetFrameApproval();
});

const virtualAuthenticator = (): Need => (missing ? { missing } : {});

describe('isolated mode: passkeys in the wallet’s frame', () => {
  itNeeds(
    virtualAuthenticator,
    'a passkey added in the frame is the frame host’s; it signs in there, and this page cannot use it',
    async () => {
      const wallet = await newWallet();
      const { el, heard } = await isolatedWallet(wallet, [location.origin], undefined, document.body, {
        site: {
          origin: PASSKEY_FRAME_ORIGIN,
          attributes: { 'api-base': '/api-passkey-frame', 'rp-id': new URL(PASSKEY_FRAME_ORIGIN).hostname },
        },
        sections: true,
      });
      expect(el.shadowRoot, 'the host element’s root is closed').to.equal(null);
      await signInByKeyboard(heard);
      // A real ceremony in the frame (create()), by the user's own key press there.
      await pressInFrame('Sign-in methods');
      await pressInFrame('Add a passkey');
      await waitFor(() => heard.includes('ew-credential-added'), `ew-credential-added (heard ${heard.join(', ')})`);
      const credentials = (await executeServerCommand('webauthn:credentials', { authenticatorId })) as {
        rpId: string;
      }[];
      expect(credentials.map((c) => c.rpId)).to.deep.equal(['wallet.localhost']);
      // This page's own ceremony for the frame's RP id is refused by the browser: the passkey is the frame's.
      const own = await navigator.credentials
        .get({ publicKey: { challenge: new Uint8Array(32), rpId: 'wallet.localhost', timeout: 5_000 } })
        .then(
          () => 'resolved',
          (error: Error) => error.name,
        );
      expect(own).to.equal('SecurityError');
      // Signed out, the frame signs in again with that passkey (get()), under this page (topOrigins).
      await el.signOut();
      await waitFor(() => heard.includes('ew-signed-out'), 'ew-signed-out');
      const before = heard.length;
      await pressInFrame('Sign in with a passkey');
      await waitFor(
        () => heard.slice(before).includes('ew-signed-in'),
        `ew-signed-in by passkey (heard ${heard.slice(before).join(', ')})`,
      );
    },
  );
});
