import { html, LitElement, nothing, type PropertyValues } from 'lit';
import type { AuthMethod, OidcTokenProvider, WalletClient } from '../../client/index.js';
import { CODE_SLOT } from '../shared/code-slot.js';
import { ClientController } from '../shared/client-controller.js';
import { ReadyController } from '../shared/ready.js';
import { errorText, resolveStrings, type WalletStringOverrides } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { visibleLabel } from '../shared/format.js';

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
export class EwSignIn extends LitElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-sign-in';
  static override styles = [themeStyles];
  static override properties = {
    client: { attribute: false },
    oidcTokenProvider: { attribute: false },
    oauthLabel: { attribute: 'oauth-label' },
    firstSignIn: { attribute: 'first-sign-in' },
    strings: { attribute: false },
    credentials: { state: true },
    activeOtp: { state: true },
  };

  declare client: WalletClient | undefined;
  declare oidcTokenProvider: OidcTokenProvider | undefined;
  /** Label of the OAuth button (e.g. "Continue with Google"). */
  declare oauthLabel: string | undefined;
  /**
   * Code methods offered while the wallet has no credential yet (its first
   * sign-in registers one, to the customer's own email or phone): `email`
   * (default), `sms`, `email sms`, or `none`.
   */
  declare firstSignIn: string | undefined;
  declare strings: WalletStringOverrides | undefined;
  declare private credentials: AuthMethod[] | undefined;
  /** The code method a code was sent for (credential id, or `first-<channel>`): its field is shown alone. */
  declare private activeOtp: string | undefined;

  private readonly wallet = new ClientController(this);
  private readonly readiness = new ReadyController(this);

  constructor() {
    super();
    this.addEventListener('ew-otp-sent', (event) => {
      const from = event.composedPath()[0] as Element;
      if (from.localName === 'ew-otp-sign-in') this.activeOtp = from.getAttribute('data-method') ?? undefined;
    });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('client') && this.client) {
      this.credentials = undefined;
      this.activeOtp = undefined;
      this.readiness.reset();
      // A load still running for the client replaced must not hold this one back (its list is dropped).
      this.wallet.reset();
      void this.load();
    }
  }

  /** Reloads the wallet's credentials. */
  async load(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const list = await this.wallet.run('listCredentials', () => client.listCredentials());
    // A list for a client replaced meanwhile (another account) must not show under the new one.
    if (list && client === this.client) {
      this.credentials = list;
      this.readiness.ready();
    } else if (client === this.client) this.readiness.failed(this.wallet.error);
  }

  /**
   * A code method (without `id`: the first one, registered when the code is sent); once its
   * code is sent it is shown alone, with the code field forwarded to it.
   */
  private otp(id: string | undefined, channel: 'email' | 'sms') {
    const method = id ?? `first-${channel}`;
    const active = this.activeOtp === method;
    return html`<ew-otp-sign-in
      .client=${this.client}
      .strings=${this.strings}
      channel=${channel}
      credential-id=${id ?? nothing}
      data-method=${method}
      ?hidden=${this.activeOtp !== undefined && !active}
      >${active ? html`<slot name=${CODE_SLOT} slot="code"></slot>` : nothing}</ew-otp-sign-in
    >`;
  }

  protected override render() {
    const s = resolveStrings(this.strings);
    const { error } = this.wallet;
    if (!this.credentials) {
      return html`<div part="base" aria-busy=${error ? 'false' : 'true'}>
        ${
          error
            ? html`<p part="error" role="alert">${errorText(error, s)}</p>
                <button class="secondary" type="button" @click=${() => this.load()}>${s.tryAgain}</button>`
            : html`<p role="status"><span part="spinner" aria-hidden="true"></span>${s.loading}</p>`
        }
      </div>`;
    }
    const of = (type: string) => this.credentials!.filter((c) => c.type === type);
    const passkeys = of('PASSKEY');
    const focused = this.activeOtp !== undefined;
    return html`<div part="base">
      <h2>${s.signInTitle}</h2>
      ${of('EMAIL_OTP').map((c) => this.otp(c.id, 'email'))} ${of('SMS_OTP').map((c) => this.otp(c.id, 'sms'))}
      ${this.credentials.length ? nothing : firstMethods(this.firstSignIn).map((channel) => this.otp(undefined, channel))}
      <div class="others" ?hidden=${focused}>
        ${passkeys.map(
          (c) =>
            html`<ew-passkey-sign-in
              .client=${this.client}
              .strings=${this.strings}
              credential-id=${c.id}
              label=${passkeys.length > 1 ? `${s.signInWithPasskey} (${visibleLabel(c.nickname)})` : s.signInWithPasskey}
            ></ew-passkey-sign-in>`,
        )}
        ${
          this.oidcTokenProvider
            ? of('OAUTH').map(
                (c) =>
                  html`<ew-oauth-sign-in
                    .client=${this.client}
                    .strings=${this.strings}
                    .oidcTokenProvider=${this.oidcTokenProvider}
                    credential-id=${c.id}
                    label=${this.oauthLabel ?? s.signInWithOAuth}
                  ></ew-oauth-sign-in>`,
              )
            : nothing
        }
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
