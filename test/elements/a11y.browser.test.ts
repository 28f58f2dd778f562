/**
 * Accessibility: axe-core (WCAG 2.1 A/AA rules, shadow DOM included) on every
 * element in every state these flows reach, in the light and the dark theme,
 * with each flow driven by the keyboard alone. The dark pass runs in every
 * engine: through an emulated `prefers-color-scheme: dark` where the engine's
 * automation has one (Chromium), otherwise through the host's `theme="dark"`,
 * which applies the same palette; that the system scheme selects it is
 * checked on its own where it can be emulated.
 */
import { expect } from 'chai';
import { after, afterEach, before, describe, it, itNeeds, type Need } from '#test-harness';
import { axeViolations, loadAxe } from '../helpers/axe.js';
import { emulateColorScheme } from '../helpers/color-scheme.js';
import type { EwApproveQuote, EwWallet } from '../../src/elements/index.js';
import { newWallet, quoteFor } from '../helpers/browser-stack.js';
import { buttonNamed, deepActiveElement, deepQueryAll, sendKeys, tabTo, waitFor } from '../helpers/dom.js';
import { codeInput, mountWallet, nextEvent, signInByTyping } from '../helpers/elements.js';

/** Every state checked, with what axe said, so one run reports them all. */
const checked: string[] = [];

/** Runs axe on `el` and fails listing each violation with its nodes. */
async function expectAccessible(el: Element, state: string): Promise<void> {
  const lines = await axeViolations(el);
  checked.push(`${state}: ${lines.length} violations`);
  expect(lines, `axe in state "${state}"`).to.deep.equal([]);
}

for (const scheme of ['light', 'dark'] as const) {
  describe(`accessibility (${scheme})`, () => {
    /** Attributes that put the wallet in `scheme`: none when the system scheme is it (emulated or not). */
    let themed: Record<string, string> = {};
    before(async () => {
      await loadAxe();
      const emulated = await emulateColorScheme(scheme);
      themed = emulated.missing ? { theme: scheme } : {};
      console.log(`axe (${scheme}): ${emulated.missing ? `theme="${scheme}" (${emulated.missing})` : 'system scheme'}`);
    });
    after(async () => {
      await emulateColorScheme('light');
      console.log(`axe (${scheme}): ${checked.splice(0).join('; ')}`);
    });
    afterEach(() => {
      document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
    });

    it('sign-in: method list, code sent, wrong code, signed in with every section open', async () => {
      const wallet = await newWallet();
      const el: EwWallet = await mountWallet(wallet, themed);
      await waitFor(() => buttonNamed('Email me a code', el), 'the methods');
      await expectAccessible(el, 'signed out');

      await tabTo(buttonNamed('Email me a code', el)!);
      await sendKeys({ press: 'Enter' });
      const input = await codeInput(el);
      await waitFor(() => deepActiveElement() === input, 'focus on the code field');
      await expectAccessible(el, 'code sent');

      const failed = nextEvent(el, 'ew-error');
      await sendKeys({ type: '123456' });
      await failed;
      await waitFor(() => deepQueryAll('[role="alert"]', el).length > 0, 'the wrong-code message');
      await expectAccessible(el, 'wrong code');

      // Keyboard: focus stays on the field with the wrong code selected, so typing replaces it.
      await waitFor(
        () => deepActiveElement() === input && input.selectionStart === 0 && input.selectionEnd === input.value.length,
        'the field ready again',
      );
      await sendKeys({ type: '000000' });
      await waitFor(() => el.client?.state.status === 'signed-in', 'signed in');
      await expectAccessible(el, 'signed in');

      for (const summary of deepQueryAll<HTMLElement>('summary', el)) {
        await tabTo(summary);
        await sendKeys({ press: 'Enter' });
      }
      await waitFor(() => deepQueryAll('details', el).every((d) => (d as HTMLDetailsElement).open), 'sections open');
      await waitFor(() => buttonNamed(/^Remove Email code/, el), 'the methods listed');
      await expectAccessible(el, 'sections open');

      // Recovery phrase by keyboard: Space on the confirmation, Enter on "Reveal".
      const confirm = await waitFor(() => deepQueryAll<HTMLInputElement>('input[type="checkbox"]', el)[0], 'confirm');
      await tabTo(confirm);
      await sendKeys({ press: ' ' }); // the space character: a key name every automation knows
      const reveal = buttonNamed('Reveal recovery phrase', el)!;
      await waitFor(() => !reveal.disabled, 'reveal enabled');
      await tabTo(reveal);
      await sendKeys({ press: 'Enter' });
      await waitFor(() => deepQueryAll('[part~="words"] li', el).length >= 12, 'the words');
      await expectAccessible(el, 'recovery phrase shown');
    });

    it('quote approval: summary, armed, approved, all by keyboard', async () => {
      const wallet = await newWallet();
      const el = await mountWallet(wallet, { 'hide-sections': '', ...themed });
      await signInByTyping(el);
      const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
      approve.quote = await quoteFor(wallet);
      el.append(approve);
      const button = await waitFor(() => deepQueryAll<HTMLButtonElement>('[part~="submit"]', approve)[0], 'approve');
      await expectAccessible(el, 'quote shown (not armed)');
      button.scrollIntoView({ block: 'center' }); // the user scrolls to it: it arms once wholly in view
      await waitFor(() => button.getAttribute('aria-disabled') === 'false', 'armed');
      await expectAccessible(el, 'quote armed');

      const signature = nextEvent(el, 'ew-signature');
      await tabTo(button);
      // Tabbing may scroll it out of view and back: it arms again, in the Tab order, before Enter counts.
      await waitFor(() => button.getAttribute('aria-disabled') === 'false', 'armed when focused');
      await sendKeys({ press: 'Enter' });
      expect((await signature).detail.quoteId).to.equal(approve.quote!.id);
      await waitFor(() => deepQueryAll('[part~="message"]', approve)[0]?.textContent?.includes('Approved'), 'approved');
      await expectAccessible(el, 'approved');

      // A quote that fails its check, and one the host allowed unverified (an opaque payload).
      const real = approve.quote!;
      approve.quote = { ...real, destination: { ...real.destination, accountId: 'ExternalAccount:other' } };
      await waitFor(() => deepQueryAll('[part~="error"]', approve)[0], 'the refusal');
      await expectAccessible(el, 'quote refused');
      const payload = JSON.parse(real.paymentInstructions![0]!.accountOrWalletInfo!.payloadToSign!);
      payload.parameters.unsignedTransaction = 'f86c0a8502540be400825208';
      approve.allowUnverifiedPayment = true;
      approve.quote = {
        ...real,
        paymentInstructions: [
          { accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: JSON.stringify(payload) } },
        ],
      };
      await waitFor(() => deepQueryAll('[part~="warning"]', approve)[0], 'the unverified warning');
      await expectAccessible(el, 'payment unverified');
    });
  });
}

