/**
 * Which locale an element speaks: its own `locale` attribute, else the one
 * the element above hands down, else the nearest `lang` (across shadow
 * roots), else the browser's. The locale picks the words (strings/current.ts)
 * and every number, currency, date and time the element draws.
 *
 * Pages that switch language by setting `<html lang>` are followed: one
 * observer of `lang` attributes redraws the elements on the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { usableLocale } from './format.js';
import { nearestLang } from './nearest-lang.js';

export { nearestLang };

function refinedByBrowser(locale: string): string {
  const browser = navigator.language;
  return !locale.includes('-') && browser.toLowerCase().startsWith(`${locale.toLowerCase()}-`) ? browser : locale;
}

/** Every element on the page (connected), redrawn when a `lang` or the page's words change. */
const followers = new Set<ReactiveControllerHost>();
let observing = false;

/** Redraws every element on the page, those in other elements' shadow roots included. */
export const redrawAll = (): void => followers.forEach((el) => el.requestUpdate());

/** Keeps an element redrawing when a `lang` on the page changes, and resolves its locale. */
export class LocaleController implements ReactiveController {
  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostConnected(): void {
    followers.add(this.host);
    if (observing) return;
    observing = true;
    new MutationObserver(redrawAll).observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }

  hostDisconnected(): void {
    followers.delete(this.host);
  }

  /**
   * The locale to speak: `own` (the attribute), `handedDown`, the nearest `lang`, the browser's;
   * unusable tags skipped. A bare language the browser's locale refines (`en` on the page, `en-GB`
   * in the browser) takes the browser's region: the page's language, the reader's formats.
   */
  resolve(own: string | undefined, handedDown: string | undefined): string {
    const found =
      usableLocale(own) ?? usableLocale(handedDown) ?? usableLocale(nearestLang(this.host)) ?? navigator.language;
    return refinedByBrowser(found);
  }
}
