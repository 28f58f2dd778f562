/**
 * `<ew-credentials>` ("Sign-in methods") in `<ew-wallet>` against the sandbox
 * through the relay: linking an OAuth identity (the token provider runs inside
 * the click), which method may be removed, Remove asking first (by keyboard:
 * the question, Cancel, Escape, one row at a time; progress, a failure kept),
 * and adding a passkey the user gives up on (Chromium's virtual authenticator).
 */
import { expect } from 'chai';
import { afterEach, before, describe, it } from '#test-harness';
import {
  addVirtualAuthenticator,
  requireUserActivation,
  setUserPresence,
  type Authenticator,
} from '../helpers/authenticator.js';
import type { WireRequest } from '../../src/protocol/index.js';
import { newWallet, platform, steeredClient, testIdp, type TestWallet } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepActiveElement, deepQueryAll, sendKeys, waitFor } from '../helpers/dom.js';
import { alertText, firstOf, mountWallet, nextEvent, openSection, signInByTyping } from '../helpers/elements.js';
import { expectAccessible, loadAxe } from '../helpers/axe.js';

/** The types of the wallet's methods, as the sandbox has them. */
const typesAt = async (wallet: TestWallet) =>
  (await platform('GET', `/auth/credentials?accountId=${wallet.accountId}`)).body.data.map(
    (c: { type: string }) => c.type,
  );
const QUESTION = 'Remove this sign-in method? You will not be able to sign in with it.';
const deletes = (requests: WireRequest[]) => requests.filter((r) => r.method === 'DELETE');
/** The question's text, as its group is named (aria-labelledby in the same shadow root). */
const question = (el: Element) => {
  const group = deepQueryAll('[role="group"]', el)[0];
  const id = group?.getAttribute('aria-labelledby');
  return id ? (group!.getRootNode() as ShadowRoot).getElementById(id)?.textContent?.trim() : undefined;
};

