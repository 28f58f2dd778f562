/**
 * `<ew-account-settings>` as a user drives it, by real clicks and keys,
 * against the sandbox through the relay: the email and the phone change (the
 * sandbox's customer record and the code credentials follow, the exact E.164
 * goes out), the new address is proven with a code, bad input is refused
 * before any call, privacy turns on and off, a failing call keeps what was
 * typed, axe finds nothing in each state, and nothing is wider than a phone
 * (or sticks out of its section, focus ring included, at real viewport widths).
 */
import { expect } from 'chai';
import { afterEach, before, describe, it } from '#test-harness';
import type { EwAccountSettings } from '../../src/elements/index.js';
import type { WalletClient } from '../../src/client/index.js';
import type { WireRequest } from '../../src/protocol/index.js';
import { newWallet, platform, sandboxSessions, steeredClient, type TestWallet } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepActiveElement, deepQueryAll, sendKeys, tabTo, waitFor } from '../helpers/dom.js';
import { codeInput, mountWallet, nextEvent, openSection, signInByTyping } from '../helpers/elements.js';
import { expectAccessible, loadAxe } from '../helpers/axe.js';
import { setViewportSize } from '../helpers/viewport.js';

/** A signed-in client for `wallet` whose calls are recorded, and made to fail at will. */
const signedInClient = steeredClient;

/** `<ew-account-settings>` with `client`, appended to `parent`; resolves once it fired `ew-ready`. */
async function mount(client: WalletClient, parent: Element = document.body): Promise<EwAccountSettings> {
  const el = document.createElement('ew-account-settings');
  const ready = nextEvent(el, 'ew-ready');
  el.client = client;
  parent.append(el);
  await ready;
  return el;
}

const $ = <T extends Element = HTMLElement>(el: Element, selector: string) =>
  waitFor(() => deepQueryAll<T>(selector, el)[0], selector);
const text = (el: Element, selector: string) => deepQueryAll(selector, el)[0]?.textContent?.replace(/\s+/g, ' ').trim();
const statusText = (el: Element) => deepQueryAll('[role="status"]', el).map((p) => p.textContent!.trim());
const patches = (requests: WireRequest[]) => requests.filter((r) => r.method === 'PATCH');
const customer = async (wallet: TestWallet) => (await platform('GET', `/customers/${wallet.customerId}`)).body;
const nicknames = async (wallet: TestWallet) =>
  Object.fromEntries(
    (await platform('GET', `/auth/credentials?accountId=${wallet.accountId}`)).body.data.map(
      (c: { type: string; nickname: string }) => [c.type, c.nickname],
    ),
  );
const privateEnabled = async (wallet: TestWallet) =>
  (await platform('GET', `/customers/internal-accounts?customerId=${wallet.customerId}`)).body.data[0].privateEnabled;

/** `el`'s content box: its border box less its borders and padding, left and right. */
function contentBox(el: Element): { left: number; right: number } {
  const box = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  const px = (value: string) => parseFloat(value) || 0;
  return {
    left: box.left + px(style.borderLeftWidth) + px(style.paddingLeft),
    right: box.right - px(style.borderRightWidth) - px(style.paddingRight),
  };
}

/** What a focused field paints, left and right: its border box and, outside it, its outline (CSS UI 4: width plus offset). */
function paintedBox(el: Element): { left: number; right: number } {
  const box = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  const ring =
    style.outlineStyle === 'none' ? 0 : Math.max(0, parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset));
  return { left: box.left - ring, right: box.right + ring };
}

/** What comes before each field in the Tab order. */
const BEFORE: Record<string, string> = {
  'email-input': '#email-toggle',
  'sms-country': '#sms-toggle',
  'sms-input': '#sms-country',
};

/** A running mocha test, which may skip itself. */
type Skippable = { skip(): void };

/** Presses each key of `keys` in turn (sendKeys types one key press at a time). */
const type = (keys: string) => sendKeys({ type: keys });

