import { html, nothing, type PropertyValues } from 'lit';
import { icon, MAIL, PHONE, spinner, waitStatus } from '../icons/icons.js';
import type { OtpSignIn } from '../../client/index.js';
import { EwCredentialAddedEvent } from '../events/credential-added.js';
import { EwOtpSentEvent } from '../events/otp-sent.js';
import { CODE_SLOT, outermostWalletHost } from '../shared/code-slot.js';
import { maskDestination } from '../shared/mask.js';
import { ServerTimeController } from '../shared/server-time.js';
import { errorText } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { WalletElement } from '../shared/wallet-element.js';
import { otpSignInStyles } from './otp-sign-in.styles.js';

let notes = 0;

const setOrRemove = (el: Element, name: string, value: string | false) =>
  value ? el.setAttribute(name, value) : el.removeAttribute(name);

/**
 * Email or SMS one-time-code sign-in: sends a code, takes it in one field
 * (OS autofill, paste of "123 456" or "123-456", WebOTP for SMS where the
 * browser has it), submits on the last digit, and offers a resend with the
 * service's countdown. The code field lives in the page's light DOM, where
 * browser and OS autofill can reach it (see shared/code-slot.ts). On a
 * wallet's first sign-in, "send me a code" also registers the wallet's email
 * (or SMS) credential (docs/protocol.md, "Sign-in flows").
 *
 * @summary One-time-code sign-in by email or SMS.
 * @tagname ew-otp-sign-in
 * @slot code - Filled by the element itself with the code `<input>` (light DOM, for autofill).
 * @csspart base - The wrapper.
 * @csspart submit - The send and verify buttons.
 * @csspart message - Where the code went.
 * @csspart error - The error message (under the field when it is about the code).
 * @csspart spinner - Progress indicator.
 * @event {EwCredentialAddedEvent} ew-credential-added - A first sign-in registered the wallet's email or SMS credential (before the code was sent).
 * @event {EwOtpSentEvent} ew-otp-sent - A code was sent; detail has the masked destination.
 * @event {EwSignedInEvent} ew-signed-in - The code was accepted and a session started.
 * @event {EwErrorEvent} ew-error - A step failed.
 * @event {EwReadyEvent} ew-ready - Drawn with a client: usable.
 */
