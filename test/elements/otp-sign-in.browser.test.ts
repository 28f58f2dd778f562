/**
 * `<ew-otp-sign-in>` in `<ew-wallet>` as a user drives it, against the sandbox
 * through the relay: the code field in the light DOM for autofill, a pasted
 * code, a wrong code, and the resend countdown.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { advanceSandbox, control, newWallet, platform } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepQueryAll, eachFrame, sendKeys, sendMouse, waitFor } from '../helpers/dom.js';
import { alertText, codeInput, mountWallet as mount } from '../helpers/elements.js';
import { accessibleNodes } from '../helpers/accessibility.js';

/** Every `type` event `el` sends from now on. */
function events(el: EventTarget, type: string): Event[] {
  const seen: Event[] = [];
  el.addEventListener(type, (event) => seen.push(event));
  return seen;
}

describe('<ew-otp-sign-in>', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
  });

  it('the code field is in the light DOM with one-time-code autofill hints, so OS autofill can reach it', async () => {
    const wallet = await newWallet();
    const el = await mount(wallet);
    await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
    const input = await codeInput(el);
    expect(input.getRootNode()).to.equal(document);
    // The attributes, as autofill reads them (Firefox reflects an `autocomplete` token it does not know as '').
    const hints = ['autocomplete', 'inputmode', 'aria-label'].map((name) => input.getAttribute(name));
    expect(hints).to.deep.equal(['one-time-code', 'numeric', 'Verification code']);
  });

  it('a pasted "000 000" is normalised and submitted; a wrong code shows a message and keeps the field', async () => {
    const wallet = await newWallet();
    const el = await mount(wallet);
    await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
    const input = await codeInput(el);
    input.focus();
    await sendKeys({ type: '111111' });
    const error = await waitFor(() => deepQueryAll('[part~="error"]', el)[0], 'an error message');
    expect(error.textContent).to.match(/code is not right/);
    expect(el.client!.state.status).to.equal('signed-out');
    // Paste: the clipboard is not reachable headless, so insert text as a paste would (an input event with the whole value).
    input.select();
    await sendKeys({ press: 'Backspace' });
    input.value = '000 000';
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: '000 000' }));
    await waitFor(() => el.client?.state.status === 'signed-in', 'signed in after the paste');
  });

  it('the resend countdown starts at the send: no "Send a new code" to press (and be refused) until it ends', async () => {
    const wallet = await newWallet();
    const el = await mount(wallet);
    const sent = events(el, 'ew-otp-sent');
    const errors = events(el, 'ew-error');
    await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
    // The frame the field appears in already shows the wait, with no click.
    const input = await eachFrame(() => deepQueryAll('input[autocomplete="one-time-code"]', el)[0], 'the code field');
    const countdown = buttonNamed(/^Send a new code in \d+ s$/, el);
    expect(countdown?.disabled, 'a disabled countdown beside the new field').to.equal(true);
    expect(Number(/in (\d+) s/.exec(countdown!.textContent!)![1])).to.be.within(25, 30);
    expect(input.getAttribute('aria-invalid')).to.equal(null);
    // A real click on it does nothing: no second code asked for, so no refusal either.
    const box = countdown!.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
    });
    await advanceSandbox(31_000);
    await el.client!.listSessions(); // the next answer moves the client's server clock
    const resend = await waitFor(
      () => buttonNamed('Send a new code', el)?.disabled === false && buttonNamed('Send a new code', el),
      'resend enabled once the wait is over',
    );
    expect(alertText(el)).to.deep.equal([]);
    // A new code starts the wait again.
    await click(resend);
    await waitFor(() => sent.length === 2 || undefined, 'the new code sent');
    const again = await waitFor(() => buttonNamed(/^Send a new code in \d+ s$/, el), 'the countdown again');
    expect(again.disabled).to.equal(true);
    expect(Number(/in (\d+) s/.exec(again.textContent!)![1])).to.be.within(25, 30);
    expect([errors.length, alertText(el)]).to.deep.equal([0, []]);
  });

  it('a resend the service refuses (a code sent from elsewhere) counts down from its Retry-After, then enables again', async () => {
    const wallet = await newWallet();
    const el = await mount(wallet);
    await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
    await codeInput(el);
    await advanceSandbox(31_000);
    await el.client!.listSessions();
    const resend = await waitFor(() => buttonNamed('Send a new code', el), 'the resend button');
    // Another tab (or the partner's backend) asks for a code: the service refuses the next one for 30 s.
    expect((await platform('POST', `/auth/credentials/${wallet.emailCredentialId}/challenge`, {})).status).to.equal(
      200,
    );
    await click(resend);
    const countdown = await waitFor(() => buttonNamed(/Send a new code in \d+ s/, el), 'the countdown');
    expect(countdown.disabled).to.equal(true);
    expect(Number(/in (\d+) s/.exec(countdown.textContent!)![1])).to.be.within(20, 30);
    await advanceSandbox(31_000);
    await el.client!.listSessions();
    await waitFor(
      () => buttonNamed('Send a new code', el) && !buttonNamed('Send a new code', el)!.disabled,
      'resend enabled again',
      5_000,
    );
  });

  it('a wrong code is said under the field, which is aria-invalid and described by it in its own tree; typing or a new code clears it', async () => {
    const wallet = await newWallet();
    const el = await mount(wallet);
    await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
    const input = await codeInput(el);
    input.focus();
    await sendKeys({ type: '111111' });
    const error = await waitFor(() => deepQueryAll('[part~="error"]', el)[0], 'an error message');
    const words = 'That code is not right. Check it and try again.';
    // One error line, and it is this one.
    expect(alertText(el)).to.deep.equal([words]);
    // Under the field, before the buttons.
    const field = input.getBoundingClientRect();
    const line = error.getBoundingClientRect();
    expect(line.top - field.bottom, 'gap between field and error').to.be.within(0, 8);
    expect(line.bottom).to.be.at.most(buttonNamed('Verify', el)!.getBoundingClientRect().top);
    // The field names it: IDREFs resolve in the input's own tree (the page's), not across a shadow root.
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(getComputedStyle(input).borderTopColor, "the field's border in the error's colour").to.equal(
      getComputedStyle(error).color,
    );
    const tree = input.getRootNode() as Document;
    const described = input.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
    expect(described.map((id) => tree.getElementById(id)?.textContent?.trim())).to.deep.equal([words]);
    // The description's element is not a second line on screen.
    expect(described.flatMap((id) => [...tree.getElementById(id)!.getClientRects()])).to.deep.equal([]);
    const ax = await accessibleNodes('Verification code');
    if (ax.missing) console.log(`accessible description not read from the engine: ${ax.missing}`);
    else expect(ax.nodes!.filter((n) => n.role === 'textbox')).to.deep.equal([{ role: 'textbox', description: words }]);

    // Typing again (the wrong code is selected: a key replaces it) clears the error.
    await sendKeys({ press: '1' });
    const cleared = () =>
      deepQueryAll('[part~="error"]', el).length === 0 &&
      !input.hasAttribute('aria-invalid') &&
      !input.hasAttribute('aria-describedby');
    await waitFor(cleared, 'the error cleared by typing');
    // Wrong again, then a new code clears it.
    await sendKeys({ type: '11111' });
    await waitFor(() => input.getAttribute('aria-invalid') === 'true', 'the second wrong code refused');
    await advanceSandbox(31_000);
    await el.client!.listSessions();
    await click(await waitFor(() => buttonNamed('Send a new code', el), 'the resend button'));
    await waitFor(() => buttonNamed(/^Send a new code in \d+ s$/, el), 'the new code sent');
    await waitFor(cleared, 'the error cleared by the new code');
    expect(alertText(el)).to.deep.equal([]);
  });

  it('a check that failed (the service, not the code) is said under the field, keeps the code and does not call it wrong', async () => {
    const wallet = await newWallet();
    const el = await mount(wallet);
    await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
    const input = await codeInput(el);
    await control('/faults', {
      method: 'POST',
      path: `/auth/credentials/${wallet.emailCredentialId}/verify`,
      kind: '500',
    });
    input.focus();
    await sendKeys({ type: '000000' });
    const error = await waitFor(() => deepQueryAll('[part~="error"]', el)[0], 'an error message');
    expect(alertText(el)).to.deep.equal(['The wallet service had a problem. Try again shortly.']);
    expect(error.getBoundingClientRect().top - input.getBoundingClientRect().bottom).to.be.within(0, 8);
    expect([input.value, input.getAttribute('aria-invalid')]).to.deep.equal(['000000', null]);
    const tree = input.getRootNode() as Document;
    expect(tree.getElementById(input.getAttribute('aria-describedby')!)?.textContent).to.equal(error.textContent);
    await click(buttonNamed('Verify', el)!);
    await waitFor(() => el.client?.state.status === 'signed-in', 'signed in with the same code');
  });

  describe("the code field under the page's own CSS", () => {
    // Base rules as Tailwind's preflight and Bootstrap's reboot write them, and an older site's form rules.
    const PAGE_RULES = `
      *, ::before, ::after { box-sizing: border-box; border: 0 solid; margin: 0; padding: 0 }
      input, button, select { font: inherit; font-size: 100%; line-height: 1.15; margin: 0; color: inherit; background-color: transparent }
      input { height: 36px; padding: .375rem .75rem; font-size: 1rem; letter-spacing: normal; font-family: serif; max-width: 100%; border-radius: 0 }
      body input[type='text'] { min-height: 0; text-transform: uppercase }
      :focus { outline: none }`;
    const design = (input: HTMLInputElement): Record<string, unknown> => {
      const style = getComputedStyle(input);
      return {
        height: style.height,
        boxHeight: input.getBoundingClientRect().height,
        ...Object.fromEntries(
          [
            ...['fontSize', 'fontFamily', 'letterSpacing', 'lineHeight', 'textTransform', 'color', 'backgroundColor'],
            ...['padding', 'margin', 'borderTopWidth', 'borderRadius', 'width'],
            // Focused (a new code focuses the field): its focus ring.
            ...['outlineStyle', 'outlineWidth'],
          ].map((name) => [name, style[name as keyof CSSStyleDeclaration]]),
        ),
      };
    };

    it('keeps its designed size and type under a reset and base input rules', async () => {
      const wallet = await newWallet();
      const el = await mount(wallet);
      await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
      const input = await codeInput(el);
      const plain = design(input);
      expect([plain['height'], plain['fontSize'], plain['outlineWidth']]).to.deep.equal(['48px', '24px', '3px']);
      const page = Object.assign(document.createElement('style'), { textContent: PAGE_RULES });
      document.head.append(page);
      try {
        expect(design(input)).to.deep.equal(plain);
      } finally {
        page.remove();
      }
    });

    it("inside a partner's shadow root whose own rules are those", async () => {
      const [first, second] = await Promise.all([newWallet(), newWallet()]);
      const reference = await mount(first);
      await click(await waitFor(() => buttonNamed('Email me a code', reference), 'the email button'));
      const plain = design(await codeInput(reference));
      const partner = document.body.appendChild(document.createElement('div'));
      try {
        const shadow = partner.attachShadow({ mode: 'open' });
        shadow.append(Object.assign(document.createElement('style'), { textContent: PAGE_RULES }));
        const el = await mount(second!);
        shadow.append(el);
        await click(await waitFor(() => buttonNamed('Email me a code', el), 'the email button'));
        const input = await codeInput(el);
        expect(input.getRootNode()).to.equal(shadow);
        expect(design(input)).to.deep.equal(plain);
      } finally {
        partner.remove();
      }
    });
  });
});
