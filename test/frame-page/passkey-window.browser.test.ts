/**
 * The passkey window's card (src/frame-page/passkey-window/passkey-window.ts),
 * drawn here as the window draws it from the frame's ceremony: it says which
 * ceremony on which site; Continue takes no press before the card has been
 * on screen a moment (a double click that opened the window does not land on
 * it), nor while the frame is still getting the ceremony ready; Cancel is the
 * user's no; a locale that is not a language reads as English.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { EwPasskeyWindow } from '../../src/frame-page/passkey-window/passkey-window.js';
import { passkeyWords } from '../../src/frame-page/passkey-window/passkey-words.js';
import { windowWords } from '../../src/frame-page/approval-window/window-words.js';
import { sendMouse, waitFor } from '../helpers/dom.js';

if (!customElements.get(EwPasskeyWindow.tag)) customElements.define(EwPasskeyWindow.tag, EwPasskeyWindow);

afterEach(() => document.querySelectorAll(EwPasskeyWindow.tag).forEach((el) => el.remove()));

async function card(kind: 'get' | 'create', locale = 'en') {
  const el = document.createElement(EwPasskeyWindow.tag) as EwPasskeyWindow;
  const pressed: string[] = [];
  el.run = () => pressed.push('continue');
  el.cancel = () => pressed.push('cancel');
  document.body.append(el);
  el.ceremony = { t: 'ew-passkey-ceremony', kind, locale, options: { challenge: 'Y2hhbGxlbmdl' } } as never;
  await el.updateComplete;
  return { el, pressed };
}

async function press(el: EwPasskeyWindow, part: string): Promise<void> {
  const { x, y, width, height } = el.shadowRoot!.querySelector(`[part~="${part}"]`)!.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(x + width / 2), Math.round(y + height / 2)] });
}

describe('the passkey window’s card', () => {
  it('says which ceremony on which site, and takes Continue only once armed', async () => {
    const { el, pressed } = await card('create');
    const text = el.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain('Add a passkey').and.to.contain(location.host);
    await press(el, 'continue');
    expect(pressed, 'a press at once (the second click of a double click) does nothing').to.deep.equal([]);
    await waitFor(() => el.armed, 'Continue armed');
    await press(el, 'continue');
    expect(pressed).to.deep.equal(['continue']);
  });

  it('opened in the press before the ceremony is ready: says so, takes no Continue, takes Cancel; then asks', async () => {
    const el = document.createElement(EwPasskeyWindow.tag) as EwPasskeyWindow;
    const pressed: string[] = [];
    el.run = () => pressed.push('continue');
    el.cancel = () => pressed.push('cancel');
    document.body.append(el);
    el.preparing = { t: 'ew-passkey-preparing', kind: 'get', locale: 'es' };
    await el.updateComplete;
    const text = () => el.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text()).to.contain('Inicia sesión con tu llave de acceso').and.to.contain('Preparando…');
    expect(el.shadowRoot!.activeElement?.localName, 'the title has focus').to.equal('h1');
    await new Promise((r) => setTimeout(r, 700)); // past the arming delay of a card that asks
    await press(el, 'continue');
    expect(pressed, 'nothing to continue yet').to.deep.equal([]);
    await press(el, 'cancel');
    expect(pressed).to.deep.equal(['cancel']);
    el.ceremony = {
      t: 'ew-passkey-ceremony',
      kind: 'get',
      locale: 'es',
      options: { challenge: 'Y2hhbGxlbmdl' },
    } as never;
    await waitFor(() => el.armed, 'Continue armed once the ceremony came');
    expect(text()).not.to.contain('Preparando…');
    await press(el, 'continue');
    expect(pressed).to.deep.equal(['cancel', 'continue']);
  });

  it('takes Cancel at any time, and speaks the frame’s language', async () => {
    const { el, pressed } = await card('get', 'es-MX');
    expect(el.shadowRoot!.textContent).to.contain('Inicia sesión con tu llave de acceso');
    await press(el, 'cancel');
    expect(pressed).to.deep.equal(['cancel']);
  });

  it('reads a locale that is not a language (one naming an object member) as English', () => {
    for (const locale of ['constructor', '__proto__', 'toString-x']) {
      expect(passkeyWords(locale).lost, locale).to.be.a('string');
      expect(windowWords(locale).lost, locale).to.be.a('string');
    }
    expect(passkeyWords('constructor').continue).to.equal('Continue');
  });
});
