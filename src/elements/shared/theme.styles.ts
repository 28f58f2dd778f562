import { css } from 'lit';
import { palette, pin } from './theme-palette.js';

/**
 * The theme every element shares. Public `--ew-*` custom properties are read
 * once here into private `--_*` variables; the rest of each sheet reads only
 * `var(--_x)`. Dark follows `prefers-color-scheme` unless the host sets
 * `theme="light"` or `theme="dark"`. Colours meet WCAG AA contrast in both.
 *
 * An explicit `theme` also holds for everything inside the element: the
 * nested elements in its shadow root and the elements slotted into it. It
 * passes down the scheme, not its colours, as two inherited switches
 * (`--_theme-dark`, `--_theme-light`: a space when on, `initial` when off),
 * so each element still reads its own `--ew-color-*` values for that scheme.
 */
export const themeStyles = css`
  :host {
    ${palette('light')}
    --_radius: var(--ew-radius, 8px);
    --_font: var(--ew-font-family, system-ui, -apple-system, 'Segoe UI', sans-serif);
    --_font-mono: var(--ew-font-family-mono, ui-monospace, 'SF Mono', Menlo, Consolas, monospace);
    --_space: var(--ew-spacing, 12px);
    display: block;
    box-sizing: border-box;
    color: var(--_fg);
    background: var(--_bg);
    font-family: var(--_font);
    font-size: var(--ew-font-size, 1rem);
    line-height: 1.5;
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${palette('dark')}
    }
  }
  :host([theme='light']) {
    ${pin('light')}
  }
  :host([theme='dark']) {
    ${pin('dark')}
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  [part~='base'] {
    display: grid;
    gap: var(--_space);
  }
  /* A live region waiting for words takes no row (and so no gap): the gaps between methods stay even. */
  [part~='base'] > [aria-live]:empty {
    position: absolute;
  }
  h2,
  h3 {
    margin: 0;
    font-size: 1.125em;
    font-weight: 600;
  }
  p {
    margin: 0;
  }
  button {
    font: inherit;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: calc(var(--_space) / 2);
    min-height: 44px;
    min-width: 44px;
    padding: 0 calc(var(--_space) * 1.25);
    border-radius: var(--_radius);
    border: 1px solid var(--_accent);
    background: var(--_accent);
    color: var(--_on-accent);
    font-weight: 600;
    cursor: pointer;
  }
  /* A button's words stay on one line (a long provider name is cut, never wrapped under its icon). */
  button > .label {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  button.secondary {
    background: transparent;
    color: var(--_fg);
    border-color: var(--_border);
  }
  /* A quiet action beside what it acts on (Refresh, Copy, Show QR): a whole 44 px target, no underline. */
  button.link {
    background: none;
    border-color: transparent;
    color: var(--_accent);
    padding: 0 calc(var(--_space) / 2);
    justify-self: start;
  }
  button.link:hover:not(:disabled) {
    background: var(--_raised);
  }
  @media (prefers-reduced-motion: no-preference) {
    button {
      transition:
        background-color 0.15s,
        border-color 0.15s;
    }
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
  button:focus-visible,
  input:focus-visible,
  summary:focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: 2px;
  }
  .muted {
    color: var(--_muted);
    font-size: 0.9375em;
  }
  [part~='error'] {
    color: var(--_danger);
  }
  [part~='message'] {
    color: var(--_success);
  }
  /* Icons sit on the text's line, in its colour. */
  .icon {
    width: 1.25em;
    height: 1.25em;
    flex: none;
  }
  /* Waits longer than 300 ms show a turning arc; a quicker answer never flashes it. */
  [part~='spinner'] {
    display: inline-flex;
    vertical-align: -0.25em;
    animation:
      ew-appear 0s 300ms backwards,
      ew-spin 0.9s linear infinite;
  }
  p > [part~='spinner'] {
    margin-inline-end: 0.5em;
  }
  @media (prefers-reduced-motion: reduce) {
    [part~='spinner'] {
      animation: ew-appear 0s 300ms backwards;
    }
  }
  @keyframes ew-appear {
    from {
      opacity: 0;
    }
  }
  @keyframes ew-spin {
    to {
      transform: rotate(360deg);
    }
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  /* The shape of what is loading, where it will be: no jump when it arrives. */
  .skeleton {
    display: inline-block;
    width: 10em;
    max-width: 100%;
    height: 1em;
    vertical-align: middle;
    border-radius: calc(var(--_radius) / 2);
    background: var(--_raised);
    animation: ew-pulse 1.6s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton {
      animation: none;
    }
  }
  @keyframes ew-pulse {
    50% {
      opacity: 0.45;
    }
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
    align-items: center;
  }
`;
