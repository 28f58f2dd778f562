/**
 * `<ew-passkey-sign-in>` in `<ew-wallet>` with Chromium's virtual
 * authenticator, against the sandbox through the relay: a passkey added from
 * "Sign-in methods" signs in with no relay call between the tap and the
 * ceremony; and what it tells the user when the ceremony fails: a passkey used
 * on the wrong relying party (the browser's SecurityError), and a ceremony the
 * user gives up waiting for (the Cancel button). Nothing is signed in after
 * either, and the next tap works.
 */
import { expect } from 'chai';
import { afterEach, before, describe, it } from '#test-harness';
import {
  addVirtualAuthenticator,
  requireUserActivation,
  setUserPresence,
  type Authenticator,
} from '../helpers/authenticator.js';
import type { EwWallet } from '../../src/elements/index.js';
import {
  control,
  emailSignIn,
  makeClient,
  newWallet,
  recording,
  sandboxSessions,
  type TestWallet,
} from '../helpers/browser-stack.js';
import { buttonNamed, click, deepQueryAll, waitFor } from '../helpers/dom.js';
import { alertText, mountWallet, nextEvent, openSection, signInByTyping } from '../helpers/elements.js';

/** Logs WebAuthn calls next to relay calls, so a test can see what ran between the tap and the ceremony. */
function traceCeremony(el: EwWallet) {
  const log: string[] = [];
  const { transport } = recording();
  el.transport = async (request) => {
    const call = `${request.method} ${request.path.split('?')[0]}`;
    log.push(`relay ${call}`);
    const response = await transport(request);
    log.push(`answered ${call}`);
    return response;
  };
  const credentials = navigator.credentials;
  const original = { get: credentials.get.bind(credentials), create: credentials.create.bind(credentials) };
  credentials.get = (options) => (log.push('navigator.credentials.get'), original.get(options));
  credentials.create = (options) => (log.push('navigator.credentials.create'), original.create(options));
  document.addEventListener('click', () => log.push('click'), { capture: true });
  return {
    log,
    restore: () => Object.assign(credentials, original),
    /** What happened from the last click until the ceremony began. */
    betweenTapAndCeremony: () => {
      const tap = log.lastIndexOf('click');
      const ceremony = log.findIndex((entry, i) => i > tap && entry.startsWith('navigator.credentials'));
      if (ceremony < 0) return ['(no ceremony after the tap)'];
      return log.slice(tap + 1, ceremony).filter((entry) => entry.startsWith('relay'));
    },
  };
}

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

let authenticator: Authenticator = {};
before(async () => {
  authenticator = await addVirtualAuthenticator();
  requireUserActivation(true); // the elements start every ceremony inside the user's tap
});

describe('<ew-passkey-sign-in>', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  });

  it('adds a passkey from "Sign-in methods", signs out, and signs in with it; no relay call sits between the tap and the ceremony', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    const trace = traceCeremony(el);
    try {
      await signInByTyping(el);
      await openSection(el, 'Sign-in methods');
      // The element prepares the registration as soon as it shows; the user taps after that.
      await waitFor(() => trace.log.includes('answered POST /passkeys/registration-options'), 'prepared');
      const added = nextEvent(el, 'ew-credential-added');
      await click(await waitFor(() => buttonNamed('Add a passkey', el), 'add a passkey'));
      const passkeyId = (await added).detail.credentialId;
      expect((await added).detail.type).to.equal('PASSKEY');
      expect(trace.betweenTapAndCeremony()).to.deep.equal([]);
      await waitFor(() => buttonNamed(/^Remove Passkey/, el), 'the passkey listed');

      const signedOutAt = trace.log.length;
      await click(buttonNamed('Sign out', el)!);
      const passkey = await waitFor(() => buttonNamed('Sign in with a passkey', el), 'the passkey button');
      // Let the element prepare its challenge for this passkey before the tap, as it does after rendering.
      const prepared = `answered POST /auth/credentials/${encodeURIComponent(passkeyId)}/challenge`;
      await waitFor(() => trace.log.slice(signedOutAt).includes(prepared), 'the passkey challenge answered');
      // The answer is checked (a digest) before the element holds it: wait for that, as a user's tap would.
      type Prepared = { ready?: { isFresh(): boolean } };
      await waitFor(
        () => deepQueryAll('ew-passkey-sign-in', el).some((e) => (e as unknown as Prepared).ready?.isFresh()),
        'the passkey sign-in prepared',
      );
      const signedIn = nextEvent(el, 'ew-signed-in');
      await click(passkey);
      expect((await signedIn).detail.method).to.equal('PASSKEY');
      expect(trace.betweenTapAndCeremony()).to.deep.equal([]);
      const live = (await sandboxSessions(wallet.accountId)).filter((s) => !s.revoked);
      expect(live.map((s) => s.credentialId)).to.deep.equal([passkeyId]);
    } finally {
      trace.restore();
    }
  });
});

describe('<ew-passkey-sign-in> failures', () => {
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

  it('Cancel while the challenge is still being asked for ends the sign-in at once; no ceremony starts', async () => {
    const wallet = await walletWithPasskey();
    // The service is slow to give a challenge: the element's own preparation and the tap's both wait.
    await control('/faults', { method: 'POST', path: '/auth/credentials/*', kind: 'hang', hangMs: 15_000, count: 2 });
    const ceremonies: string[] = [];
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options) => (ceremonies.push('get'), get(options));
    try {
      const el = await mountWallet(wallet);
      const passkey = await waitFor(() => buttonNamed('Sign in with a passkey', el), 'the passkey button');
      const failed = nextEvent(el, 'ew-error');
      await click(passkey);
      await click(await waitFor(() => buttonNamed('Cancel', el), 'the cancel button'));
      expect((await failed).detail.code).to.equal('PASSKEY_CANCELLED');
      await waitFor(() => alertText(el).includes('The passkey request was cancelled or timed out.'), 'the message');
      expect(ceremonies).to.deep.equal([]);
    } finally {
      navigator.credentials.get = get;
    }
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
});
