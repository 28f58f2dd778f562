import { css } from 'lit';

export const accountSettingsStyles = css`
  /*
   * Border-box here, not inherited: inside <ew-wallet>'s <details> this host inherits from the
   * details' own slot, which is content-box, and a full-width field then sticks out by its padding.
   */
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  section,
  form {
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  /* One column no wider than the screen: a long address breaks rather than widening it. */
  [part~='base'],
  section,
  form {
    grid-template-columns: minmax(0, 1fr);
  }
  section {
    overflow-wrap: anywhere;
  }
  section + section {
    padding-top: var(--_space);
    border-top: 1px solid var(--_border);
  }
  /* What is set, and its button: side by side when they fit, stacked on a narrow phone. */
  .head,
  .pair {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2) var(--_space);
    align-items: center;
    justify-content: space-between;
  }
  .current,
  .field {
    flex: 1 1 12em;
    min-width: 0;
  }
  h4 {
    margin: 0;
    font-size: 1em;
    font-weight: 600;
  }
  .field {
    display: grid;
    gap: 4px;
  }
  label {
    font-weight: 600;
  }
  input,
  select {
    font: inherit;
    width: 100%;
    min-width: 0;
    min-height: 44px;
    padding: 0 calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    color: var(--_fg);
    background: var(--_bg);
  }
  /* The ring inside the field's edge: a full-width field leaves no room outside it, and a card that clips would hide it. */
  input:focus-visible,
  select:focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: -3px;
  }
  input[aria-invalid='true'] {
    border-color: var(--_danger);
    outline-color: var(--_danger);
  }
  /* "Verify with a code" is an offer next to the message, not a full-width call to action. */
  ew-otp-sign-in::part(submit) {
    justify-self: start;
  }
  /* The privacy switch: a track whose thumb moves to the end, filled when on. */
  [part~='switch'] {
    display: inline-flex;
    align-items: center;
    flex: none;
    padding: 0 4px;
    border: none;
    background: transparent;
    color: var(--_fg);
  }
  [part~='switch'][aria-disabled='true'] {
    cursor: progress;
    opacity: 0.55;
  }
  .track {
    position: relative;
    width: 44px;
    height: 24px;
    border: 2px solid var(--_muted);
    border-radius: 12px;
    transition: background-color 0.15s;
  }
  .track::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: var(--_muted);
    transition: transform 0.15s;
  }
  [aria-checked='true'] .track {
    border-color: var(--_accent);
    background: var(--_accent);
  }
  [aria-checked='true'] .track::after {
    background: var(--_on-accent);
    transform: translateX(20px);
  }
  @media (prefers-reduced-motion: reduce) {
    .track,
    .track::after {
      transition: none;
    }
  }
`;