describe('<ew-credentials>', () => {
  let authenticator: Authenticator = {};
  before(async () => {
    await loadAxe();
    authenticator = await addVirtualAuthenticator();
    requireUserActivation(true); // the elements start every ceremony inside the user's tap
  });
  afterEach(async () => {
    document.querySelectorAll('ew-wallet, ew-credentials').forEach((el) => el.remove());
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
    await click(await waitFor(() => buttonNamed('Yes, remove', el), 'the question'));
    await removed;
    const left = await platform('GET', `/auth/credentials?accountId=${wallet.accountId}`);
    expect(left.body.data.map((c: any) => c.type)).to.deep.equal(['PASSKEY']);
  });

  it('Remove asks first, by keyboard: one press sends nothing (the method stays at the sandbox), focus on "Yes, remove"; Cancel and Escape put focus back on Remove; one row asks at a time; Yes removes it and says so', async () => {
    const wallet = await newWallet({ phone: true });
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await openSection(el, 'Sign-in methods');
    // The list drawn first: nothing moves under the pointer.
    await waitFor(() => buttonNamed(/^Remove Text message code/, el), 'the methods listed');
    await click(await waitFor(() => buttonNamed('Add a passkey', el), 'add a passkey'));
    await waitFor(() => buttonNamed(/^Remove Passkey/, el), 'the passkey listed');
    const sms = () => buttonNamed(/^Remove Text message code/, el)!;
    const yes = () => buttonNamed('Yes, remove', el);
    const removedEvents: string[] = [];
    el.addEventListener('ew-credential-removed', (e) => removedEvents.push(e.detail.credentialId));

    sms().focus();
    const outcome = firstOf(el, 'ew-credential-removed', () => yes());
    await sendKeys({ press: 'Enter' });
    expect(await outcome, 'one press').to.equal('asked');
    expect(await typesAt(wallet), 'nothing removed on one press').to.include('SMS_OTP');
    await waitFor(() => deepActiveElement() === yes(), 'focus on "Yes, remove"');
    expect(question(el)).to.equal(QUESTION);
    expect(sms(), "the row's Remove gives way to the question").to.equal(undefined);
    expect(yes()!.getBoundingClientRect().height).to.be.at.least(44);
    expect(buttonNamed('Cancel', el)!.getBoundingClientRect().height).to.be.at.least(44);
    await expectAccessible(el, 'remove asked');

    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(buttonNamed('Cancel', el));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => sms() && deepActiveElement() === sms(), 'Cancel: focus back on Remove');
    expect(yes()).to.equal(undefined);

    await sendKeys({ press: ' ' });
    await waitFor(() => deepActiveElement() === yes(), 'asked again');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => sms() && deepActiveElement() === sms(), 'Escape: focus back on Remove');

    // Another row's Remove: that row asks, this one is back to its button.
    await sendKeys({ press: 'Enter' });
    await waitFor(() => yes(), 'the text message code asks');
    await click(buttonNamed(/^Remove Passkey/, el)!);
    await waitFor(() => !buttonNamed(/^Remove Passkey/, el) && sms(), 'the passkey asks instead');
    expect(deepQueryAll('[role="group"]', el)).to.have.length(1);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => buttonNamed(/^Remove Passkey/, el), 'the passkey row back');

    expect(removedEvents, 'nothing removed yet').to.deep.equal([]);
    expect(await typesAt(wallet)).to.have.members(['EMAIL_OTP', 'SMS_OTP', 'PASSKEY']);
    sms().focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deepActiveElement() === yes(), 'asked');
    await sendKeys({ press: 'Enter' });
    const status = await waitFor(
      () =>
        deepQueryAll('[part~="message"]', el).find((p) => p.textContent?.trim() === 'The sign-in method was removed.'),
      'said',
    );
    await waitFor(() => deepActiveElement() === status, 'focus on what was done, where the row was');
    expect(removedEvents).to.deep.equal([wallet.smsCredentialId]);
    expect(await typesAt(wallet)).to.have.members(['EMAIL_OTP', 'PASSKEY']);
    expect(sms()).to.equal(undefined);
  });

  it('"Yes, remove" shows progress and takes no second press while the removal runs; when it fails, the error shows and the question and the method stay; Yes again removes it', async () => {
    const wallet = await newWallet({ phone: true });
    const { client, requests, faults, hold } = await steeredClient(wallet);
    const el = document.createElement('ew-credentials');
    const ready = nextEvent(el, 'ew-ready');
    el.client = client;
    document.body.append(el);
    await ready;
    const yes = () => buttonNamed(/^(Yes, remove|Removing…)$/, el);
    const sms = await waitFor(() => buttonNamed(/^Remove Text message code/, el), 'the text message code');
    sms.focus();
    const outcome = firstOf(el, 'ew-credential-removed', () => yes());
    await sendKeys({ press: 'Enter' });
    expect(await outcome, 'one press').to.equal('asked');
    expect(deletes(requests), 'nothing sent on one press').to.deep.equal([]);
    await waitFor(() => deepActiveElement() === yes(), 'focus on the question');

    faults.failing = (request) => request.method === 'DELETE';
    const failed = nextEvent(el, 'ew-error');
    await sendKeys({ press: 'Enter' });
    expect((await failed).detail).to.deep.include({ code: 'INTERNAL_ERROR', operation: 'revokeCredential' });
    await waitFor(() => alertText(el).includes('The wallet service had a problem. Try again shortly.'), 'the error');
    expect([question(el), deepActiveElement() === yes()]).to.deep.equal([QUESTION, true]);
    expect(await typesAt(wallet)).to.include('SMS_OTP');
    await expectAccessible(el, 'removal failed');

    faults.failing = () => false;
    const release = hold((request) => request.method === 'DELETE');
    const removed = nextEvent(el, 'ew-credential-removed');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => yes()?.textContent?.trim() === 'Removing…', 'progress');
    expect([yes()!.getAttribute('aria-disabled'), deepActiveElement() === yes()]).to.deep.equal(['true', true]);
    expect(buttonNamed('Cancel', el)!.disabled).to.equal(true);
    await sendKeys({ press: 'Enter' });
    await click(yes()!, 1, { evenIfDisabled: true });
    release();
    await removed;
    expect(deletes(requests).length, 'one removal: the request and its signed retry').to.equal(2);
    expect(await typesAt(wallet)).to.deep.equal(['EMAIL_OTP']);
    client.close();
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
