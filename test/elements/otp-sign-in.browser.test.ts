/**
 * `<ew-otp-sign-in>` in `<ew-wallet>` as a user drives it, against the sandbox
 * through the relay: the code field in the light DOM for autofill, a pasted
 * code, a wrong code, and the resend countdown.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { advanceSandbox, newWallet } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepQueryAll, sendKeys, waitFor } from '../helpers/dom.js';
import { codeInput, mountWallet as mount } from '../helpers/elements.js';

describe('<ew-otp-sign-in>', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  });

  it('the code field is in the light DOM with one-time-code autofill hints, so OS autofill can reach it', async () => {
    const wallet = await newWallet();
    const el = await mount(wallet);
    await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
    const input = await codeInput(el);
    expect(input.getRootNode()).to.equal(document);
    // The attributes, as autofill reads them (Firefox reflects an `autocomplete` token it does not know as '').
    const hints = ['autocomplete', 'inputmode', 'aria-label'].map((name) => input.getAttribute(name));
    expect(hints).to.deep.equal(['one-time-code', 'numeric', 'Verification code']);
  });

  it('a pasted "000 000" is normalised and submitted; a wrong code shows a message and keeps the field', async () => {
    const wallet = await newWallet();
    const el = await mount(wallet);
    await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
    const input = await codeInput(el);
    input.focus();
    await sendKeys({ type: '111111' });
    const error = await waitFor(() => deepQueryAll('[part~="error"]', el)[0], 'an error message');
    expect(error.textContent).to.match(/code is not right/);
    expect(el.client!.state.status).to.equal('signed-out');
    // Paste: the clipboard is not reachable headless, so insert text as a paste would (an input event with the whole value).
    input.select();
    await sendKeys({ press: 'Backspace' });
    input.value = '000 000';
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: '000 000' }));
    await waitFor(() => el.client?.state.status === 'signed-in', 'signed in after the paste');
  });

  it('resend after a 429 shows the countdown from Retry-After and enables again when it runs out', async () => {
    const wallet = await newWallet();
    const el = await mount(wallet);
    await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
    await codeInput(el);
    await click(await waitFor(() => buttonNamed('Send a new code', el), 'the resend button'));
    const countdown = await waitFor(() => buttonNamed(/Send a new code in \d+ s/, el), 'the countdown');
    expect(countdown.disabled).to.equal(true);
    expect(Number(/in (\d+) s/.exec(countdown.textContent!)![1])).to.be.within(20, 30);
    await advanceSandbox(31_000);
    await el.client!.listSessions(); // the next answer moves the client's server clock
    await waitFor(
      () => buttonNamed('Send a new code', el) && !buttonNamed('Send a new code', el)!.disabled,
      'resend enabled again',
      5_000,
    );
  });
});
