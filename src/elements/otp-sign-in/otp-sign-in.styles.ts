import { css } from 'lit';

export const otpSignInStyles = css`
  .field {
    display: grid;
    gap: 4px;
  }
  .label {
    font-weight: 600;
  }
  ::slotted(input) {
    font: inherit;
    font-size: 1.5em;
    letter-spacing: 0.3em;
    min-height: 48px;
    padding: 0 var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    color: var(--_fg);
    background: var(--_raised);
    max-width: 14ch;
  }
`;
