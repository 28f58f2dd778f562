/**
 * The card of a window the frame opens (the confirmation, the passkey
 * ceremony): the whole of its page, centred, its heading focused on arrival.
 */
import { css } from 'lit';

/** The card's box and heading; each card adds its own. */
export const windowCardStyles = css`
  :host {
    max-width: 26rem;
    margin: 0 auto;
    padding: calc(var(--_space) * 2);
  }
  h1 {
    font-size: 1.25em;
  }
  /* Focused on arrival for screen readers to start from; it is not a control. */
  h1:focus {
    outline: none;
  }
`;

/** Draws card `tag` (`kind`, defined here if need be) as the whole of window `view`'s page. */
export function showCard<T extends HTMLElement>(view: Window, tag: string, kind: CustomElementConstructor): T {
  const doc = view.document;
  if (!view.customElements.get(tag)) view.customElements.define(tag, kind);
  const card = doc.createElement(tag) as T;
  // The window is the card: no margin round it, and the page's canvas in the card's colour scheme.
  doc.documentElement.style.colorScheme = 'light dark';
  doc.body.style.margin = '0';
  doc.body.append(card);
  return card;
}
