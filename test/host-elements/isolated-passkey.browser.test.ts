/**
 * Passkeys in isolated mode's frame, in a real cross-origin frame on a host
 * name of its own: this page is `localhost`, the frame `wallet.localhost`.
 * The frame's RP id is its exact host, so a passkey made in the frame is the
 * frame's: this page cannot run a ceremony for it (`localhost` cannot claim
 * `wallet.localhost`). The iframe carries `allow="publickey-credentials-get;
 * publickey-credentials-create"`, and the sandbox takes a cross-origin
 * ceremony only under a listed top-level page (this one). Where the iframe
 * does not delegate ceremonies, they run in a window of the frame's origin
 * (passkey.html). The first tests need a virtual authenticator that serves
 * the frame's ceremonies (Chromium's, over the DevTools protocol; elsewhere
 * they are skipped, saying so); the last runs in every engine with the
 * in-page test authenticator in the frame and in its window, which is how
 * Firefox and WebKit are covered: there both ceremonies go to the window.
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { after, afterEach, before, describe, it, itNeeds, type Need } from '#test-harness';
import { control, newWallet } from '../helpers/browser-stack.js';
import { waitFor } from '../helpers/dom.js';
import {
  frameWallets,
  isolatedWallet,
  passkeyWindow,
  pressInFrame,
  PASSKEY_FRAME_ORIGIN,
  resetFrameApproval,
  signInByKeyboard,
  type PasskeyWindowState,
} from '../helpers/isolated-frame.js';
import { clickInPopup, popup, popupClosed, popupOpen, PASSKEY_PAGE } from '../helpers/popup.js';

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
afterEach(async () => {
  await control('/hold', undefined, 'DELETE'); // lets any held relay call go
  document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  resetFrameApproval();
  if (await popupOpen(PASSKEY_PAGE)) await popup('close', { page: PASSKEY_PAGE });
});

const virtualAuthenticator = (): Need => (missing ? { missing } : {});

/** The frame on its own host, with its RP id. */
const site = {
  origin: PASSKEY_FRAME_ORIGIN,
  attributes: { 'api-base': '/api-passkey-frame', 'rp-id': new URL(PASSKEY_FRAME_ORIGIN).hostname },
};

/**
 * Until the returned function runs, iframes made on this page get no `allow` (the host script sets it as
 * a property): a host page that dropped it, or a browser that does not delegate ceremonies to a frame.
 */
function iframesWithoutAllow(): () => void {
  const allow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'allow')!;
  Object.defineProperty(HTMLIFrameElement.prototype, 'allow', { ...allow, set() {} });
  return () => Object.defineProperty(HTMLIFrameElement.prototype, 'allow', allow);
}

/** The passkey window once it shows a ceremony of `kind`. */
async function passkeyWindowAsking(kind: 'get' | 'create'): Promise<PasskeyWindowState> {
  await waitFor(
    () => passkeyWindow()?.kind === kind && !!passkeyWindow()?.continue && !!passkeyWindow()?.armed,
    `the passkey window asking for ${kind}() (it shows ${JSON.stringify(passkeyWindow())})`,
  );
  return passkeyWindow()!;
}

const centre = (b: { x: number; y: number; width: number; height: number }) =>
  [b.x + b.width / 2, b.y + b.height / 2] as const;

