/**
 * `<ew-sessions>` ("Signed-in devices") in `<ew-wallet>` against the sandbox
 * through the relay: this device marked, and another device signed out, after
 * a question (by keyboard: Cancel, Escape, one row at a time; progress, a failure kept).
 */
import { expect } from 'chai';
import { afterEach, before, describe, it } from '#test-harness';
import type { WalletClient } from '../../src/client/index.js';
import type { WireRequest } from '../../src/protocol/index.js';
import {
  advanceSandbox,
  emailSignIn,
  makeClient,
  newWallet,
  sandboxSessions,
  steeredClient,
  type TestWallet,
} from '../helpers/browser-stack.js';
import { buttonNamed, click, deepActiveElement, deepQueryAll, sendKeys, tabTo, waitFor } from '../helpers/dom.js';
import { alertText, firstOf, mountWallet, nextEvent, openSection, signInByTyping } from '../helpers/elements.js';
import { expectAccessible, loadAxe } from '../helpers/axe.js';

const QUESTION = 'Sign out this device? It will need to sign in again to use the wallet.';
/** Every "Sign out device" button under `el`, in the order of the list. */
const signOutButtons = (el: Element) =>
  deepQueryAll<HTMLButtonElement>('button', el).filter((b) => b.textContent?.trim() === 'Sign out device');
const yes = (el: Element) => buttonNamed(/^(Yes, sign out|Signing out…)$/, el);
const live = async (wallet: TestWallet) =>
  (await sandboxSessions(wallet.accountId)).filter((s) => !s.revoked).map((s) => s.id);
const deletes = (requests: WireRequest[]) => requests.filter((r) => r.method === 'DELETE');
/** The question's text, as its group is named (aria-labelledby in the same shadow root). */
const question = (el: Element) => {
  const group = deepQueryAll('[role="group"]', el)[0];
  const id = group?.getAttribute('aria-labelledby');
  return id ? (group!.getRootNode() as ShadowRoot).getElementById(id)?.textContent?.trim() : undefined;
};

/** Another device of `wallet`, signed in (its own storage), past the OTP resend interval. */
async function otherDevice(wallet: TestWallet, name: string): Promise<WalletClient> {
  const device = await makeClient(wallet, { storageNamespace: `${name}-${wallet.accountId}` });
  await emailSignIn(device, wallet);
  await advanceSandbox(31_000);
  return device;
}

