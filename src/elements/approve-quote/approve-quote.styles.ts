import { css } from 'lit';

export const approveQuoteStyles = css`
  /* Approve waits off without transparency: an engine that tracks visibility (IntersectionObserver
     v2) reports a see-through button as hidden, and the button must be seen to arm. It stays
     focusable (aria-disabled), and fills from the start edge while it arms. */
  [part~='submit'] {
    position: relative;
    overflow: hidden;
    isolation: isolate;
  }
  [part~='submit'][aria-disabled='true'] {
    cursor: not-allowed;
    background: color-mix(in srgb, var(--_accent) 55%, var(--_bg));
    border-color: transparent;
  }
  [part~='submit'].arming::before {
    content: '';
    position: absolute;
    inset: 0;
    z-index: -1;
    background: var(--_accent);
    transform-origin: left;
    animation: ew-arm 600ms linear forwards;
  }
  :host(:dir(rtl)) [part~='submit'].arming::before {
    transform-origin: right;
  }
  @keyframes ew-arm {
    from {
      transform: scaleX(0);
    }
    to {
      transform: scaleX(1);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    [part~='submit'].arming::before {
      animation: none;
      transform: scaleX(0);
    }
  }
  dl {
    display: grid;
    /* Labels take what is left and may wrap; amounts keep their width and never break mid-number. */
    grid-template-columns: minmax(0, 1fr) auto;
    /* No column gap: the total's rule runs unbroken across both columns. */
    gap: 6px 0;
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
    text-align: end;
    white-space: nowrap;
    padding-inline-start: 16px;
  }
  /* A receipt: what leaves, what it costs, then what arrives under a rule. */
  .total {
    border-top: 1px solid var(--_border);
    padding-top: 6px;
    font-weight: 600;
  }
  .amount {
    font-size: 1.125em;
  }
  /* What leaves the wallet is the largest figure on the screen: a row of its own, on one line. */
  .send {
    grid-column: 1 / -1;
    text-align: start;
    padding-inline-start: 0;
  }
  /* Wraps rather than overflow a narrow card (a long amount, another locale's format). */
  dd.send {
    white-space: normal;
    font-size: 2em;
    font-weight: 650;
    line-height: 1.2;
    margin-bottom: calc(var(--_space) / 2);
  }
  [part~='payee'] {
    display: grid;
    gap: 2px;
  }
  [part~='payee'] .skeleton {
    height: 1.25em;
  }
  [part~='payee'] .skeleton.short {
    width: 7em;
    height: 1em;
  }
  [part~='payee-name'] {
    font-size: 1.25em;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  [part~='destination-label'] {
    display: block;
    font-weight: 600;
    white-space: normal;
  }
  [part~='payee-name'] + [part~='destination-label'] {
    font-weight: 400;
  }
  [part~='name-check'].warn {
    color: var(--_danger);
    font-weight: 600;
  }
  /* Neutral: time running out is not a success. */
  .countdown {
    color: var(--_muted);
  }
  [part~='details'] p {
    margin-top: calc(var(--_space) / 2);
  }
  /* A 44 px target that keeps its disclosure marker (display: flex would drop it). */
  summary {
    cursor: pointer;
    min-height: 44px;
    box-sizing: border-box;
    padding-block: 12px;
    color: var(--_accent);
  }
  /* The whole committed id: two accounts that share an ending must not look alike. */
  [part~='account'] {
    display: block;
    font-family: var(--_font-mono);
    font-size: 0.8125em;
    overflow-wrap: anywhere;
  }
  [part~='warning'] {
    color: var(--_danger);
    font-weight: 600;
    border-inline-start: 3px solid var(--_danger);
    padding-inline-start: calc(var(--_space) / 2);
  }
  /* The receipt: a mark in the status's colour, what happened, then its facts and Done. */
  [part~='receipt'] {
    display: grid;
    gap: var(--_space);
  }
  /* The status as a block of its own, its mark above it: it takes the place of Approve, so the
     second press of a double click lands on it (and keeps the focus there), not past it. */
  [part~='receipt'] > [part~='status'] {
    display: grid;
    justify-items: center;
    gap: calc(var(--_space) / 2);
    padding: var(--_space);
    text-align: center;
    font-size: 1.125em;
    font-weight: 600;
  }
  .mark {
    display: inline-flex;
    color: var(--_accent);
  }
  .mark .icon,
  .mark [part~='spinner'] {
    width: 3em;
    height: 3em;
  }
  .mark [part~='spinner'] .icon {
    width: 100%;
    height: 100%;
  }
  [data-state='completed'] .mark {
    color: var(--_success);
  }
  [data-state='failed'] .mark {
    color: var(--_danger);
  }
  .reference {
    display: flex;
    align-items: center;
    justify-content: flex-end;
    gap: 2px;
  }
  [part~='reference'] {
    font-family: var(--_font-mono);
  }
  /* A whole 44 px target that does not make its row taller than the others. */
  .reference button {
    margin-block: -10px;
    margin-inline-end: calc(var(--_space) / -2);
  }
  [part~='done'] {
    width: 100%;
  }
  [part~='receipt'] p[role='status']:empty {
    display: none;
  }
`;
