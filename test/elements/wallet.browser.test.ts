/**
 * `<ew-wallet>` driven as a user drives it: real keyboard and mouse input
 * against the sandbox through the relay.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { newWallet, platform, recording, sandboxKeys } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepQueryAll, sendKeys, waitFor } from '../helpers/dom.js';
import { codeInput, mountWallet as mount, signInByTyping } from '../helpers/elements.js';
import { loadWalletStrings, setWalletStrings, STRINGS_EN } from '../../src/elements/index.js';
import { STRINGS_ES } from '../../src/elements/strings/es.js';

describe('<ew-wallet>', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  });

  it('an element in its markup, connected before the wallet first draws, takes its client and words once it has them', async () => {
    const wallet = await newWallet();
    const keys = await sandboxKeys();
    const uncaught: string[] = [];
    const onError = (e: ErrorEvent) => uncaught.push(e.message);
    window.addEventListener('error', onError);
    try {
      // Parsed as a page would be: the wallet and its child connect in one go, before any update.
      const host = document.createElement('div');
      host.innerHTML =
        `<ew-wallet api-base="/api" account-id="${wallet.accountId}" otp-target-key="${keys.otpTarget}" ` +
        `export-key="${keys.export}"><ew-approve-quote></ew-approve-quote></ew-wallet>`;
      document.body.append(host);
      const el = host.querySelector('ew-wallet')!;
      el.strings = { noQuote: 'Nothing to pay yet.' };
      const child = host.querySelector('ew-approve-quote')!;
      await waitFor(() => child.client === el.client && el.client !== undefined, "the wallet's client on the child");
      await waitFor(
        () => child.shadowRoot?.textContent?.includes('Nothing to pay yet.'),
        "the wallet's words in the child",
      );
      expect(uncaught).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('signs in with the keyboard alone: Tab to "Email me a code", Enter, type the code; ew-signed-in fires', async () => {
    const wallet = await newWallet();
    const el = await mount(wallet);
    const events: string[] = [];
    el.addEventListener('ew-signed-in', (e) => events.push(e.detail.method ?? ''));
    el.addEventListener('ew-otp-sent', (e) => events.push(e.detail.destination));
    await signInByTyping(el);
    expect(events[0]).to.match(/^u\*\*\*@example\.com$/);
    expect(events[1]).to.equal('EMAIL_OTP');
    await waitFor(
      () => deepQueryAll('[part~="header"]', el)[0]?.textContent?.includes('Signed in as'),
      'the signed-in header',
    );
  });

  it('loads the sign-in methods while the stored session is restored, not after; a restored session never shows them', async () => {
    const wallet = await newWallet();
    const { transport } = recording();
    const statusAtListing: string[] = [];
    const el = await mount(
      wallet,
      {},
      {
        transport: (request) => {
          if (request.path.startsWith('/auth/credentials?')) statusAtListing.push(el.client?.state.status ?? 'none');
          return transport(request);
        },
      },
    );
    await waitFor(() => buttonNamed('Email me a code', el), 'the email button');
    // Sent while IndexedDB was still being read: the two no longer wait on each other.
    expect(statusAtListing).to.deep.equal(['restoring']);
    await signInByTyping(el);
    el.remove();

    // Another page load on this device: the session comes back from IndexedDB; the sign-in view made
    // meanwhile stays hidden until it is dropped.
    const again = await mount(wallet);
    const hiddenWhileRestoring: boolean[] = [];
    const shown = () => deepQueryAll('ew-sign-in', again).filter((x) => !x.hidden).length;
    await waitFor(() => {
      if (again.client?.state.status === 'restoring') hiddenWhileRestoring.push(shown() === 0);
      return again.client?.state.status === 'signed-in';
    }, 'the restored session');
    expect(hiddenWhileRestoring.every(Boolean)).to.equal(true);
    expect(shown()).to.equal(0);
    expect(buttonNamed('Sign out', again)).to.not.equal(undefined);
  });

  it('in Spanish (setWalletStrings): every visible string switches, the wrong-code message included', async () => {
    // As a page does it: Spanish is loaded on first use.
    const spanish = await loadWalletStrings('es-MX');
    expect(spanish).to.deep.equal(STRINGS_ES);
    expect(await loadWalletStrings('fr')).to.equal(STRINGS_EN);
    setWalletStrings(spanish);
    try {
      const wallet = await newWallet();
      const el = await mount(wallet);
      await click(await waitFor(() => buttonNamed('Envíame un código por correo', el), 'the Spanish email button'));
      const input = await codeInput(el);
      expect(input.getAttribute('aria-label')).to.equal('Código de verificación');
      input.focus();
      await sendKeys({ type: '111111' });
      const error = await waitFor(() => deepQueryAll('[part~="error"]', el)[0], 'an error message');
      expect(error.textContent?.trim()).to.equal(STRINGS_ES.wrongCode);
      input.select();
      await sendKeys({ type: '000000' });
      await waitFor(() => buttonNamed('Cerrar sesión', el), 'signed in, in Spanish');
      // Switching back reaches the parts inside the wallet's shadow root too (the overview's labels).
      await waitFor(() => deepQueryAll('dt', el).some((dt) => dt.textContent === 'Saldo'), 'the overview in Spanish');
      setWalletStrings(STRINGS_EN);
      await waitFor(() => deepQueryAll('dt', el).some((dt) => dt.textContent === 'Balance'), 'the overview in English');
      expect(deepQueryAll('dt', el).some((dt) => dt.textContent === 'Saldo')).to.equal(false);
    } finally {
      setWalletStrings(STRINGS_EN);
    }
  });

  it('signs out with the button: ew-signed-out, back to the sign-in methods', async () => {
    const wallet = await newWallet();
    const el = await mount(wallet);
    await signInByTyping(el);
    const out = new Promise<CustomEvent>((resolve) =>
      el.addEventListener('ew-signed-out', (e) => resolve(e), { once: true }),
    );
    await click(await waitFor(() => buttonNamed('Sign out', el), 'sign out'));
    expect((await out).detail.revokedAtService).to.equal(true);
    await waitFor(() => buttonNamed('Email me a code', el), 'the sign-in methods again');
    const sessions = await platform('GET', `/auth/sessions?accountId=${wallet.accountId}`);
    expect(sessions.body.data).to.deep.equal([]);
  });
});
