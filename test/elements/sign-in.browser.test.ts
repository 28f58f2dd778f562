/**
 * `<ew-sign-in>` in `<ew-wallet>` against the sandbox through the relay: a
 * bare wallet's first sign-in, and the code methods its `first-sign-in`
 * attribute offers.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { newWallet, platform } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepQueryAll, sendKeys, waitFor } from '../helpers/dom.js';
import { codeInput, mountWallet, nextEvent, signInByTyping } from '../helpers/elements.js';

describe('<ew-sign-in>', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  });

  it("a new wallet's first sign-in: with no credential yet, 'Email me a code' registers the email credential (ew-credential-added), sends the code, and the typed code signs in", async () => {
    const wallet = await newWallet({ bootstrap: true, phone: true });
    const el = await mountWallet(wallet);
    await waitFor(() => buttonNamed('Email me a code', el), 'the email button');
    // first-sign-in defaults to email: no SMS offer, though this customer has a phone.
    expect(buttonNamed('Text me a code', el)).to.equal(undefined);
    const added = nextEvent(el, 'ew-credential-added');
    const sent = nextEvent(el, 'ew-otp-sent');
    await signInByTyping(el);
    const credential = (await added).detail;
    expect(credential.type).to.equal('EMAIL_OTP');
    expect((await sent).detail.channel).to.equal('email');
    const listed = await platform('GET', `/auth/credentials?accountId=${wallet.accountId}`);
    expect(listed.body.data.map((c: { id: string }) => c.id)).to.deep.equal([credential.credentialId]);
  });

  it("first-sign-in names the code methods a bare wallet offers: 'sms' texts the customer's phone; 'none' offers no code method", async () => {
    const wallet = await newWallet({ bootstrap: true, phone: true });
    const el = await mountWallet(wallet, { 'first-sign-in': 'sms' });
    await click(await waitFor(() => buttonNamed('Text me a code', el), 'the SMS button'));
    expect(buttonNamed('Email me a code', el)).to.equal(undefined);
    const input = await codeInput(el);
    input.focus();
    await sendKeys({ type: '000000' });
    await waitFor(() => el.client?.state.status === 'signed-in', 'signed in');
    expect(el.client?.state.status === 'signed-in' && el.client.state.session.credentialType).to.equal('SMS_OTP');
    el.remove();

    const bare = await newWallet({ bootstrap: true });
    const none = await mountWallet(bare, { 'first-sign-in': 'none' });
    await waitFor(() => deepQueryAll('h2', none).some((h) => h.textContent?.trim()), 'the sign-in view');
    expect(deepQueryAll('ew-otp-sign-in', none)).to.have.length(0);
  });
});
