import { html, nothing, type PropertyValues } from 'lit';
import { icon, PASSKEY, spinner, waitStatus } from '../icons/icons.js';
import type { PreparedPasskeySignIn } from '../../client/index.js';
import { errorText } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { WalletElement } from '../shared/wallet-element.js';

const KEEP_FRESH_MS = 20_000;

/**
 * Passkey sign-in. The key and challenge are prepared as soon as the element
 * is on the page and kept fresh, so the tap starts WebAuthn with no network
 * wait in between (iOS Safari drops the user activation after an await).
 *
 * @summary Sign in with a passkey.
 * @tagname ew-passkey-sign-in
 * @csspart base - The wrapper.
 * @csspart submit - The button.
 * @csspart error - The error message.
 * @csspart spinner - Progress indicator.
 * @csspart cancel - Shown while waiting for the passkey: gives up the ceremony.
 * @event {EwSignedInEvent} ew-signed-in - The passkey was accepted and a session started.
 * @event {EwErrorEvent} ew-error - Preparing or the ceremony failed (cancelled, timed out, wrong RP, ...).
 * @event {EwReadyEvent} ew-ready - Drawn with a client: usable.
 */
export class EwPasskeySignIn extends WalletElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-passkey-sign-in';
  protected static override readyOnceDrawn = true;
  static override styles = [themeStyles];
  static override properties = {
    credentialId: { attribute: 'credential-id' },
    label: {},
  };

  /** The passkey credential (AuthMethod id); the wallet's first passkey when unset. */
  declare credentialId: string | undefined;
  /** Button text; defaults to the strings table's. */
  declare label: string | undefined;

  /** A prepared sign-in, held synchronously so the click can start it without awaiting. */
  private ready: PreparedPasskeySignIn | undefined;
  private preparing = false;
  private freshness: ReturnType<typeof setInterval> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.freshness = setInterval(() => void this.keepFresh(), KEEP_FRESH_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.freshness);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    void this.keepFresh();
  }

  /** Prepares (again) when there is no usable challenge. Failures surface on the tap. */
  private async keepFresh(): Promise<void> {
    const client = this.client;
    if (!client || this.preparing) return;
    const ready = this.ready;
    if (ready?.isFresh() && (!this.credentialId || ready.credentialId === this.credentialId)) return;
    this.preparing = true;
    try {
      this.ready = await client.preparePasskeySignIn(this.credentialId ? { credentialId: this.credentialId } : {});
    } catch {
      this.ready = undefined; // surfaced on the tap, which prepares again
    } finally {
      this.preparing = false;
    }
  }

  /** Runs the ceremony (call it from a click). Resolves when signed in or failed. */
  async signIn(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const ready = this.ready;
    this.ready = undefined;
    const session = await this.wallet.run('signInWithPasskey', () => {
      // Fast path: prepared and fresh, so start() runs WebAuthn inside the tap, before any await.
      if (ready?.isFresh()) return ready.start();
      return client.signInWithPasskey(this.credentialId ? { credentialId: this.credentialId } : {});
    });
    if (session) this.announceSignIn({ session, method: 'PASSKEY' });
    void this.keepFresh();
  }

  protected override render() {
    const s = this.text;
    const { pending, shownError: error } = this.wallet;
    return html`<div part="base">
      <button part="submit" type="button" ?disabled=${pending || !this.client} @click=${() => this.signIn()}>
        ${pending ? spinner() : icon(PASSKEY)}
        <span class="label">${pending ? s.waitingForPasskey : (this.label ?? s.signInWithPasskey)}</span>
      </button>
      ${
        pending
          ? html`<button part="cancel" type="button" class="secondary" @click=${() => this.client?.cancelPasskey()}>
              ${s.cancel}
            </button>`
          : nothing
      }
      <div aria-live="polite">${error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing}</div>
      ${waitStatus(pending && s.waitingForPasskey)}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-passkey-sign-in': EwPasskeySignIn;
  }
}
