import { css } from 'lit';

export const walletOverviewStyles = css`
  dl {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space) calc(var(--_space) * 2);
    margin: 0;
  }
  dt {
    color: var(--_muted);
    font-size: 0.875em;
  }
  dd {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) / 2) var(--_space);
  }
  [part~='balance'] {
    font-size: 1.5em;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  [part~='updated'] {
    font-size: 0.875em;
  }
  .skeleton.amount {
    width: 6em;
    height: 1.5em;
  }
  /* The address on a line of its own, whole, in groups of four that wrap between groups; while
     it loads, a shape of its height holds the place, and the note and buttons stand where they
     will stay (nothing moves when it arrives). */
  [part~='address'],
  .address-shape {
    width: 100%;
    line-height: 1.5;
  }
  [part~='address'] {
    font-family: var(--_font-mono);
    word-spacing: 0.15em;
  }
  .address-shape {
    height: 1.5em;
  }
  .address-note {
    width: 100%;
    margin: 0;
    font-size: 0.875em;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
  }
  /* Side by side when they fit, else each the card's width (never a ragged stack). */
  .actions > button {
    flex: 1 1 auto;
  }
  [part~='qr'] {
    width: min(12rem, 100%);
    height: auto;
    justify-self: start;
    border-radius: var(--_radius);
  }
`;