export class EwOtpSignIn extends WalletElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-otp-sign-in';
  protected static override readyOnceDrawn = true;
  static override styles = [themeStyles, otpSignInStyles];

  // Reactive properties are declared statically (no decorators) so any build
  // tool compiles the elements; `declare` keeps TypeScript from emitting fields.
  static override properties = {
    channel: { reflect: true },
    credentialId: { attribute: 'credential-id' },
    codeLength: { attribute: 'code-length', type: Number },
    flow: { state: true },
  };

  /** `email` (default) or `sms`. */
  declare channel: 'email' | 'sms';
  /** The credential to use; the wallet's only one of the channel's type when unset. */
  declare credentialId: string | undefined;
  /** Digits in a code; the field submits itself when they are all there (default 6). */
  declare codeLength: number;
  declare private flow: OtpSignIn | undefined;

  private input: HTMLInputElement | undefined;
  /** The code error's words beside the input, in its tree: `aria-describedby` does not reach into a shadow root. */
  private note: HTMLElement | undefined;
  /** The resend countdown, on the service's clock: it ticks only while a wait is shown. */
  private readonly clock: ServerTimeController = new ServerTimeController(
    this,
    (): boolean => !!this.flow && this.flow.resendAvailableAt > this.clock.now,
  );
  private webOtp: AbortController | undefined;

  constructor() {
    super();
    this.channel = 'email';
    this.codeLength = 6;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Moved in the page: the field follows (it was removed on disconnect).
    if (this.flow) void this.updateComplete.then(() => this.flow && this.isConnected && this.ensureInput());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.webOtp?.abort();
    this.webOtp = undefined;
    this.dropField();
  }

  private dropField(): void {
    this.input?.remove();
    this.note?.remove();
    this.input = this.note = undefined;
  }

  /** Sends a code (or a new one). Resolves once it is sent, or the attempt failed. */
  async start(): Promise<void> {
    const client = this.client;
    if (!client) return;
    await this.wallet.run('sendCode', async () => {
      if (this.flow) {
        await this.flow.resend();
      } else {
        const options = this.credentialId ? { credentialId: this.credentialId } : {};
        this.flow = await (this.channel === 'sms'
          ? client.signInWithSmsOtp(options)
          : client.signInWithEmailOtp(options));
        const { registered } = this.flow;
        if (registered) {
          this.dispatchEvent(
            new EwCredentialAddedEvent({
              credentialId: registered.id,
              type: registered.type,
              nickname: registered.nickname,
            }),
          );
        }
      }
      this.dispatchEvent(
        new EwOtpSentEvent({ channel: this.channel, destination: maskDestination(this.flow.destination) }),
      );
    });
    await this.updateComplete;
    if (this.flow) {
      // A new code: the one in the field (if any) is selected, so typing replaces it.
      const input = this.ensureInput();
      input.focus();
      input.select();
      this.listenForWebOtp();
    }
  }

  /** Submits a code (normally typed, pasted or autofilled into the field). */
  async submit(code = this.input?.value ?? ''): Promise<void> {
    const flow = this.flow;
    if (!flow) return;
    const session = await this.wallet.run('verifyCode', () => flow.finish(code));
    if (session) {
      this.announceSignIn({ session, method: this.channel === 'sms' ? 'SMS_OTP' : 'EMAIL_OTP' });
      this.dropField();
    } else if (this.input) {
      // Keep the user where they were: focused, the wrong code selected so typing replaces it.
      this.input.focus();
      this.input.select();
    }
  }

  private ensureInput(): HTMLInputElement {
    if (this.input) return this.input;
    const input = document.createElement('input');
    Object.assign(input, {
      type: 'text',
      autocomplete: 'one-time-code',
      inputMode: 'numeric',
      name: 'one-time-code',
      maxLength: 20, // room for pasted separators before they are stripped
    });
    input.setAttribute('aria-label', this.text.codeLabel);
    input.setAttribute('enterkeyhint', 'done');
    input.addEventListener('input', () => this.onInput());
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') void this.submit();
    });
    const home = outermostWalletHost(this);
    input.slot = home === this ? 'code' : CODE_SLOT;
    // Hidden: a description may be, and the error's line on screen is the one under the field.
    this.note = Object.assign(document.createElement('span'), {
      id: `ew-code-error-${++notes}`,
      hidden: true,
      slot: input.slot,
    });
    home.append(input, this.note);
    this.input = input;
    this.requestUpdate(); // describes the new field by any error shown
    return input;
  }

  private onInput(): void {
    const input = this.input!;
    const digits = input.value.replace(/\D/g, '').slice(0, this.codeLength);
    if (digits !== input.value) input.value = digits;
    // Typing again answers the error about the last code: it goes.
    if (this.aboutCode) this.wallet.reset();
    if (digits.length === this.codeLength && !this.wallet.pending) void this.submit(digits);
  }

  /** The error shown is about the code: checking it failed. */
  private get aboutCode(): boolean {
    return !!this.wallet.shownError && this.wallet.action === 'verifyCode';
  }

  /** WebOTP (Chromium on Android): fills the code from the SMS when the user allows it. */
  private listenForWebOtp(): void {
    if (this.channel !== 'sms' || !('OTPCredential' in window) || this.webOtp) return;
    this.webOtp = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: this.webOtp.signal } as CredentialRequestOptions)
      .then((credential) => {
        const code = (credential as { code?: string } | null)?.code;
        if (code && this.input) {
          this.input.value = code;
          void this.submit(code);
        }
      })
      .catch(() => undefined); // dismissed or unsupported: the field still works
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (changed.has('client') && changed.get('client')) {
      this.flow = undefined;
      this.wallet.reset();
    }
    // Invalid when refused, not merely unchecked (a network failure): the code the field holds is wrong.
    const error = this.aboutCode && this.wallet.shownError!;
    if (this.input) {
      this.input.setAttribute('aria-label', this.text.codeLabel); // the words may have changed (a locale)
      this.note!.textContent = error ? errorText(error, this.text) : '';
      setOrRemove(this.input, 'aria-describedby', error && this.note!.id);
      setOrRemove(
        this.input,
        'aria-invalid',
        error && (error.code === 'UNAUTHORIZED' || error.code === 'INVALID_INPUT') && 'true',
      );
    }
  }

  protected override render() {
    const s = this.text;
    const { pending, shownError: error, action } = this.wallet;
    const errorLine = error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing;
    if (!this.flow) {
      return html`<div part="base">
        <button part="submit" type="button" ?disabled=${pending || !this.client} @click=${() => this.start()}>
          ${pending ? spinner() : icon(this.channel === 'sms' ? PHONE : MAIL)}
          <span class="label"
            >${pending ? s.sendingCode : this.channel === 'sms' ? s.signInWithSms : s.signInWithEmail}</span
          >
        </button>
        <div aria-live="polite">${errorLine}</div>
        ${waitStatus(pending && s.sendingCode)}
      </div>`;
    }
    const waitMs = this.flow.resendAvailableAt - this.clock.now;
    const verifying = pending && action === 'verifyCode';
    // One error line: about the code under the field, any other under the buttons.
    const aboutCode = this.aboutCode;
    return html`<div part="base">
      <p part="message" role="status">${s.codeSentTo(maskDestination(this.flow.destination))}</p>
      <div class="field">
        <span class="label" aria-hidden="true">${s.codeLabel}</span>
        <slot name="code"></slot>
        <div aria-live="polite">${aboutCode ? errorLine : nothing}</div>
        <span class="muted">${s.codeHint}</span>
      </div>
      <div class="row">
        <button part="submit" type="button" ?disabled=${pending} @click=${() => this.submit()}>
          ${verifying ? html`${spinner()}${s.verifying}` : s.verify}
        </button>
        <button class="secondary resend" type="button" ?disabled=${pending || waitMs > 0} @click=${() => this.start()}>
          ${waitMs > 0 ? s.resendIn(Math.ceil(waitMs / 1000)) : s.resend}
        </button>
      </div>
      <div aria-live="polite">${aboutCode ? nothing : errorLine}</div>
      ${waitStatus(pending && (verifying ? s.verifying : s.sendingCode))}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-otp-sign-in': EwOtpSignIn;
  }
}
