import { css } from 'lit';

/**
 * One primary way in, the others outlined under an "or" rule, at one even gap. The method
 * elements' buttons are styled through their `submit` part, so they keep their own sheets.
 */
export const signInStyles = css`
  .methods {
    display: grid;
    gap: var(--_space);
  }
  .methods > [hidden] {
    display: none;
  }
  /* While choosing, every method after the rule is secondary; a code sent shows its own alone. */
  .choosing > .or ~ *::part(submit) {
    background: transparent;
    color: var(--_fg);
    border-color: var(--_border);
  }
  .or {
    display: flex;
    align-items: center;
    gap: var(--_space);
    color: var(--_muted);
    font-size: 0.875em;
  }
  .or::before,
  .or::after {
    content: '';
    flex: 1;
    border-top: 1px solid var(--_border);
  }
`;