describe('<ew-account-settings>', () => {
  const clients: WalletClient[] = [];
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  before(loadAxe);
  afterEach(() => {
    document.querySelectorAll('ew-account-settings, ew-test-shell, .narrow, ew-wallet').forEach((el) => el.remove());
    clients.splice(0).forEach((c) => c.close());
  });

  it("fires ew-ready showing the account's email and phone (from its code credentials) and the wallet's privacy", async () => {
    const wallet = await newWallet({ phone: true });
    const { client } = await signedInClient(wallet);
    clients.push(client);
    const el = await mount(client);
    const email = (await customer(wallet)).email as string;
    const values = deepQueryAll('[part~="value"]', el).map((v) => v.textContent!.trim());
    expect(values).to.deep.equal([email, '+1 415 555 0123']);
    expect(buttonNamed('Change email', el)).to.not.equal(undefined);
    expect(buttonNamed('Change phone', el)).to.not.equal(undefined);
    const toggle = await $(el, '[role="switch"]');
    expect(toggle.getAttribute('aria-checked')).to.equal('false');
    expect(toggle.getAttribute('aria-disabled')).to.equal('false');
    await expectAccessible(el, 'loaded');
    el.setAttribute('theme', 'dark');
    await expectAccessible(el, 'loaded (dark)');
  });

  it('changes the email by keyboard: focus to the field, Enter saves, the customer and its email credential change, focus back on the button; then "Verify with a code" signs in with the code sent to the new address', async () => {
    const wallet = await newWallet();
    const { client, requests } = await signedInClient(wallet);
    clients.push(client);
    const el = await mount(client);
    const next = `new-${Date.now()}@example.org`;

    const change = buttonNamed('Change email', el)!;
    await tabTo(change);
    await sendKeys({ press: 'Enter' });
    const input = await $<HTMLInputElement>(el, '#email-input');
    await waitFor(() => deepActiveElement() === input, 'focus on the email field');
    expect([input.type, input.autocomplete, change.getAttribute('aria-expanded')]).to.deep.equal([
      'email',
      'email',
      'true',
    ]);
    expect(
      deepQueryAll('label', el)
        .find((l) => l.getAttribute('for') === 'email-input')
        ?.textContent?.trim(),
    ).to.equal('New email');
    await expectAccessible(el, 'email form open');

    await type(next);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => statusText(el).includes(`Your email is now ${next}.`), 'the success message');
    expect(patches(requests).map((r) => r.body)).to.deep.equal([
      { customerType: 'INDIVIDUAL', email: next },
      { customerType: 'INDIVIDUAL', email: next }, // the signed retry: the same body
    ]);
    expect(patches(requests)[1]!.headers?.['Service-Wallet-Signature']).to.be.a('string');
    expect((await customer(wallet)).email).to.equal(next);
    expect((await nicknames(wallet)).EMAIL_OTP).to.equal(next);
    expect(text(el, '[part~="value"]')).to.equal(next);
    await waitFor(() => deepActiveElement() === buttonNamed('Change email', el), 'focus back on "Change email"');
    expect(deepQueryAll('#email-form', el)).to.have.length(0);
    await expectAccessible(el, 'email changed, verification offered');

    // The proof: a code to the new address, typed into the field the element shows.
    const sent = nextEvent(el, 'ew-otp-sent');
    const signedIn = nextEvent(el, 'ew-signed-in');
    await click(await waitFor(() => buttonNamed('Verify with a code', el), 'Verify with a code'));
    expect((await sent).detail.destination).to.equal('n***@example.org');
    const code = await codeInput(el);
    expect(code.parentElement, 'the code field in the page (light DOM), for autofill').to.equal(el);
    await waitFor(() => deepActiveElement() === code, 'focus on the code field');
    await expectAccessible(el, 'verification code sent');
    await type('000000'); // submits itself on the last digit
    expect((await signedIn).detail.method).to.equal('EMAIL_OTP');
    await waitFor(() => statusText(el).includes('Verified.'), 'verified');
    expect(client.session?.nickname).to.equal(next);
    const live = (await sandboxSessions(wallet.accountId)).filter((s) => !s.revoked);
    expect(live.find((s) => s.id === client.session?.id)?.credentialId).to.equal(wallet.emailCredentialId);
    expect(deepQueryAll('ew-otp-sign-in', el)).to.have.length(0);
    expect(el.querySelector('input')).to.equal(null);
  });

  it('changes the phone: the country by its list, the national number grouped as typed, exactly the E.164 shown is sent; then verified by text', async () => {
    const wallet = await newWallet({ phone: true });
    const { client, requests } = await signedInClient(wallet);
    clients.push(client);
    const el = await mount(client);
    await click(buttonNamed('Change phone', el)!);
    const country = await $<HTMLSelectElement>(el, '#sms-country');
    await waitFor(() => deepActiveElement() === country, 'focus on the country, the first field');
    expect(country.value, "the current phone's country").to.equal('US');
    expect(country.selectedOptions[0]!.textContent!.trim()).to.equal('United States (+1)');

    await sendKeys({ press: 's' }); // type-ahead on the closed list: Spain
    await waitFor(() => country.value === 'ES', 'Spain chosen');
    await sendKeys({ press: 'Tab' });
    const input = await $<HTMLInputElement>(el, '#sms-input');
    expect(deepActiveElement()).to.equal(input);
    expect([input.type, input.autocomplete, input.inputMode]).to.deep.equal(['tel', 'tel-national', 'tel']);
    await type('612345678');
    expect(input.value).to.equal('612 34 56 78');
    expect(text(el, '#sms-e164')).to.equal('Will be saved as +34612345678');
    expect(input.getAttribute('aria-describedby')).to.equal('sms-e164');
    await expectAccessible(el, 'phone form filled');

    await sendKeys({ press: 'Enter' });
    await waitFor(() => statusText(el).includes('Your phone number is now +34 612 34 56 78.'), 'the success message');
    expect(patches(requests)[0]!.body).to.deep.equal({ customerType: 'INDIVIDUAL', phoneNumber: '+34612345678' });
    expect((await customer(wallet)).phoneNumber).to.equal('+34612345678');
    expect((await nicknames(wallet)).SMS_OTP).to.equal('+34612345678');

    const sent = nextEvent(el, 'ew-otp-sent');
    await click(await waitFor(() => buttonNamed('Verify with a code', el), 'Verify with a code'));
    expect((await sent).detail).to.deep.include({ channel: 'sms' });
    expect((await sent).detail.destination).to.match(/\*\*\* \*\* 78$/);
    const code = await codeInput(el);
    await waitFor(() => deepActiveElement() === code, 'focus on the code field');
    await type('000000');
    await waitFor(() => statusText(el).includes('Verified.'), 'verified');
    expect(client.session?.credentialType).to.equal('SMS_OTP');
    expect(client.session?.nickname).to.equal('+34612345678');
  });

  it('"Add phone" on an account without one: a number typed with its calling code picks the country; the customer gets it, an SMS credential for it is registered (signed, naming that phone) and proven by a texted code', async () => {
    const wallet = await newWallet();
    const { client, requests } = await signedInClient(wallet);
    clients.push(client);
    const el = await mount(client);
    expect(deepQueryAll('[part~="value"]', el)[1]!.textContent!.trim()).to.equal('Not set');
    await click(buttonNamed('Add phone', el)!);
    const input = await $<HTMLInputElement>(el, '#sms-input');
    await click(input);
    await type('+447911123456');
    const country = await $<HTMLSelectElement>(el, '#sms-country');
    expect([country.value, input.value]).to.deep.equal(['GB', '7911 123456']);
    expect(text(el, '#sms-e164')).to.equal('Will be saved as +447911123456');
    await click(buttonNamed('Save', el)!);
    await waitFor(() => statusText(el).includes('Your phone number is now +44 7911 123456.'), 'the success message');
    expect(patches(requests)[0]!.body).to.deep.equal({ customerType: 'INDIVIDUAL', phoneNumber: '+447911123456' });
    expect((await customer(wallet)).phoneNumber).to.equal('+447911123456');
    // The notice shows once the phone is saved; the registration follows it, and ends in the offer to verify.
    const verify = await waitFor(() => buttonNamed('Verify with a code', el), 'Verify with a code');
    // The registration: the wallet and the type only, signed by the session on its second call.
    const registrations = requests.filter((r) => r.method === 'POST' && r.path === '/auth/credentials');
    expect(registrations.map((r) => [r.body, Boolean(r.headers?.['Service-Wallet-Signature'])])).to.deep.equal([
      [{ type: 'SMS_OTP', accountId: wallet.accountId }, false],
      [{ type: 'SMS_OTP', accountId: wallet.accountId }, true],
    ]);
    expect(await nicknames(wallet)).to.deep.include({ SMS_OTP: '+447911123456' });
    await click(verify);
    const code = await codeInput(el);
    code.focus();
    await sendKeys({ type: '000000' });
    await waitFor(() => client.session?.credentialType === 'SMS_OTP', 'signed in by the new phone');
    expect(buttonNamed('Change phone', el)).to.not.equal(undefined);
  });

  it('refuses a bad email or phone before any call: the message is tied to the field, focus stays there with the typed value; Escape closes and the value waits', async () => {
    const wallet = await newWallet({ phone: true });
    const { client, requests } = await signedInClient(wallet);
    clients.push(client);
    const el = await mount(client);
    const before = requests.length;

    await click(buttonNamed('Change email', el)!);
    const email = await $<HTMLInputElement>(el, '#email-input');
    await type('name@nodot');
    await sendKeys({ press: 'Enter' });
    const error = await $(el, '#email-error');
    expect(error.textContent!.trim()).to.equal('Enter an email address such as name@example.com.');
    expect([email.getAttribute('aria-invalid'), email.getAttribute('aria-describedby')]).to.deep.equal([
      'true',
      'email-error',
    ]);
    expect([deepActiveElement() === email, email.value]).to.deep.equal([true, 'name@nodot']);
    await expectAccessible(el, 'email refused');

    await sendKeys({ press: 'Escape' });
    await waitFor(() => deepQueryAll('#email-form', el).length === 0, 'the form closed');
    const change = buttonNamed('Change email', el)!;
    expect([deepActiveElement() === change, change.getAttribute('aria-expanded')]).to.deep.equal([true, 'false']);
    await sendKeys({ press: 'Enter' });
    expect((await $<HTMLInputElement>(el, '#email-input')).value, 'reopened with what was typed').to.equal(
      'name@nodot',
    );

    await click(buttonNamed('Change phone', el)!);
    const phone = await $<HTMLInputElement>(el, '#sms-input');
    await click(phone);
    await type('41555');
    await click(buttonNamed('Save', deepQueryAll('#sms-form', el)[0]!)!);
    await waitFor(() => text(el, '#sms-error') === 'Enter the whole phone number for the country chosen.', 'refused');
    expect(phone.getAttribute('aria-describedby')).to.equal('sms-e164 sms-error');
    expect([deepActiveElement() === phone, phone.value]).to.deep.equal([true, '415 55']);
    // A calling code that is not in the list is refused too, never sent under the country shown.
    phone.select();
    await type('+78121234567');
    expect(text(el, '#sms-e164')).to.equal('');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => text(el, '#sms-error'), 'refused again');
    expect(requests.length, 'no call made').to.equal(before);
    await expectAccessible(el, 'phone refused');
  });

  it('refuses "+1 415 555" (short for the US) and a number no US area code has, before any call: the words under the field say which, the number typed stays; the whole number then saves', async () => {
    const wallet = await newWallet({ phone: true });
    const { client, requests } = await signedInClient(wallet);
    clients.push(client);
    const el = await mount(client);
    const before = requests.length;
    await click(buttonNamed('Change phone', el)!);
    expect((await $<HTMLSelectElement>(el, '#sms-country')).value).to.equal('US');
    const phone = await $<HTMLInputElement>(el, '#sms-input');
    await click(phone);
    await type('+1415555');
    expect(phone.value).to.equal('415 555');
    expect(text(el, '#sms-e164')).to.equal('Will be saved as +1415555');
    await sendKeys({ press: 'Enter' });
    const error = await $(el, '#sms-error');
    expect(error.textContent!.trim()).to.equal('Enter the whole phone number for the country chosen.');
    expect(error.getRootNode(), 'the message beside the field, where aria-describedby finds it').to.equal(
      phone.getRootNode(),
    );
    expect([phone.getAttribute('aria-invalid'), phone.getAttribute('aria-describedby')]).to.deep.equal([
      'true',
      'sms-e164 sms-error',
    ]);
    expect([deepActiveElement() === phone, phone.value]).to.deep.equal([true, '415 555']);
    expect(requests.length, 'nothing sent').to.equal(before);
    await expectAccessible(el, 'short phone refused');

    // The right length, but no such number: no US area code starts with 1.
    phone.select();
    await type('1235550132');
    expect(phone.getAttribute('aria-invalid'), 'typing clears the refusal').to.equal('false');
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () =>
        text(el, '#sms-error') ===
        'This is not a valid phone number for the country chosen (United States). Check the digits or the country.',
      'refused as no US number',
    );
    expect([phone.getAttribute('aria-invalid'), phone.value]).to.deep.equal(['true', '123 555 0132']);
    expect(requests.length, 'nothing sent').to.equal(before);
    expect((await customer(wallet)).phoneNumber).to.equal('+14155550123');

    phone.select();
    await type('4155550132');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => statusText(el).includes('Your phone number is now +1 415 555 0132.'), 'saved');
    expect(patches(requests)[0]!.body).to.deep.equal({ customerType: 'INDIVIDUAL', phoneNumber: '+14155550132' });
  });

  it('privacy: the switch turns the wallet private and back (the sandbox follows), announced, by click and by keyboard', async () => {
    const wallet = await newWallet();
    const { client } = await signedInClient(wallet);
    clients.push(client);
    const el = await mount(client);
    const toggle = await $(el, '[role="switch"]');
    expect(toggle.getAttribute('aria-labelledby')).to.equal('privacy-title');
    expect(text(el, '#privacy-title')).to.equal('Private wallet');
    await click(toggle);
    expect(toggle.getAttribute('aria-checked')).to.equal('true');
    await waitFor(() => statusText(el).includes('Your wallet is now private.'), 'on');
    expect(await privateEnabled(wallet)).to.equal(true);
    await expectAccessible(el, 'private');

    await tabTo(toggle);
    await sendKeys({ press: ' ' });
    await waitFor(() => statusText(el).includes('Your wallet is no longer private.'), 'off');
    expect(toggle.getAttribute('aria-checked')).to.equal('false');
    expect(await privateEnabled(wallet)).to.equal(false);

    // Read again, it shows what the service has.
    await client.setWalletPrivacy(true);
    await el.load();
    expect(toggle.getAttribute('aria-checked')).to.equal('true');
  });

  it('a failing call shows the error, fires ew-error and keeps what was typed; the privacy switch goes back', async () => {
    const wallet = await newWallet();
    const { client, faults } = await signedInClient(wallet);
    clients.push(client);
    const el = await mount(client);
    faults.failing = (request) => request.method === 'PATCH';
    const errors: { code: string; operation?: string }[] = [];
    el.addEventListener('ew-error', (e) => errors.push(e.detail));

    await click(buttonNamed('Change email', el)!);
    const input = await $<HTMLInputElement>(el, '#email-input');
    await type('kept@example.net');
    await sendKeys({ press: 'Enter' });
    const error = await $(el, '#email-error');
    expect(error.textContent!.trim()).to.equal('The wallet service had a problem. Try again shortly.');
    expect(errors.map((e) => [e.code, e.operation])).to.deep.equal([['INTERNAL_ERROR', 'updateContact']]);
    await waitFor(() => deepActiveElement() === input, 'focus back on the field');
    expect(input.value).to.equal('kept@example.net');
    expect(input.getAttribute('aria-describedby')).to.equal('email-error');
    expect((await customer(wallet)).email).to.not.equal('kept@example.net');
    await expectAccessible(el, 'email change failed');

    const toggle = await $(el, '[role="switch"]');
    await click(toggle);
    await waitFor(() => text(el, '#privacy-error'), 'the privacy error');
    expect(toggle.getAttribute('aria-checked'), 'reverted').to.equal('false');
    expect(toggle.getAttribute('aria-describedby')).to.equal('privacy-hint privacy-error');
    expect(errors.map((e) => e.operation)).to.deep.equal(['updateContact', 'setWalletPrivacy']);
    expect(await privateEnabled(wallet)).to.equal(false);
    await expectAccessible(el, 'privacy change failed');

    // Once the service answers again, the same typed value goes through.
    faults.failing = () => false;
    await click(buttonNamed('Save', el)!);
    await waitFor(() => statusText(el).includes('Your email is now kept@example.net.'), 'saved on retry');
    expect((await customer(wallet)).email).to.equal('kept@example.net');
  });

  it('a failed first read says so with "Try again" (ew-load-error), and loads on it', async () => {
    const wallet = await newWallet();
    const { client, faults } = await signedInClient(wallet);
    clients.push(client);
    faults.failing = (request) => request.path.startsWith('/customers/internal-accounts');
    const el = document.createElement('ew-account-settings');
    const failed = nextEvent(el, 'ew-load-error');
    el.client = client;
    document.body.append(el);
    expect((await failed).detail.code).to.equal('INTERNAL_ERROR');
    await waitFor(() => text(el, '[part~="error"]'), 'the error');
    await expectAccessible(el, 'load failed');
    faults.failing = () => false;
    const ready = nextEvent(el, 'ew-ready');
    await click(buttonNamed('Try again', el)!);
    await ready;
    expect(buttonNamed('Change email', el)).to.not.equal(undefined);
  });

  it('inside another ew-* element (as in <ew-wallet>), the forwarded ew-code slot takes the code field', async () => {
    if (!customElements.get('ew-test-shell')) {
      customElements.define(
        'ew-test-shell',
        class extends HTMLElement {
          client: WalletClient | undefined;
          connectedCallback() {
            const settings = document.createElement('ew-account-settings');
            settings.setAttribute('hide-title', '');
            settings.client = this.client;
            const slot = document.createElement('slot');
            slot.name = 'ew-code';
            slot.slot = 'ew-code';
            settings.append(slot);
            (this.shadowRoot ?? this.attachShadow({ mode: 'open' })).replaceChildren(settings);
          }
        },
      );
    }
    const wallet = await newWallet();
    const { client } = await signedInClient(wallet);
    clients.push(client);
    const shell = document.createElement('ew-test-shell') as HTMLElement & { client?: WalletClient };
    shell.client = client;
    document.body.append(shell);
    const el = await waitFor(() => shell.shadowRoot?.querySelector('ew-account-settings'), 'the settings');
    await click(await waitFor(() => buttonNamed('Change email', el), 'the settings loaded'));
    await $(el, '#email-input');
    await type(`shell-${Date.now()}@example.org`);
    await sendKeys({ press: 'Enter' });
    await click(await waitFor(() => buttonNamed('Verify with a code', el), 'Verify with a code'));
    const code = await codeInput(shell);
    expect(code.parentElement).to.equal(shell);
    await waitFor(() => deepActiveElement() === code, 'focus on the code field');
    await type('000000');
    await waitFor(() => statusText(el).includes('Verified.'), 'verified');
  });

  for (const width of [320, 414]) {
    it(`fits ${width} px with both forms open and a code being asked for: nothing wider than the screen`, async () => {
      const wallet = await newWallet({ phone: true });
      const { client } = await signedInClient(wallet);
      clients.push(client);
      const frame = document.createElement('div');
      frame.className = 'narrow';
      frame.style.width = `${width}px`;
      document.body.append(frame);
      const el = await mount(client, frame);
      await click(buttonNamed('Change email', el)!);
      await type(`a-rather-long-address-${Date.now()}@subdomain.example.org`);
      await sendKeys({ press: 'Enter' });
      await click(await waitFor(() => buttonNamed('Verify with a code', el), 'Verify with a code'));
      await codeInput(el);
      await click(buttonNamed('Change phone', el)!);
      await click(await $(el, '#sms-input'));
      await type('4155550123');
      const right = frame.getBoundingClientRect().right;
      const wide = [el, ...deepQueryAll('*', el)].filter((node) => node.getBoundingClientRect().right > right + 0.5);
      expect(wide.map((node) => `${node.localName}#${node.id}.${node.className}`)).to.deep.equal([]);
      expect(el.scrollWidth).to.be.at.most(el.clientWidth);
    });
  }

  for (const width of [320, 375, 1280]) {
    const name = `in <ew-wallet>'s card at a ${width} px viewport: each field, focus ring included, inside its section's content box; nothing scrolls sideways`;
    it(name, async function (this: Skippable) {
      const missing = await setViewportSize(width);
      try {
        if (missing) {
          console.log(`skipped the ${width} px viewport: ${missing}`);
          return this.skip();
        }
        const wallet = await newWallet({ phone: true });
        const el = await mountWallet(wallet);
        await signInByTyping(el);
        await openSection(el, 'Account settings');
        const settings = await waitFor(() => deepQueryAll('ew-account-settings', el)[0], 'the settings');
        // Opened directly: this test is about where the fields are drawn, not about pressing the buttons.
        (await waitFor(() => buttonNamed('Change email', settings), 'the settings loaded')).click();
        await $(settings, '#email-input');
        buttonNamed('Change phone', settings)!.click();
        await $(settings, '#sms-input');
        const fields = deepQueryAll<HTMLInputElement | HTMLSelectElement>('input, select', settings);
        expect(fields.map((f) => f.id)).to.deep.equal(['email-input', 'sms-country', 'sms-input']);
        const outside: string[] = [];
        for (const field of fields) {
          // Reached by the keyboard (Tab from what comes before it), as its focus ring shows (:focus-visible).
          settings.shadowRoot!.querySelector<HTMLElement>(BEFORE[field.id]!)!.focus();
          await sendKeys({ press: 'Tab' });
          await waitFor(() => deepActiveElement() === field && field.matches(':focus-visible'), `#${field.id} focused`);
          const painted = paintedBox(field);
          for (const frame of [field.closest('section')!, el]) {
            const inner = contentBox(frame);
            if (painted.left < inner.left - 0.5 || painted.right > inner.right + 0.5)
              outside.push(
                `#${field.id} [${painted.left.toFixed(1)}, ${painted.right.toFixed(1)}] outside <${frame.localName}> [${inner.left.toFixed(1)}, ${inner.right.toFixed(1)}]`,
              );
          }
        }
        expect(outside).to.deep.equal([]);
        for (const scroller of [settings, ...deepQueryAll('section, form', settings)])
          expect(scroller.scrollWidth, `<${scroller.localName}> scrolls sideways`).to.be.at.most(scroller.clientWidth);
      } finally {
        await setViewportSize(viewport.width, viewport.height);
      }
    });
  }
});
