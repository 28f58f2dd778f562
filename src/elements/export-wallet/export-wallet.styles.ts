import { css } from 'lit';

export const exportWalletStyles = css`
  .warning {
    font-weight: 600;
  }
  .confirm {
    display: flex;
    gap: 8px;
    align-items: center;
    /* The whole line is the check box's target: 44 px even when it fits on one line. */
    min-height: 44px;
    cursor: pointer;
  }
  .confirm input {
    width: 20px;
    height: 20px;
  }
  ol {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(9em, 1fr));
    gap: 6px 16px;
    margin: 0;
    padding: var(--_space) var(--_space) var(--_space) calc(var(--_space) * 2.5);
    background: var(--_raised);
    border-radius: var(--_radius);
    font-family: var(--_font-mono);
  }
`;
