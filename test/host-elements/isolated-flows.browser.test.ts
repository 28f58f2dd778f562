/**
 * The wallet's other flows in isolated mode, each by keyboard inside the
 * frame (this page cannot reach into it), in every engine: sign-in by SMS
 * code; the recovery phrase revealed in the frame, where this page never sees
 * a word of it and hears only that it was shown. The email code, the
 * approval and passkeys have files of their own (isolated-wallet,
 * isolated-approval, isolated-approval-window, isolated-passkey).
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { newWallet } from '../helpers/browser-stack.js';
import { waitFor } from '../helpers/dom.js';
import {
  frameWallets,
  isolatedWallet,
  pressInFrame,
  resetFrameApproval,
  signInByKeyboard,
} from '../helpers/isolated-frame.js';

afterEach(() => {
  document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  resetFrameApproval();
});

describe('isolated mode: the wallet’s flows in the frame', () => {
  it('signs in by SMS code in the frame', async () => {
    const { heard, details } = await isolatedWallet(await newWallet({ phone: true }));
    await signInByKeyboard(heard, 'Text me a code');
    expect(details['ew-signed-in']).to.include({ method: 'SMS_OTP' });
  });

  it('reveals the recovery phrase in the frame only: this page hears that it was shown, never a word', async () => {
    const typed: string[] = [];
    const { el, heard, details } = await isolatedWallet(
      await newWallet(),
      [location.origin],
      undefined,
      document.body,
      {
        sections: true,
      },
    );
    el.addEventListener('ew-wallet-exported', () => typed.push('exported'));
    await signInByKeyboard(heard);
    await pressInFrame('Recovery phrase');
    // The confirmation is a check box: Space ticks it, as a keyboard user does.
    await pressInFrame('I understand, show my recovery phrase', ' ');
    await pressInFrame('Reveal recovery phrase');
    await waitFor(() => typed.includes('exported'), 'ew-wallet-exported on the host');
    await waitFor(() => frameWallets().some((w) => w.words === 12), 'twelve words shown in the frame');
    expect(details['ew-wallet-exported'] ?? {}).to.deep.equal({});
    // Nothing of the frame's text is in this page: its element has no open root, its iframe another origin.
    expect(el.shadowRoot).to.equal(null);
    expect(document.body.innerText).to.not.match(/\b[a-z]+ [a-z]+ [a-z]+ [a-z]+ [a-z]+ [a-z]+ [a-z]+ [a-z]+\b/);
  });
});
