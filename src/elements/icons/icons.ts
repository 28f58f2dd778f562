/**
 * @license Icon outlines from Lucide 1.62.0 (https://lucide.dev, npm `lucide-static`):
 * ISC License, Copyright (c) 2026 Lucide Icons and Contributors. Permission to use, copy,
 * modify, and/or distribute this software for any purpose with or without fee is hereby
 * granted, provided that the above copyright notice and this permission notice appear in all copies.
 */
/**
 * The icons every signed-out page needs (methods, states, the spinner), as inline SVG drawn by
 * lit's `svg` template: no icon font, no markup parsed from strings (strict CSP and Trusted Types
 * hold). Each icon is its Lucide outline in one path (its rects and circles written as arcs), on
 * Lucide's 24-unit grid, stroked in currentColor and hidden from assistive technology: the words
 * beside it say what it means. Icons only a lazy view draws live in that view's folder, so the
 * script tag's main file carries only these.
 */
import { html, svg } from 'lit';

/** One Lucide outline as an inline SVG, sized to the text (1.25em), aria-hidden. */
export const icon = (d: string) =>
  html`<svg
    class="icon"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    ${svg`<path d=${d}></path>`}
  </svg>`;

/** Lucide `mail`: the email code method. */
export const MAIL =
  'M22 7l-8.991 5.727a2 2 0 0 1-2.009 0L2 7M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z';
/** Lucide `smartphone`: the SMS code method. */
export const PHONE = 'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM12 18h.01';
/** Lucide `key-round`: a passkey. */
export const PASSKEY =
  'M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4zM16.5 7.5h.01';
/** Lucide `log-in`: an identity provider (OAuth), whichever it is. */
export const PROVIDER = 'M10 17l5-5-5-5M15 12H3M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4';
/** Lucide `loader-circle`: the spinner's arc. */
const LOADER = 'M21 12a9 9 0 1 1-6.219-8.56';

/**
 * Progress on a wait. It turns (not under `prefers-reduced-motion`) and shows only once the
 * wait has lasted 300 ms (theme.styles.ts), so a quick answer does not flash it. `label`, when
 * given, makes it a status of its own (role="status"); inside a button or a line that already
 * says what is happening it is decoration.
 */
export const spinner = (label?: string) =>
  label
    ? html`<span part="spinner" role="status" aria-label=${label}>${icon(LOADER)}</span>`
    : html`<span part="spinner" aria-hidden="true">${icon(LOADER)}</span>`;

/**
 * What a wait inside a button says to assistive technology: a button's words changing is not
 * announced, a status is. Always drawn (empty when idle), so the region exists before its words.
 */
export const waitStatus = (words: string | false | undefined) =>
  html`<span class="visually-hidden" role="status">${words || ''}</span>`;
