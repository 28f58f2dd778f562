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
  /* appearance="plain": no box of its own, the host's card or page is the frame. */
  :host([appearance='plain']) {
    max-width: none;
    padding: 0;
    border: none;
    border-radius: 0;
  }
  /* Each section is one disclosure row: its title, a chevron that turns when open. */
  details {
    border-top: 1px solid var(--_border);
  }
  summary {
    display: flex;
    align-items: center;
    justify-content: space-between;
    min-height: 44px;
    cursor: pointer;
    font-weight: 600;
    list-style: none;
  }
  summary::-webkit-details-marker {
    display: none;
  }
  summary::after {
    content: '';
    width: 0.5em;
    height: 0.5em;
    margin-inline-end: 0.25em;
    border-right: 2px solid var(--_muted);
    border-bottom: 2px solid var(--_muted);
    transform: rotate(45deg);
    transition: transform 0.15s;
  }
  details[open] > summary::after {
    transform: rotate(-135deg);
  }
  details[open] > :not(summary) {
    padding-bottom: var(--_space);
  }
  @media (prefers-reduced-motion: reduce) {
    summary::after {
      transition: none;
    }
  }
  .notice {
    padding: calc(var(--_space) / 2) var(--_space);
    border-radius: var(--_radius);
    background: var(--_raised);
  }
`;
