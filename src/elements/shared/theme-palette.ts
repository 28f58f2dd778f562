/**
 * The theme's colours as custom-property declarations (theme.styles.ts
 * puts them in its sheet). Apart because they are built with `unsafeCSS`,
 * which the script tag's literal minifier will not touch: the sheet they go
 * into is then minified.
 */
import { unsafeCSS } from 'lit';
import { PALETTE } from './palette-rows.js';

const light = (name: string, value: string) => `var(--ew-color-${name}, ${value})`;
const dark = (name: string, value: string) => `var(--ew-color-${name}-dark, ${value})`;

/**
 * Each colour for the scheme an ancestor's `theme` switched on; else for
 * `scheme`. A switch that is `initial` (or never set) makes its line invalid,
 * so `var()` falls through to the next.
 */
export const palette = (scheme: 'light' | 'dark') =>
  unsafeCSS(
    PALETTE.map(([own, name, l, d]) =>
      [
        `--_${own}-if-dark: var(--_theme-dark) ${dark(name, d)};`,
        `--_${own}-if-light: var(--_theme-light) ${light(name, l)};`,
        `--_${own}: var(--_${own}-if-dark, var(--_${own}-if-light, ${scheme === 'light' ? light(name, l) : dark(name, d)}));`,
      ].join('\n'),
    ).join('\n'),
  );

/** Switches `scheme` on for this element and everything inside it. */
export const pin = (scheme: 'light' | 'dark') =>
  unsafeCSS(
    scheme === 'dark' ? '--_theme-dark: ; --_theme-light: initial;' : '--_theme-light: ; --_theme-dark: initial;',
  );
