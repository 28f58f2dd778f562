import { css } from 'lit';

export const walletStyles = css`
  :host {
    max-width: 36rem;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  [part~='header'] {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: var(--_space);
    align-items: center;
  }
  details {
    border-top: 1px solid var(--_border);
    padding-top: calc(var(--_space) / 2);
  }
  summary {
    cursor: pointer;
    font-weight: 600;
    min-height: 32px;
  }
  .notice {
    padding: calc(var(--_space) / 2) var(--_space);
    border-radius: var(--_radius);
    background: var(--_raised);
  }
`;
