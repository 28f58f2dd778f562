import { css } from 'lit';

/**
 * The theme every element shares. Public `--ew-*` custom properties are read
 * once here into private `--_*` variables; the rest of each sheet reads only
 * `var(--_x)`. Dark follows `prefers-color-scheme` unless the host sets
 * `theme="light"` or `theme="dark"`. Colours meet WCAG AA contrast in both.
 */
const dark = css`
  --_accent: var(--ew-color-accent-dark, #a8b4ff);
  --_on-accent: var(--ew-color-on-accent-dark, #10121f);
  --_bg: var(--ew-color-surface-dark, #17161b);
  --_raised: var(--ew-color-raised-dark, #24232a);
  --_fg: var(--ew-color-text-dark, #eeedf2);
  --_muted: var(--ew-color-muted-dark, #b9b6c2);
  --_border: var(--ew-color-border-dark, #55525e);
  --_danger: var(--ew-color-danger-dark, #ffb4ab);
  --_success: var(--ew-color-success-dark, #8fdba2);
`;

export const themeStyles = css`
  :host {
    --_accent: var(--ew-color-accent, #3b3fd8);
    --_on-accent: var(--ew-color-on-accent, #ffffff);
    --_bg: var(--ew-color-surface, #ffffff);
    --_raised: var(--ew-color-raised, #f4f3f8);
    --_fg: var(--ew-color-text, #1c1b1f);
    --_muted: var(--ew-color-muted, #55525e);
    --_border: var(--ew-color-border, #8a8694);
    --_danger: var(--ew-color-danger, #b3261e);
    --_success: var(--ew-color-success, #146c2e);
    --_radius: var(--ew-radius, 8px);
    --_font: var(--ew-font-family, system-ui, -apple-system, 'Segoe UI', sans-serif);
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
      ${dark}
    }
  }
  :host([theme='dark']) {
    ${dark}
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
    min-height: 44px;
    padding: 0 calc(var(--_space) * 1.25);
    border-radius: var(--_radius);
    border: 1px solid var(--_accent);
    background: var(--_accent);
    color: var(--_on-accent);
    cursor: pointer;
  }
  button.secondary {
    background: transparent;
    color: var(--_fg);
    border-color: var(--_border);
  }
  button.link {
    background: none;
    border: none;
    color: var(--_accent);
    text-decoration: underline;
    min-height: 32px;
    padding: 0;
    justify-self: start;
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
  button:focus-visible,
  input:focus-visible,
  summary:focus-visible,
  ::slotted(input:focus-visible) {
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
  [part~='spinner'] {
    display: inline-block;
    width: 1em;
    height: 1em;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    vertical-align: -0.125em;
    margin-inline-end: 0.5em;
    animation: ew-spin 0.8s linear infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    [part~='spinner'] {
      animation-duration: 2.4s;
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
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
    align-items: center;
  }
`;
