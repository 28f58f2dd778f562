import { html, nothing, type PropertyValues } from 'lit';
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
 * @csspart error - The error message.
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
    this.input?.remove();
    this.input = undefined;
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
      this.ensureInput().focus();
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
      this.input?.remove();
      this.input = undefined;
    } else if (this.input) {
      // Keep the user where they were: focused, the wrong code selected so typing replaces it.
      this.input.focus();
      this.input.select();
    }
  }

  private ensureInput(): HTMLInputElement {
    if (this.input) return this.input;
    const s = this.text;
    const input = document.createElement('input');
    Object.assign(input, {
      type: 'text',
      autocomplete: 'one-time-code',
      inputMode: 'numeric',
      name: 'one-time-code',
    });
    input.setAttribute('aria-label', s.codeLabel);
    input.setAttribute('enterkeyhint', 'done');
    input.maxLength = 20; // room for pasted separators before they are stripped
    input.addEventListener('input', () => this.onInput());
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') void this.submit();
    });
    const home = outermostWalletHost(this);
    input.slot = home === this ? 'code' : CODE_SLOT;
    home.append(input);
    this.input = input;
    return input;
  }

  private onInput(): void {
    const input = this.input!;
    const digits = input.value.replace(/\D/g, '').slice(0, this.codeLength);
    if (digits !== input.value) input.value = digits;
    if (digits.length === this.codeLength && !this.wallet.pending) void this.submit(digits);
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
  }

  protected override render() {
    const s = this.text;
    const { pending, error, action } = this.wallet;
    const errorLine = error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing;
    if (!this.flow) {
      return html`<div part="base">
        <button part="submit" type="button" ?disabled=${pending || !this.client} @click=${() => this.start()}>
          ${pending ? html`<span part="spinner" aria-hidden="true"></span>${s.sendingCode}` : this.channel === 'sms' ? s.signInWithSms : s.signInWithEmail}
        </button>
        <div aria-live="polite">${errorLine}</div>
      </div>`;
    }
    const waitMs = this.flow.resendAvailableAt - this.clock.now;
    const verifying = pending && action === 'verifyCode';
    return html`<div part="base">
      <p part="message" role="status">${s.codeSentTo(maskDestination(this.flow.destination))}</p>
      <div class="field">
        <span class="label" aria-hidden="true">${s.codeLabel}</span>
        <slot name="code"></slot>
        <span class="muted">${s.codeHint}</span>
      </div>
      <div class="row">
        <button part="submit" type="button" ?disabled=${pending} @click=${() => this.submit()}>
          ${verifying ? html`<span part="spinner" aria-hidden="true"></span>${s.verifying}` : s.verify}
        </button>
        <button class="secondary" type="button" ?disabled=${pending || waitMs > 0} @click=${() => this.start()}>
          ${waitMs > 0 ? s.resendIn(Math.ceil(waitMs / 1000)) : s.resend}
        </button>
      </div>
      <div aria-live="polite">${errorLine}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-otp-sign-in': EwOtpSignIn;
  }
}