const DARK_SURFACE = 'rgb(23, 22, 27)';
const DARK_RAISED = 'rgb(36, 35, 42)';

describe('accessibility (dark by attribute on a light system)', () => {
  before(loadAxe);
  afterEach(() => document.querySelectorAll('ew-wallet').forEach((el) => el.remove()));

  it('theme="dark" passes colour contrast while the system is light', async () => {
    const el = await mountWallet(await newWallet(), { theme: 'dark' });
    await waitFor(() => buttonNamed('Email me a code', el), 'the methods');
    expect(getComputedStyle(el).backgroundColor).to.equal(DARK_SURFACE);
    await expectAccessible(el, 'dark override');
  });

  it('theme="dark" holds inside: the nested sign-in panels and a slotted approval are dark too', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet, { theme: 'dark', 'hide-sections': '' });
    await tabTo(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
    await sendKeys({ press: 'Enter' });
    // The code field is drawn by <ew-otp-sign-in>, two shadow roots down.
    const input = await codeInput(el);
    expect(getComputedStyle(input).color, 'code field text').to.equal('rgb(238, 237, 242)');
    expect([DARK_SURFACE, DARK_RAISED], 'code field background').to.include(getComputedStyle(input).backgroundColor);
    await waitFor(() => deepActiveElement() === input, 'focus on the code field');
    await sendKeys({ type: '000000' });
    await waitFor(() => el.client?.state.status === 'signed-in', 'signed in');
    const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
    approve.quote = await quoteFor(wallet);
    el.append(approve);
    await waitFor(() => deepQueryAll('[part~="submit"]', approve)[0], 'the approval');
    expect(getComputedStyle(approve).backgroundColor, 'slotted <ew-approve-quote>').to.equal(DARK_SURFACE);
    await expectAccessible(el, 'dark override, signed in with an approval');
    // The scheme comes from the wallet; the colours are still each element's own to set.
    approve.style.setProperty('--ew-color-surface-dark', 'rgb(1, 2, 3)');
    expect(getComputedStyle(approve).backgroundColor, "the slotted element's own dark surface").to.equal(
      'rgb(1, 2, 3)',
    );
  });
});

describe('the system colour scheme', () => {
  let dark: Need = {};
  before(async () => {
    dark = await emulateColorScheme('dark');
  });
  after(() => emulateColorScheme('light'));
  afterEach(() => document.querySelectorAll('ew-wallet').forEach((el) => el.remove()));

  itNeeds(
    () => dark,
    'prefers-color-scheme: dark selects the dark palette; theme="light" keeps it light, inside too',
    async () => {
      const system = await mountWallet(await newWallet());
      await waitFor(() => buttonNamed('Email me a code', system), 'the methods');
      expect(getComputedStyle(system).backgroundColor).to.equal(DARK_SURFACE);
      const light = await mountWallet(await newWallet(), { theme: 'light' });
      await tabTo(await waitFor(() => buttonNamed('Email me a code', light), 'the email button'));
      await sendKeys({ press: 'Enter' });
      const input = await codeInput(light);
      expect(getComputedStyle(light).backgroundColor).to.equal('rgb(255, 255, 255)');
      expect(getComputedStyle(input).color, 'nested code field text').to.equal('rgb(28, 27, 31)');
    },
  );
});
