/**
 * The Approve button. It stays in the Tab order while it arms (`aria-disabled`; the element
 * ignores presses until armed, and a held key's repeats), and fills across for the wait instead
 * of words that come and go (arming.ts says when it arms). In a frame the host did not allow,
 * it says why it never arms.
 */
import { html } from 'lit';
import { spinner, waitStatus } from '../icons/icons.js';
import type { VerifiedQuote } from '../../client/index.js';
import type { WalletStrings } from '../strings/index.js';
import type { Arming } from './arming.js';

export interface ApproveButton {
  view: VerifiedQuote;
  /** Signing, or waiting for the confirmation window: what the button says meanwhile (presses wait). */
  pending: string | false;
  arming: Arming;
  /** In a frame the host did not allow: it never arms. */
  framed: boolean;
  press: () => void;
  s: WalletStrings;
}

export function approveButton({ view, pending, arming, framed, press, s }: ApproveButton) {
  const { armed, waiting } = arming;
  return html`<button
      part="submit"
      type="button"
      class=${waiting && !armed ? 'arming' : ''}
      aria-disabled=${!!pending || !armed ? 'true' : 'false'}
      aria-describedby=${view.verified ? 'arm-hint' : 'unverified arm-hint'}
      @keydown=${(event: KeyboardEvent) => event.repeat && event.preventDefault()}
      @click=${press}
    >
      ${pending ? html`${spinner()}${pending}` : s.approve}
    </button>
    ${waitStatus(pending)}
    <p id="arm-hint" class=${framed ? 'muted' : 'visually-hidden'}>
      ${armed ? '' : framed ? s.framedHint : s.armHint}
    </p>`;
}
