import { css } from 'lit';

// The code field is the page's own element (shared/code-slot.ts), and the page's rules beat
// normal `::slotted()` ones (CSS Cascading 4, "Context": the outer tree wins). For `!important`
// rules the inner tree wins, so these hold the field's size and type against a page's reset or
// base input rules, whatever their specificity. A page's cap on inputs' `max-width` alone can
// narrow it: holding that too costs bytes the script tag's budget does not have. The colours are
// the theme's, so `--ew-*` restyles it.
export const otpSignInStyles = css`
  .field {
    display: grid;
    gap: 4px;
  }
  .label {
    font-weight: 600;
  }
  ::slotted(input) {
    box-sizing: border-box !important;
    height: auto !important;
    min-height: 48px !important;
    /* Its own width, and no wider than the card: Firefox otherwise held a 320 px phone's card open for it. */
    width: min(100%, 16ch) !important;
    margin: 0 !important;
    padding: 0 var(--_space) !important;
    border: 1px solid var(--_border) !important;
    border-radius: var(--_radius) !important;
    font: inherit !important;
    font-size: 1.5em !important;
    letter-spacing: 0.3em !important;
    text-transform: none !important;
    color: var(--_fg) !important;
    background: var(--_raised) !important;
  }
  ::slotted(input[aria-invalid='true']) {
    border-color: var(--_danger) !important;
  }
  ::slotted(input:focus-visible) {
    outline: 3px solid var(--_accent) !important;
    outline-offset: 2px !important;
  }
  /* Verify, then resend under it, each the card's width: as the methods were (a long resend wait never wraps beside Verify). */
  .row {
    display: grid;
  }
`;
