/**
 * What `<ew-passkey-sign-in>` tells the user when the ceremony fails, with
 * Chromium's virtual authenticator: a passkey used on the wrong relying party
 * (the browser's SecurityError), and a ceremony the user gives up waiting for
 * (the Cancel button). Nothing is signed in after either, and the next tap works.
 */
import { expect } from 'chai';
import { afterEach, before, describe, it } from '#test-harness';
import {
  addVirtualAuthenticator,
  requireUserActivation,
  setUserPresence,
  type Authenticator,
} from '../helpers/authenticator.js';
import {
  emailSignIn,
  makeClient,
  newWallet,
  platform,
  sandboxSessions,
  type TestWallet,
} from '../helpers/browser-stack.js';
import { buttonNamed, click, deepQueryAll, waitFor } from '../helpers/dom.js';
import { mountWallet, nextEvent, openSection, signInByTyping } from '../helpers/elements.js';

/** A wallet with one registered passkey (on this page's authenticator), signed out. */
async function walletWithPasskey(): Promise<TestWallet> {
  const wallet = await newWallet();
  const client = await makeClient(wallet);
  await emailSignIn(client, wallet);
  // Set-up through the API, outside any tap: only the elements' own ceremonies must be inside one.
  requireUserActivation(false);
  await client.registerPasskey({ signIn: false });
  requireUserActivation(true);
  await client.signOut();
  client.close();
  return wallet;
}

const alertText = (el: Element) => deepQueryAll('[role="alert"]', el).map((a) => a.textContent?.trim() ?? '');

describe('<ew-passkey-sign-in> failures', () => {
  let authenticator: Authenticator = {};
  before(async () => {
    authenticator = await addVirtualAuthenticator();
    requireUserActivation(true); // the elements start every ceremony inside the user's tap
  });
  afterEach(async () => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
    await setUserPresence(authenticator, true);
  });

  it('a passkey asked for on the wrong relying party: "does not belong to this site", PASSKEY_WRONG_RP, no session', async () => {
    const wallet = await walletWithPasskey();
    const before = (await sandboxSessions(wallet.accountId)).length;
    const el = await mountWallet(wallet, { 'rp-id': 'example.com' });
    const failed = nextEvent(el, 'ew-error');
    await click(await waitFor(() => buttonNamed('Sign in with a passkey', el), 'the passkey button'));
    expect((await failed).detail.code).to.equal('PASSKEY_WRONG_RP');
    await waitFor(() => alertText(el).includes('This passkey does not belong to this site.'), 'the message');
    expect(el.client!.state.status).to.equal('signed-out');
    expect((await sandboxSessions(wallet.accountId)).length).to.equal(before);
  });

  it('a ceremony the user gives up on: progress shown, Cancel ends it with a clear message, the next tap signs in', async () => {
    const wallet = await walletWithPasskey();
    const el = await mountWallet(wallet);
    const passkey = await waitFor(() => buttonNamed('Sign in with a passkey', el), 'the passkey button');
    // The authenticator waits for a touch that never comes.
    await setUserPresence(authenticator, false);
    const failed = nextEvent(el, 'ew-error');
    await click(passkey);
    await waitFor(() => deepQueryAll('[part~="spinner"]', el).length > 0, 'progress while waiting');
    await click(await waitFor(() => buttonNamed('Cancel', el), 'the cancel button'));
    expect((await failed).detail.code).to.equal('PASSKEY_CANCELLED');
    await waitFor(() => alertText(el).includes('The passkey request was cancelled or timed out.'), 'the message');
    expect(buttonNamed('Cancel', el)).to.equal(undefined);

    await setUserPresence(authenticator, true);
    const signedIn = nextEvent(el, 'ew-signed-in');
    await click(await waitFor(() => buttonNamed('Sign in with a passkey', el), 'the passkey button again'));
    expect((await signedIn).detail.method).to.equal('PASSKEY');
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
