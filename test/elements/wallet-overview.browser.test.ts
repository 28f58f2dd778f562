/**
 * The wallet's own facts in `<ew-wallet>`: who is signed in, the balance and
 * the address (copy, QR code), each with its loading shape and error state,
 * against the sandbox through the relay. The QR code is read back with an
 * independent decoder (jsQR).
 */
import { expect } from 'chai';
import { afterEach, before, describe, it } from '#test-harness';
import { addVirtualAuthenticator } from '../helpers/authenticator.js';
import { newWallet, platform, recording } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepQueryAll, waitFor } from '../helpers/dom.js';
import { mountWallet, signInByTyping } from '../helpers/elements.js';
import { expectAccessible } from '../helpers/axe.js';
import type { Transport } from '../../src/protocol/index.js';
import { checksumAddress } from '../../src/elements/wallet-overview/address-checksum.js';

const text = (el: Element, selector: string) => deepQueryAll(selector, el)[0]?.textContent?.trim() ?? '';

type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

/** jsQR is a UMD script (no ES module): loaded as a classic script, it sets `window.jsQR`. */
async function loadJsQr(): Promise<JsQr> {
  const global = window as unknown as { jsQR?: JsQr };
  if (!global.jsQR) {
    const script = document.createElement('script');
    script.src = '/node_modules/jsqr/dist/jsQR.js';
    document.head.append(script);
    await new Promise((resolve, reject) => {
      script.addEventListener('load', resolve);
      script.addEventListener('error', reject);
    });
  }
  return global.jsQR!;
}

/** Draws an SVG element on a canvas and decodes the QR code in it. */
async function decodeQr(svg: SVGSVGElement): Promise<string | undefined> {
  const jsQR = await loadJsQr();
  const markup = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 400;
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0, 400, 400);
  const pixels = context.getImageData(0, 0, 400, 400);
  return jsQR(pixels.data, 400, 400)?.data;
}

