import { html, nothing, type PropertyValues } from 'lit';
import { spinner } from '../icons/icons.js';
import type { AuthMethod, OidcTokenProvider } from '../../client/index.js';
import { CODE_SLOT } from '../shared/code-slot.js';
import { errorText } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { ClientRead } from '../shared/client-read.js';
import { WalletElement } from '../shared/wallet-element.js';
import { visibleLabel } from '../shared/format.js';
import { signInStyles } from './sign-in.styles.js';

/**
 * Offers every sign-in method the wallet has: email and SMS codes, each
 * passkey, and OAuth when the host gave a token provider. A wallet with no
 * credential yet (the service creates wallets bare) offers the code methods
 * of `first-sign-in`; sending the first code registers that credential.
 *
 * @summary The signed-out view: the wallet's sign-in methods.
 * @tagname ew-sign-in
 * @slot ew-code - Used by the elements themselves for the code field (see `<ew-otp-sign-in>`).
 * @csspart base - The wrapper.
 * @csspart error - The error message.
 * @event {EwSignedInEvent} ew-signed-in - From the method used.
 * @event {EwErrorEvent} ew-error - Loading the methods or a sign-in failed.
 * @event {EwReadyEvent} ew-ready - The sign-in methods are shown.
 * @event {EwLoadErrorEvent} ew-load-error - The sign-in methods could not load.
 */
export class EwSignIn extends WalletElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-sign-in';
  static override styles = [themeStyles, signInStyles];
  static override properties = {
    oidcTokenProvider: { attribute: false },
    oauthLabel: { attribute: 'oauth-label' },
    firstSignIn: { attribute: 'first-sign-in' },
    activeOtp: { state: true },
  };

  declare oidcTokenProvider: OidcTokenProvider | undefined;
  /** Label of the OAuth button (e.g. "Continue with Google"). */
  declare oauthLabel: string | undefined;
  /**
   * Code methods offered while the wallet has no credential yet (its first
   * sign-in registers one, to the customer's own email or phone): `email`
   * (default), `sms`, `email sms`, or `none`.
   */
  declare firstSignIn: string | undefined;
  /** The code method a code was sent for (credential id, or `first-<channel>`): its field is shown alone. */
  declare private activeOtp: string | undefined;

  protected static override providesWallet = true;

  /** The wallet's sign-in methods, read for each client. */
  private readonly methods = new ClientRead<AuthMethod[]>(this, this.wallet, this.readiness, {
    action: 'listCredentials',
    read: (client) => client.listCredentials(),
  });

  constructor() {
    super();
    this.addEventListener('ew-otp-sent', (event) => {
      const from = event.composedPath()[0] as Element;
      if (from.localName === 'ew-otp-sign-in') this.activeOtp = from.getAttribute('data-method') ?? undefined;
    });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('client')) this.activeOtp = undefined;
  }

  /** Reloads the wallet's credentials. */
  load(): Promise<void> {
    return this.methods.load();
  }

  /**
   * A code method (without `id`: the first one, registered when the code is sent); once its
   * code is sent it is shown alone, with the code field forwarded to it.
   */
  private otp(id: string | undefined, channel: 'email' | 'sms') {
    const method = id ?? `first-${channel}`;
    const active = this.activeOtp === method;
    return html`<ew-otp-sign-in
      channel=${channel}
      credential-id=${id ?? nothing}
      data-method=${method}
      ?hidden=${this.activeOtp !== undefined && !active}
      >${active ? html`<slot name=${CODE_SLOT} slot="code"></slot>` : nothing}</ew-otp-sign-in
    >`;
  }

  protected override render() {
    const s = this.text;
    // The methods could not load: Try again stays, though a newer error elsewhere in the view is the one said.
    const { error, shownError } = this.wallet;
    if (!this.methods.value) {
      return html`<div part="base" aria-busy=${error ? 'false' : 'true'}>
        ${
          error
            ? html`${shownError ? html`<p part="error" role="alert">${errorText(shownError, s)}</p>` : nothing}
                <button class="secondary" type="button" @click=${() => this.load()}>${s.tryAgain}</button>`
            : html`<p role="status">${spinner()}${s.loading}</p>`
        }
      </div>`;
    }
    const of = (type: string) => this.methods.value!.filter((c) => c.type === type);
    const passkeys = of('PASSKEY');
    const focused = this.activeOtp !== undefined;
    // Each method keeps its place whatever is shown, so a code sent is never drawn anew (its field stays).
    const methods = [
      ...of('EMAIL_OTP').map((c) => this.otp(c.id, 'email')),
      ...of('SMS_OTP').map((c) => this.otp(c.id, 'sms')),
      ...(this.methods.value.length
        ? []
        : firstMethods(this.firstSignIn).map((channel) => this.otp(undefined, channel))),
      ...passkeys.map(
        (c) =>
          html`<ew-passkey-sign-in
            ?hidden=${focused}
            credential-id=${c.id}
            label=${passkeys.length > 1 ? `${s.signInWithPasskey} (${visibleLabel(c.nickname)})` : s.signInWithPasskey}
          ></ew-passkey-sign-in>`,
      ),
      ...(this.tokenProvider
        ? of('OAUTH').map(
            (c) =>
              html`<ew-oauth-sign-in
                ?hidden=${focused}
                credential-id=${c.id}
                label=${this.oauthLabel ?? s.signInWithOAuth}
              ></ew-oauth-sign-in>`,
          )
        : []),
    ];
    const [first, ...others] = methods;
    return html`<div part="base">
      <h2 tabindex="-1">${s.signInTitle}</h2>
      <div class=${focused ? 'methods' : 'methods choosing'}>
        ${first}
        <div class="or" ?hidden=${focused || !others.length}>${s.or}</div>
        ${others}
      </div>
      ${
        focused
          ? html`<button class="link" type="button" @click=${() => (this.activeOtp = undefined)}>
              ${s.useAnotherMethod}
            </button>`
          : nothing
      }
    </div>`;
  }
}

/** The channels of a `first-sign-in` value; unknown words are ignored. */
function firstMethods(value: string | undefined): ('email' | 'sms')[] {
  const words = (value ?? 'email').toLowerCase().split(/\s+/);
  return (['email', 'sms'] as const).filter((channel) => words.includes(channel));
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-sign-in': EwSignIn;
  }
}
