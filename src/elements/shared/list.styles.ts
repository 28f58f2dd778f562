import { css } from 'lit';

/** Lists of sessions and credentials. */
export const listStyles = css`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 8px;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 8px;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .badge {
    display: inline-block;
    margin-inline-start: 8px;
    padding: 0 8px;
    border-radius: 999px;
    background: var(--_accent);
    color: var(--_on-accent);
    font-size: 0.8125em;
  }
`;