describe('isolated mode: passkeys in the wallet’s frame', () => {
  itNeeds(
    virtualAuthenticator,
    'a passkey added in the frame is the frame host’s; it signs in there, and this page cannot use it',
    async () => {
      const wallet = await newWallet();
      const { el, heard } = await isolatedWallet(wallet, [location.origin], undefined, document.body, {
        site,
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
      // 20 s: on a loaded machine the challenge, the ceremony and the verify each take a while.
      await waitFor(
        () => heard.slice(before).includes('ew-signed-in'),
        `ew-signed-in by passkey (heard ${heard.slice(before).join(', ')}; the frame shows ${JSON.stringify(frameWallets())})`,
        20_000,
      );
    },
  );

  itNeeds(
    virtualAuthenticator,
    'where the iframe does not delegate ceremonies, a window of the frame’s origin runs them, on the user’s press there',
    async () => {
      const wallet = await newWallet();
      // A passkey made in a frame that may run ceremonies: no window opens for it.
      const first = await isolatedWallet(wallet, [location.origin], undefined, document.body, { site, sections: true });
      await signInByKeyboard(first.heard);
      await pressInFrame('Sign-in methods');
      await pressInFrame('Add a passkey');
      await waitFor(() => first.heard.includes('ew-credential-added'), 'ew-credential-added in the frame');
      expect(await popupOpen(PASSKEY_PAGE), 'a delegated frame runs its own ceremony').to.equal(false);
      expect(frameWallets()[0]?.delegated).to.deep.equal(['get', 'create']);
      const credentials = (await executeServerCommand('webauthn:export', { authenticatorId })) as unknown[];
      await first.el.signOut();
      first.el.remove();
      resetFrameApproval();

      const restore = iframesWithoutAllow();
      try {
        const { heard } = await isolatedWallet(wallet, [location.origin], undefined, document.body, {
          site,
          sections: true,
        });
        await waitFor(() => heard.includes('ew-ready') && frameWallets().length > 0, 'ew-ready and a report');
        expect(frameWallets()[0]!.delegated, 'the browser lets this frame run no ceremony').to.deep.equal([]);
        // Closing the window is a cancel: nothing signs in, and the frame's button works again.
        await pressInFrame('Sign in with a passkey');
        await passkeyWindowAsking('get');
        await popup('close', { page: PASSKEY_PAGE });
        await waitFor(
          () => heard.includes('ew-error PASSKEY_CANCELLED'),
          `PASSKEY_CANCELLED (heard ${heard.join(', ')})`,
        );
        expect(heard).not.to.include('ew-signed-in');
        // Sign-in (get()): the window says whose passkey it asks for, and runs the ceremony on Continue.
        await pressInFrame('Sign in with a passkey');
        const asking = await passkeyWindowAsking('get');
        expect(asking.text).to.contain(new URL(PASSKEY_FRAME_ORIGIN).host);
        expect(asking.title).to.equal('Sign in with your passkey');
        await new Promise((r) => setTimeout(r, 300));
        expect(heard, 'nothing before the user’s own press in the window').not.to.include('ew-signed-in');
        await popup('authenticator', { page: PASSKEY_PAGE, credentials });
        await clickInPopup(...centre(asking.continue!), PASSKEY_PAGE);
        await waitFor(() => heard.includes('ew-signed-in'), `ew-signed-in by the window (heard ${heard.join(', ')})`);
        await popupClosed('the passkey window closed after its answer', 10_000, PASSKEY_PAGE);
        // Registration (create()), the same way, with the window's own authenticator.
        await pressInFrame('Sign-in methods');
        await pressInFrame('Add a passkey');
        const adding = await passkeyWindowAsking('create');
        expect(adding.title).to.equal('Add a passkey');
        await popup('authenticator', { page: PASSKEY_PAGE });
        await clickInPopup(...centre(adding.continue!), PASSKEY_PAGE);
        await waitFor(
          () => heard.includes('ew-credential-added'),
          `ew-credential-added by the window (heard ${heard.join(', ')})`,
        );
      } finally {
        restore();
      }
    },
  );

  it('with the test authenticator in the page (every engine; Firefox and WebKit have no virtual one for a frame): a passkey added through the frame signs in there', async () => {
    const wallet = await newWallet();
    const { el, heard } = await isolatedWallet(wallet, [location.origin], undefined, document.body, {
      site: { ...site, authenticator: true },
      sections: true,
    });
    /**
     * Until `event` is heard: Chromium's frame, delegated, runs the ceremony itself; Firefox's and
     * WebKit's send it to the frame's window, where the user presses Continue.
     */
    const ceremony = async (kind: 'get' | 'create', event: string, from: number) => {
      await waitFor(
        () => heard.slice(from).includes(event) || (passkeyWindow()?.kind === kind && !!passkeyWindow()?.armed),
        `${event}, or the window asking for ${kind}() (heard ${heard.slice(from).join(', ')}; the frame shows ${JSON.stringify(frameWallets())}, the window ${JSON.stringify(passkeyWindow())})`,
      );
      const inFrame = heard.slice(from).includes(event);
      if (!inFrame) {
        await clickInPopup(...centre(passkeyWindow()!.continue!), PASSKEY_PAGE);
        await waitFor(() => heard.slice(from).includes(event), `${event} (heard ${heard.slice(from).join(', ')})`);
        await popupClosed('the passkey window closed after its answer', 10_000, PASSKEY_PAGE);
      }
      return inFrame;
    };
    await signInByKeyboard(heard);
    // A slow relay: the section's registration, prepared as it shows, and the press's own are held
    // until the press is over. The window must open inside it (Safari and Firefox block one opened later).
    const hold = (path: string) => control('/hold', { method: 'POST', path, count: 2 });
    const letGo = () => control('/hold', undefined, 'DELETE');
    const says = navigator.userAgent.includes('Chrome');
    /** Where the ceremony goes to the window, it opened in the press and says it is getting ready. */
    const gettingReady = async () => {
      if (!says)
        await waitFor(
          () => passkeyWindow()?.text.includes('Getting ready…') === true,
          `the window getting ready (it shows ${JSON.stringify(passkeyWindow())})`,
        );
    };
    await hold('/api-passkey-frame/passkeys/registration-options');
    await pressInFrame('Sign-in methods');
    await pressInFrame('Add a passkey');
    await gettingReady();
    await letGo();
    const createdInFrame = await ceremony('create', 'ew-credential-added', 0);
    await hold('/api-passkey-frame/auth/credentials/'); // the sign-in's challenge, likewise
    await el.signOut();
    await waitFor(() => heard.includes('ew-signed-out'), 'ew-signed-out');
    const before = heard.length;
    await pressInFrame('Sign in with a passkey');
    await gettingReady();
    await letGo();
    const gotInFrame = await ceremony('get', 'ew-signed-in', before);
    // Where the engine says what the iframe delegates (Chromium), both ran in the frame; elsewhere both in the window.
    expect([createdInFrame, gotInFrame]).to.deep.equal([says, says]);

    // The relay refuses the next sign-in's challenge, slowly: a window opened in the press closes
    // with the failure, which the frame says.
    await hold('/api-passkey-frame/auth/credentials/');
    await control('/faults', { method: 'POST', path: '/auth/credentials/*', kind: '500', count: 3 });
    try {
      const from = heard.length;
      await el.signOut();
      await waitFor(() => heard.slice(from).includes('ew-signed-out'), 'ew-signed-out');
      await pressInFrame('Sign in with a passkey');
      await gettingReady();
      await letGo();
      await waitFor(
        () => heard.slice(from).includes('ew-error INTERNAL_ERROR'),
        `ew-error (heard ${heard.slice(from).join(', ')}; the frame shows ${JSON.stringify(frameWallets())})`,
      );
      if (!says) await popupClosed('the window closed with the failure', 10_000, PASSKEY_PAGE);
    } finally {
      await control('/faults', undefined, 'DELETE');
    }
  });
});
