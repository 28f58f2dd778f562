/**
 * What a framed element passes on from the page around it (isolated mode):
 * its nearest `lang`, and the computed `--ew-*` theme values
 * (frame-link/theme-tokens.ts), each sent only when it differs from what the
 * frame was last given. One observer serves every framed element of the page:
 * any attribute (a `data-theme` toggle too), any node added or removed (a
 * `<style>` a library inserts) and the user's colour scheme may change them.
 * The language is read again at once; the theme a frame later, once, however
 * many changes came meanwhile.
 */
import { nearestLang } from '../elements/shared/nearest-lang.js';
import type { HostMessage } from '../frame-link/messages.js';
import { THEME_TOKENS } from '../frame-link/theme-tokens.js';

const following = new Set<PageValues>();
let observer: MutationObserver | undefined;
let themeQueued = false;
let schemeWatched = false;

function queueTheme(): void {
  if (themeQueued) return;
  themeQueued = true;
  requestAnimationFrame(() => {
    themeQueued = false;
    for (const each of following) each.theme();
  });
}

export class PageValues {
  /** The language the frame was last given. */
  #lang: string | undefined;
  /** The theme values the frame was last given, as JSON. */
  #theme = '';

  /** `send` posts to the element's frame, and says false while no frame is open. */
  constructor(
    private readonly element: HTMLElement,
    private readonly send: (message: Extract<HostMessage, { t: 'locale' | 'theme' }>) => boolean,
  ) {}

  /** Follows the page while the element is in it. */
  follow(): void {
    following.add(this);
    observer ??= new MutationObserver(() => {
      if (following.size === 0) return;
      for (const each of following) each.lang();
      queueTheme();
    });
    observer.observe(this.element.ownerDocument, { attributes: true, childList: true, subtree: true });
    if (!schemeWatched) {
      schemeWatched = true;
      matchMedia('(prefers-color-scheme: dark)').addEventListener('change', queueTheme);
    }
  }

  unfollow(): void {
    following.delete(this);
  }

  /** A frame (re)started: the language its first message carries; the theme goes right after it. */
  started(): string | undefined {
    this.#lang = nearestLang(this.element);
    this.#theme = '';
    queueMicrotask(() => this.theme());
    return this.#lang;
  }

  lang(): void {
    const lang = nearestLang(this.element);
    if (!lang || lang === this.#lang || !this.send({ t: 'locale', tag: lang })) return;
    this.#lang = lang;
  }

  theme(): void {
    const style = getComputedStyle(this.element);
    const values: Record<string, string> = {};
    for (const name of THEME_TOKENS.keys()) {
      const value = style.getPropertyValue(name).trim();
      if (value) values[name] = value;
    }
    const json = JSON.stringify(values);
    if (json !== this.#theme && this.send({ t: 'theme', values })) this.#theme = json;
  }
}
