import { html, nothing, type PropertyValues } from 'lit';
import { icon, PROVIDER, spinner, waitStatus } from '../icons/icons.js';
import type { OidcTokenProvider, PreparedOAuthSignIn } from '../../client/index.js';
import { errorText } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { WalletElement } from '../shared/wallet-element.js';

/**
 * OAuth sign-in through your identity provider. The session key (and so the
 * nonce) is prepared before the click, and your `oidcTokenProvider({nonce})`
 * is called synchronously inside it, so a provider popup is not blocked.
 *
 * @summary Sign in with an OAuth / OIDC identity.
 * @tagname ew-oauth-sign-in
 * @csspart base - The wrapper.
 * @csspart submit - The button.
 * @csspart error - The error message.
 * @csspart spinner - Progress indicator.
 * @event {EwSignedInEvent} ew-signed-in - The token was accepted and a session started.
 * @event {EwErrorEvent} ew-error - The provider or the service refused.
 * @event {EwReadyEvent} ew-ready - Drawn with a client: usable.
 */
export class EwOAuthSignIn extends WalletElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-oauth-sign-in';
  protected static override readyOnceDrawn = true;
  static override styles = [themeStyles];
  static override properties = {
    credentialId: { attribute: 'credential-id' },
    oidcTokenProvider: { attribute: false },
    label: {},
  };

  /** The OAUTH credential; the wallet's first when unset. */
  declare credentialId: string | undefined;
  /** Returns an id_token carrying the given nonce (it may open a popup). */
  declare oidcTokenProvider: OidcTokenProvider | undefined;
  /** Button text, e.g. "Continue with Google". */
  declare label: string | undefined;

  private prepared: PreparedOAuthSignIn | undefined;
  private preparing = false;

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    void this.prepare();
  }

  private async prepare(): Promise<void> {
    if (!this.client || this.prepared || this.preparing) return;
    this.preparing = true;
    try {
      this.prepared = await this.client.prepareOAuthSignIn(
        this.credentialId ? { credentialId: this.credentialId } : {},
      );
    } catch {
      this.prepared = undefined; // reported on the click
    } finally {
      this.preparing = false;
    }
  }

  /** Signs in (call it from a click). */
  async signIn(): Promise<void> {
    const client = this.client;
    const provider = this.tokenProvider;
    if (!client || !provider) return;
    const prepared = this.prepared;
    this.prepared = undefined;
    const session = await this.wallet.run('signInWithOAuth', () =>
      prepared
        ? prepared.start(provider)
        : client.signInWithOAuth({
            oidcTokenProvider: provider,
            ...(this.credentialId ? { credentialId: this.credentialId } : {}),
          }),
    );
    if (session) this.announceSignIn({ session, method: 'OAUTH' });
    void this.prepare();
  }

  protected override render() {
    const s = this.text;
    const { pending, shownError: error } = this.wallet;
    return html`<div part="base">
      <button
        part="submit"
        type="button"
        ?disabled=${pending || !this.client || !this.tokenProvider}
        @click=${() => this.signIn()}
      >
        ${pending ? spinner() : icon(PROVIDER)}
        <span class="label">${pending ? s.working : (this.label ?? s.signInWithOAuth)}</span>
      </button>
      <div aria-live="polite">${error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing}</div>
      ${waitStatus(pending && s.working)}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-oauth-sign-in': EwOAuthSignIn;
  }
}
