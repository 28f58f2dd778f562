import { css } from 'lit';

export const approveQuoteStyles = css`
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 6px 16px;
    margin: 0;
    padding: var(--_space);
    background: var(--_raised);
    border-radius: var(--_radius);
  }
  dt {
    color: var(--_muted);
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;