describe('<ew-wallet> shows the wallet: identity, balance, address', () => {
  before(async () => {
    await addVirtualAuthenticator();
  });
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  });

  it('after an email sign-in: the masked email, the balance (refreshable), the whole address in its checksum case, copy and a QR code that decode to it', async () => {
    const wallet = await newWallet();
    await platform('POST', `/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: 1_234 });
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await waitFor(() => text(el, '[part~="identity"]').match(/^Signed in as u\*\*\*@example\.com$/), 'identity');
    await waitFor(() => text(el, '[part~="balance"]') === '$12.34', 'the balance');
    const { body } = await platform('GET', `/customers/internal-accounts?customerId=${wallet.customerId}`);
    const stored = body.data[0].walletAddress as string;
    // Shown whole (never only its ends), in groups of four, in its EIP-55 case once the checksum loads.
    const address = checksumAddress(stored)!;
    expect(address).to.not.equal(stored);
    await waitFor(() => text(el, '[part~="address"]').replace(/ /g, '') === address, 'the checksummed address');
    expect(text(el, '[part~="address"]').split(' ')).to.have.length(10);

    // Money arrives elsewhere; Refresh reads it.
    await platform('POST', `/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: 766 });
    await click(buttonNamed('Refresh', el)!);
    await waitFor(() => text(el, '[part~="balance"]') === '$20.00', 'the refreshed balance');

    let copied: string | undefined;
    const clipboard = navigator.clipboard;
    const original = clipboard.writeText.bind(clipboard);
    clipboard.writeText = async (value: string) => void (copied = value);
    try {
      await click(buttonNamed('Copy address', el)!);
      await waitFor(() => copied === address, 'the full address copied');
      // A page where the clipboard is refused says so instead of failing silently.
      clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
      await click(buttonNamed('Copy address', el)!);
      const overview = deepQueryAll('ew-wallet-overview', el)[0]!;
      await waitFor(() => text(overview, '[role="status"]').startsWith('Could not copy here'), 'copy refused');
    } finally {
      clipboard.writeText = original;
    }

    const show = buttonNamed('Show QR code', el)!;
    expect(show.getAttribute('aria-expanded')).to.equal('false');
    await click(show);
    const svg = await waitFor(() => deepQueryAll<SVGSVGElement>('svg[part~="qr"]', el)[0], 'the QR code');
    expect(svg.getAttribute('aria-label')).to.equal('QR code of your wallet address');
    expect(await decodeQr(svg)).to.equal(address);
    await expectAccessible(el, 'QR code shown');
    await click(buttonNamed('Hide QR code', el)!);
    expect(deepQueryAll('svg[part~="qr"]', el)).to.have.length(0);

    // A slotted payment settling (the host sets its status) reads the balance again by itself.
    await platform('POST', `/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: 1_000 });
    const approve = document.createElement('ew-approve-quote');
    el.append(approve);
    approve.setAttribute('status', 'completed');
    await waitFor(() => text(el, '[part~="balance"]') === '$30.00', 'the balance after the payment settled');
  });

  it('after a passkey sign-in the header names the account by its email, not "Passkey"', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await el.client!.registerPasskey({ nickname: 'Laptop', signIn: false });
    await el.client!.signOut();
    const prepared = await el.client!.preparePasskeySignIn();
    await prepared.start();
    await waitFor(() => text(el, '[part~="identity"]') === 'Signed in as u***@example.com', 'identity by contact');
    expect(el.client!.state.status === 'signed-in' && el.client!.state.session.nickname).to.not.include('@');
  });

  it('shows the shape of the balance while it loads, and an error with a working Refresh when the read fails', async () => {
    const wallet = await newWallet();
    const { transport } = recording();
    // Every wallet read waits (the overview's and the account settings' privacy) until released.
    const held: (() => void)[] = [];
    const release = () => held.splice(0).forEach((resume) => resume());
    let failNext = false;
    const slow: Transport = async (request) => {
      if (request.path.startsWith('/customers/internal-accounts')) {
        if (failNext) {
          failNext = false;
          return { status: 500, headers: new Headers(), body: { status: 500, code: 'INTERNAL_ERROR', message: 'x' } };
        }
        await new Promise<void>((resolve) => held.push(resolve));
      }
      return transport(request);
    };
    const el = await mountWallet(wallet, {}, { transport: slow });
    await signInByTyping(el);
    const overview = await waitFor(() => deepQueryAll('ew-wallet-overview', el)[0], 'the overview');
    await waitFor(() => deepQueryAll('.skeleton', overview).length >= 1, 'the loading shape');
    expect(deepQueryAll('[part~="base"]', overview)[0]!.getAttribute('aria-busy')).to.equal('true');
    await expectAccessible(el, 'wallet loading');
    release();
    await waitFor(() => text(overview, '[part~="balance"]') === '$0.00', 'the balance');

    failNext = true;
    const errors: string[] = [];
    el.addEventListener('ew-error', (e) => errors.push(e.detail.code));
    await click(buttonNamed('Refresh', overview)!);
    await waitFor(() => text(overview, '[part~="error"]'), 'the error');
    expect(errors).to.include('INTERNAL_ERROR');
    await expectAccessible(el, 'wallet read failed');
    await click(buttonNamed('Refresh', overview)!);
    release();
    await waitFor(() => !deepQueryAll('[part~="error"]', overview).length, 'the error cleared');
    await waitFor(() => text(overview, '[part~="balance"]') === '$0.00', 'the balance again');
  });

  it('an address whose letter case contradicts its checksum (altered on the way) is not shown, copied or drawn', async () => {
    const wallet = await newWallet();
    const { transport } = recording();
    let altered: string | undefined;
    // A relay that rewrites the address to a look-alike in checksum case with one character changed.
    const tampering: Transport = async (request) => {
      const answer = await transport(request);
      if (!request.path.startsWith('/customers/internal-accounts')) return answer;
      const body = answer.body as { data: { walletAddress: string }[] };
      const good = checksumAddress(body.data[0]!.walletAddress)!;
      const last = good.at(-1)!.toLowerCase() === 'a' ? 'b' : 'a';
      altered = `${good.slice(0, -1)}${good.at(-2)!.toUpperCase() === good.at(-2) ? last.toUpperCase() : last}`;
      return { ...answer, body: { ...body, data: [{ ...body.data[0], walletAddress: altered }] } };
    };
    const el = await mountWallet(wallet, {}, { transport: tampering });
    await signInByTyping(el);
    const overview = await waitFor(() => deepQueryAll('ew-wallet-overview', el)[0], 'the overview');
    await waitFor(() => text(overview, '[part~="error"]').startsWith('This address failed its checksum'), 'refused');
    expect(altered).to.match(/^0x[0-9a-fA-F]{40}$/);
    expect(() => checksumAddress(altered!)).to.throw(RangeError);
    expect(deepQueryAll('[part~="address"]', overview)).to.have.length(0);
    expect(buttonNamed('Copy address', overview)).to.equal(undefined);
    expect(buttonNamed('Show QR code', overview)).to.equal(undefined);
  });
});