describe('<ew-sessions>', () => {
  const devices: WalletClient[] = [];
  before(loadAxe);
  afterEach(() => {
    document.querySelectorAll('ew-wallet, ew-sessions').forEach((el) => el.remove());
    devices.splice(0).forEach((d) => d.close());
  });

  it('"Signed-in devices": this device marked; signing out another device ends its session at the sandbox', async () => {
    const wallet = await newWallet();
    const phone = await makeClient(wallet, { storageNamespace: `phone-${wallet.accountId}` });
    await emailSignIn(phone, wallet);
    await advanceSandbox(31_000);
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await openSection(el, 'Signed-in devices');
    await waitFor(
      () => deepQueryAll('ew-sessions', el)[0]?.shadowRoot?.querySelectorAll('[part~="item"]').length,
      'the devices',
    );
    const items = deepQueryAll('ew-sessions', el)[0]!.shadowRoot!.querySelectorAll('[part~="item"]');
    expect([...items].map((i) => i.textContent!.replace(/\s+/g, ' ').trim())).to.have.length(2);
    const mine = deepQueryAll('[part~="item"]', el).filter((item) => item.textContent?.includes('This device'));
    expect(mine.length).to.equal(1);
    // Named as a person knows them: this one by its browser and system, never by the email.
    const names = [...items].map((i) => i.querySelector('strong')!.textContent!.trim());
    expect(names).to.have.members([mine[0]!.querySelector('strong')!.textContent!.trim(), 'Another device']);
    expect(mine[0]!.querySelector('strong')!.textContent).to.match(
      /^(Chrome|Firefox|Safari) on (Linux|Mac|Windows PC)$/,
    );
    expect(names.join(' ')).to.not.include('@');
    // Inside the wallet this device's row repeats none of the header's buttons.
    expect(mine[0]!.querySelectorAll('button')).to.have.length(0);
    expect(deepQueryAll('button', el).filter((b) => b.textContent?.trim() === 'Sign out')).to.have.length(1);
    const revoked = nextEvent(el, 'ew-session-revoked');
    await click(buttonNamed('Sign out device', el)!);
    await click(await waitFor(() => buttonNamed('Yes, sign out', el), 'the question'));
    expect((await revoked).detail.sessionId).to.equal(phone.session!.id);
    const live = (await sandboxSessions(wallet.accountId)).filter((s) => !s.revoked);
    expect(live.map((s) => s.id)).to.deep.equal([el.client!.session!.id]);
    phone.close();
  });
  it('"Sign out device" asks first, by keyboard: one press signs nothing out (the device stays live at the sandbox), focus on "Yes, sign out"; Cancel and Escape put focus back; one row asks at a time; Yes signs it out and says so', async () => {
    const wallet = await newWallet();
    devices.push(await otherDevice(wallet, 'phone'), await otherDevice(wallet, 'tablet'));
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await openSection(el, 'Signed-in devices');
    await waitFor(() => signOutButtons(el).length === 2, 'the two other devices');
    const others = await live(wallet);
    expect(others).to.have.length(3);
    const first = () => signOutButtons(el)[0];

    // Reached by the keyboard, as a user would (a focus() call can land before the window has focus).
    await tabTo(first()!);
    const outcome = firstOf(el, 'ew-session-revoked', () => yes(el));
    await sendKeys({ press: 'Enter' });
    expect(await outcome, 'one press').to.equal('asked');
    expect(await live(wallet), 'nobody signed out on one press').to.have.members(others);
    await waitFor(() => deepActiveElement() === yes(el), 'focus on "Yes, sign out"');
    expect(question(el)).to.equal(QUESTION);
    expect(signOutButtons(el), "the row's button gives way to the question").to.have.length(1);
    expect(yes(el)!.getBoundingClientRect().height).to.be.at.least(44);
    await expectAccessible(el, 'sign out asked');

    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(buttonNamed('Cancel', el));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => signOutButtons(el).length === 2 && deepActiveElement() === first(), 'Cancel: focus back');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deepActiveElement() === yes(el), 'asked again');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => signOutButtons(el).length === 2 && deepActiveElement() === first(), 'Escape: focus back');

    // The other row's button: that row asks instead.
    await sendKeys({ press: 'Enter' });
    await waitFor(() => yes(el), 'the first device asks');
    await click(signOutButtons(el)[0]!);
    await waitFor(() => deepActiveElement() === yes(el), 'the second device asks');
    expect(deepQueryAll('[role="group"]', el)).to.have.length(1);

    const revoked = nextEvent(el, 'ew-session-revoked');
    await sendKeys({ press: 'Enter' });
    const gone = (await revoked).detail.sessionId;
    const status = await waitFor(
      () => deepQueryAll('[part~="message"]', el).find((p) => p.textContent?.trim() === 'The device was signed out.'),
      'said',
    );
    await waitFor(() => deepActiveElement() === status, 'focus on what was done, where the row was');
    expect(await live(wallet)).to.have.members(others.filter((id) => id !== gone));
    expect(devices.map((d) => d.session!.id)).to.include(gone);
    expect(signOutButtons(el)).to.have.length(1);
  });

  it('"Yes, sign out" shows progress and takes no second press while it runs; when it fails, the error shows and the question and the device stay; Yes again signs it out', async () => {
    const wallet = await newWallet();
    const phone = await otherDevice(wallet, 'phone');
    devices.push(phone);
    const { client, requests, faults, hold } = await steeredClient(wallet);
    devices.push(client);
    const el = document.createElement('ew-sessions');
    const ready = nextEvent(el, 'ew-ready');
    el.client = client;
    document.body.append(el);
    await ready;
    const button = await waitFor(() => signOutButtons(el)[0], 'the other device');
    // On its own (no wallet header above it), this device's row has its own two buttons.
    expect(['Stay signed in', 'Sign out'].map((name) => !!buttonNamed(name, el))).to.deep.equal([true, true]);
    button.focus();
    const outcome = firstOf(el, 'ew-session-revoked', () => yes(el));
    await sendKeys({ press: 'Enter' });
    expect(await outcome, 'one press').to.equal('asked');
    expect(deletes(requests), 'nothing sent on one press').to.deep.equal([]);
    await waitFor(() => deepActiveElement() === yes(el), 'focus on the question');

    faults.failing = (request) => request.method === 'DELETE';
    const failed = nextEvent(el, 'ew-error');
    await sendKeys({ press: 'Enter' });
    expect((await failed).detail).to.deep.include({ code: 'INTERNAL_ERROR', operation: 'revokeSession' });
    await waitFor(() => alertText(el).includes('The wallet service had a problem. Try again shortly.'), 'the error');
    expect([question(el), deepActiveElement() === yes(el)]).to.deep.equal([QUESTION, true]);
    expect(await live(wallet)).to.include(phone.session!.id);
    await expectAccessible(el, 'sign out failed');

    faults.failing = () => false;
    const release = hold((request) => request.method === 'DELETE');
    const revoked = nextEvent(el, 'ew-session-revoked');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => yes(el)?.textContent?.trim() === 'Signing out…', 'progress');
    expect([yes(el)!.getAttribute('aria-disabled'), deepActiveElement() === yes(el)]).to.deep.equal(['true', true]);
    expect(buttonNamed('Cancel', el)!.disabled).to.equal(true);
    await sendKeys({ press: 'Enter' });
    await click(yes(el)!, 1, { evenIfDisabled: true });
    release();
    expect((await revoked).detail.sessionId).to.equal(phone.session!.id);
    expect(deletes(requests).length, 'one sign-out: the request and its signed retry').to.equal(2);
    expect(await live(wallet)).to.not.include(phone.session!.id);
  });
});
