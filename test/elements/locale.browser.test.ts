/**
 * One locale per element, all the way: the nearest `lang` (or the `locale`
 * attribute, or the wallet's) picks the words and every amount, date and time,
 * each equal to what `Intl` says for that locale, against the sandbox through
 * the relay. A `lang` changed on the page redraws at once.
 */
import { expect } from 'chai';
import { afterEach, before, describe, it } from '#test-harness';
import { addVirtualAuthenticator } from '../helpers/authenticator.js';
import { newWallet, platform, quoteFor } from '../helpers/browser-stack.js';
import { buttonNamed, deepQueryAll, waitFor } from '../helpers/dom.js';
import { mountWallet, openSection, signInByTyping } from '../helpers/elements.js';
import type { EwApproveQuote } from '../../src/elements/approve-quote/approve-quote.js';

const text = (el: Element, selector: string) => deepQueryAll(selector, el)[0]?.textContent?.trim() ?? '';
const usd = (locale: string, value: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(value);
const clock = (locale: string, date: Date) => date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
const day = (locale: string, iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });

describe('locale: the words and every number, currency, date and time follow the element’s locale', () => {
  let box: HTMLDivElement;
  before(async () => {
    await addVirtualAuthenticator();
  });
  afterEach(() => box?.remove());

  /** A wallet inside `<div lang=…>`, signed in by keyboard (in English: the page starts English). */
  async function walletIn(lang: string, funded: number) {
    const wallet = await newWallet();
    await platform('POST', `/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: funded });
    box = document.createElement('div');
    box.lang = lang;
    document.body.append(box);
    const el = await mountWallet(wallet);
    box.append(el);
    return { wallet, el };
  }

  it('the nearest lang: a page switched to Spanish shows Spanish words, Intl’s Spanish amounts and times, at once', async () => {
    const { el } = await walletIn('en-US', 50_000);
    await signInByTyping(el);
    await waitFor(() => text(el, '[part~="balance"]') === usd('en-US', 500), 'the balance in US English');

    box.lang = 'es';
    await waitFor(() => buttonNamed('Cerrar sesión', el), 'Spanish words');
    await waitFor(() => text(el, '[part~="balance"]') === usd('es', 500), `the balance as Intl says it in es`);
    expect(text(el, '[part~="balance"]')).to.not.equal('$500.00');
    expect(el.resolvedLocale).to.equal('es');

    await openSection(el, 'Dispositivos conectados');
    const expires = el.client!.session!.expiresAt;
    await waitFor(
      () => deepQueryAll('.muted', el).some((m) => m.textContent?.includes(`hasta las ${clock('es', expires)}`)),
      'the session’s end, in Spanish time',
    );
  });

  it('the locale attribute wins over lang (and a tag Intl refuses is skipped); the elements inside take the wallet’s', async () => {
    const { wallet, el } = await walletIn('es', 50_000);
    el.setAttribute('locale', 'en-GB');
    await signInByTyping(el);
    await waitFor(() => text(el, '[part~="balance"]') === usd('en-GB', 500), 'the balance in British English');
    expect(usd('en-GB', 500)).to.not.equal(usd('es', 500));

    // The sign-in methods, each with the day it was added, in the wallet's locale.
    await openSection(el, 'Sign-in methods');
    const [method] = (await platform('GET', `/auth/credentials?accountId=${wallet.accountId}`)).body.data;
    await waitFor(
      () => deepQueryAll('.muted', el).some((m) => m.textContent?.trim() === `Added ${day('en-GB', method.createdAt)}`),
      'the date the email method was added',
    );

    // An approval slotted in the wallet speaks the wallet's locale, not the page's Spanish.
    const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
    el.append(approve);
    approve.quote = await quoteFor(wallet, 12_345);
    await waitFor(
      () => deepQueryAll('dd', approve).some((dd) => dd.textContent?.trim() === usd('en-GB', 123.45)),
      'the amount in en-GB',
    );

    el.setAttribute('locale', 'not a locale!');
    await waitFor(() => buttonNamed('Cerrar sesión', el), 'back to the nearest lang');
    expect(el.resolvedLocale).to.equal('es');
    await waitFor(
      () => deepQueryAll('dd', approve).some((dd) => dd.textContent?.trim() === usd('es', 123.45)),
      'the amount in es',
    );
  });

  it('a bare page language takes the browser’s region (en on the page, en-GB in the browser); a move or lang="" counts', async () => {
    // The browser's language, as a British reader's browser reports it.
    Object.defineProperty(navigator, 'language', { value: 'en-GB', configurable: true });
    try {
      const wallet = await newWallet();
      box = document.createElement('div');
      box.lang = 'es';
      const page = box.appendChild(document.createElement('div'));
      page.lang = 'en';
      document.body.append(box);
      const el = await mountWallet(wallet);
      page.append(el);
      // The page's language, the reader's formats: "en" refined by "en-GB", not Intl's US default.
      await waitFor(() => el.resolvedLocale === 'en-GB', `en-GB (was ${el.resolvedLocale})`);
      // Moved under the Spanish part of the page, it speaks Spanish (a language the browser does not refine).
      box.append(el);
      await waitFor(() => buttonNamed('Envíame un código por correo', el), 'the sign-in in Spanish');
      expect(el.resolvedLocale).to.equal('es');
      page.append(el);
      await waitFor(() => el.resolvedLocale === 'en-GB', `en-GB again (was ${el.resolvedLocale})`);
      page.lang = 'es';
      await waitFor(() => buttonNamed('Envíame un código por correo', el), 'the sign-in in Spanish');
      // `lang=""` says the language is unknown (HTML): the search stops there, the Spanish above is not taken.
      page.lang = '';
      await waitFor(() => buttonNamed('Email me a code', el), 'the sign-in in English');
      expect(el.resolvedLocale).to.equal('en-GB');
    } finally {
      delete (navigator as { language?: string }).language;
    }
  });
});
