/**
 * The theme's colours as custom-property declarations (theme.styles.ts
 * puts them in its sheet). Apart because they are built with `unsafeCSS`,
 * which the script tag's literal minifier will not touch: the sheet they go
 * into is then minified.
 */
import { unsafeCSS } from 'lit';

const PALETTE = [
  // private name, public name (`--ew-color-<name>` and `--ew-color-<name>-dark`), light, dark
  ['accent', 'accent', '#3b3fd8', '#a8b4ff'],
  ['on-accent', 'on-accent', '#ffffff', '#10121f'],
  ['bg', 'surface', '#ffffff', '#17161b'],
  ['raised', 'raised', '#f4f3f8', '#24232a'],
  ['fg', 'text', '#1c1b1f', '#eeedf2'],
  ['muted', 'muted', '#55525e', '#b9b6c2'],
  ['border', 'border', '#8a8694', '#55525e'],
  ['danger', 'danger', '#b3261e', '#ffb4ab'],
  ['success', 'success', '#146c2e', '#8fdba2'],
] as const;

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
