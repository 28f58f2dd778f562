/**
 * `<ew-credentials>` ("Sign-in methods") in `<ew-wallet>` against the sandbox
 * through the relay: linking an OAuth identity (the token provider runs inside
 * the click), which method may be removed, and adding a passkey the user gives
 * up on (Chromium's virtual authenticator).
 */
import { expect } from 'chai';
import { afterEach, before, describe, it } from '#test-harness';
import {
  addVirtualAuthenticator,
  requireUserActivation,
  setUserPresence,
  type Authenticator,
} from '../helpers/authenticator.js';
import { newWallet, platform, testIdp } from '../helpers/browser-stack.js';
import { buttonNamed, click, waitFor } from '../helpers/dom.js';
import { alertText, mountWallet, nextEvent, openSection, signInByTyping } from '../helpers/elements.js';

describe('<ew-credentials>', () => {
  let authenticator: Authenticator = {};
  before(async () => {
    authenticator = await addVirtualAuthenticator();
    requireUserActivation(true); // the elements start every ceremony inside the user's tap
  });
  afterEach(async () => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
    await setUserPresence(authenticator, true);
  });

  it('OAuth: the token provider runs inside the click (a popup would open), gets the bound nonce; link then sign in', async () => {
    const wallet = await newWallet();
    const activations: boolean[] = [];
    const nonces: string[] = [];
    const el = await mountWallet(wallet);
    const idp = testIdp({ serverNow: () => el.client!.serverNow() }, `oauth-${wallet.accountId}`);
    el.oidcTokenProvider = (request) => {
      activations.push(navigator.userActivation.isActive);
      nonces.push(request.nonce);
      return idp(request);
    };
    await signInByTyping(el);
    await openSection(el, 'Sign-in methods');
    // The list and the prepared passkey registration have loaded (nothing re-renders under the pointer).
    await waitFor(() => buttonNamed(/^Remove Email code/, el), 'the methods listed');
    await new Promise((r) => setTimeout(r, 300));
    const errors: string[] = [];
    el.addEventListener('ew-error', (e) =>
      errors.push(`${e.detail.operation} ${e.detail.code}: ${e.detail.message} (${e.detail.reason})`),
    );
    const added = nextEvent(el, 'ew-credential-added').catch((e) => {
      throw new Error(`${e.message}; provider calls: ${nonces.length}; errors: ${errors.join(' | ')}`);
    });
    await click(await waitFor(() => buttonNamed('Link your account', el), 'link your account'));
    expect((await added).detail.type).to.equal('OAUTH');
    await click(buttonNamed('Sign out', el)!);
    const signedIn = nextEvent(el, 'ew-signed-in');
    await click(await waitFor(() => buttonNamed('Continue with your account', el), 'the OAuth button'));
    expect((await signedIn).detail.method).to.equal('OAUTH');
    expect(activations).to.deep.equal([true, true]);
    expect(nonces.every((n) => /^[0-9a-f]{64}$/.test(n))).to.equal(true);
  });

  it('"Sign-in methods": the method in use cannot be removed (and says why); signed in with a passkey, the email code goes', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await openSection(el, 'Sign-in methods');
    const email = await waitFor(() => buttonNamed(/^Remove Email code/, el), 'the email method');
    expect(email.disabled).to.equal(true);
    await click(await waitFor(() => buttonNamed('Add a passkey', el), 'add a passkey'));
    await waitFor(() => buttonNamed(/^Remove Passkey/, el), 'the passkey listed');
    // The email code is still the method in use; the explanation is tied to its button.
    const described = email.getAttribute('aria-describedby')!;
    expect((email.getRootNode() as ShadowRoot).getElementById(described)?.textContent).to.match(/signed in with this/);
    await click(buttonNamed('Sign out', el)!);
    await click(await waitFor(() => buttonNamed('Sign in with a passkey', el), 'the passkey button'));
    await waitFor(() => el.client?.state.status === 'signed-in', 'signed in with the passkey');
    await openSection(el, 'Sign-in methods');
    const removable = await waitFor(
      () => buttonNamed(/^Remove Email code/, el)?.disabled === false && buttonNamed(/^Remove Email code/, el),
      'email removable',
    );
    const removed = nextEvent(el, 'ew-credential-removed');
    await click(removable);
    await removed;
    const left = await platform('GET', `/auth/credentials?accountId=${wallet.accountId}`);
    expect(left.body.data.map((c: any) => c.type)).to.deep.equal(['PASSKEY']);
  });

  it('adding a passkey the user gives up on: "Waiting for your passkey…", Cancel, a clear message, nothing added', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await openSection(el, 'Sign-in methods');
    const add = await waitFor(() => buttonNamed('Add a passkey', el), 'the add button');
    await waitFor(() => buttonNamed(/^Remove Email code/, el), 'the methods listed');
    await setUserPresence(authenticator, false);
    const failed = nextEvent(el, 'ew-error');
    await click(add);
    await waitFor(() => buttonNamed('Waiting for your passkey…', el), 'progress while waiting');
    await click(await waitFor(() => buttonNamed('Cancel', el), 'the cancel button'));
    expect((await failed).detail.code).to.equal('PASSKEY_CANCELLED');
    await waitFor(() => alertText(el).includes('The passkey request was cancelled or timed out.'), 'the message');
    const types = (await platform('GET', `/auth/credentials?accountId=${wallet.accountId}`)).body.data.map(
      (c: { type: string }) => c.type,
    );
    expect(types).to.not.include('PASSKEY');
  });
});
