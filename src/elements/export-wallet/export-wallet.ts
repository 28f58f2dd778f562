import { html, nothing } from 'lit';
import { spinner } from '../icons/icons.js';
import { EwWalletExportedEvent } from '../events/wallet-exported.js';
import { isolatedFrame } from './frame-mark.js';
import { errorText } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { WalletElement } from '../shared/wallet-element.js';
import { exportWalletStyles } from './export-wallet.styles.js';

/**
 * Reveals the wallet's recovery phrase: a warning first (including that
 * scripts on the page can read what is shown), an explicit confirmation, the
 * words only on request, a copy button; the words leave the DOM after a
 * timeout and whenever the page is hidden. The phrase is never put in an
 * event, an attribute or a log.
 *
 * @summary Export the wallet's recovery phrase.
 * @tagname ew-export-wallet
 * @csspart base - The wrapper.
 * @csspart words - The list of words.
 * @csspart submit - The reveal button.
 * @csspart error - The error message.
 * @event {EwWalletExportedEvent} ew-wallet-exported - The phrase was revealed (no phrase in the detail).
 * @event {EwErrorEvent} ew-error - The export failed.
 * @event {EwReadyEvent} ew-ready - Drawn with a client: usable.
 */
export class EwExportWallet extends WalletElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-export-wallet';
  protected static override readyOnceDrawn = true;
  static override styles = [themeStyles, exportWalletStyles];
  static override properties = {
    hideTitle: { attribute: 'hide-title', type: Boolean },
    revealSeconds: { attribute: 'reveal-seconds', type: Number },
    confirmed: { state: true },
    words: { state: true },
    notice: { state: true },
  };

  /** Leaves out the element's own heading (a host's section already names it). */
  declare hideTitle: boolean;
  /** How long the words stay shown (default 60 s). */
  declare revealSeconds: number;
  declare private confirmed: boolean;
  declare private words: string[] | undefined;
  declare private notice: string | undefined;

  private hideTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onVisibility = () => {
    if (document.visibilityState === 'hidden') this.hide();
  };

  constructor() {
    super();
    this.hideTitle = false;
    this.revealSeconds = 60;
    this.confirmed = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.hide();
  }

  /** Exports and shows the phrase (needs the confirmation). */
  async reveal(): Promise<void> {
    const client = this.client;
    if (!client || !this.confirmed) return;
    const phrase = await this.wallet.run('exportWallet', () => client.exportWallet());
    if (!phrase) return;
    this.words = phrase.split(' ');
    this.notice = undefined;
    this.dispatchEvent(new EwWalletExportedEvent({}));
    clearTimeout(this.hideTimer);
    this.hideTimer = setTimeout(() => this.hide(), this.revealSeconds * 1000);
    // The pressed button is gone: the focus goes to the words it revealed.
    await this.focusAfterUpdate('[part~="words"]');
  }

  /** Moves the focus to `selector` once drawn, if it was on this element (a view change, not a timer's). */
  private async focusAfterUpdate(selector: string): Promise<void> {
    const hadFocus = this.matches(':focus-within') || document.activeElement === document.body;
    await this.updateComplete;
    if (hadFocus) this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  /** Removes the words from the DOM. */
  hide(): void {
    clearTimeout(this.hideTimer);
    if (!this.words) return;
    this.words = undefined;
    this.confirmed = false;
    this.notice = this.text.exportHidden;
    // Hide is gone with the words: the focus goes back to the confirmation, where Reveal starts.
    void this.focusAfterUpdate('input[type="checkbox"]');
  }

  private async copy(): Promise<void> {
    if (!this.words) return;
    const s = this.text;
    this.notice = await navigator.clipboard.writeText(this.words.join(' ')).then(
      () => s.copied,
      () => s.copyFailed,
    );
  }

  protected override render() {
    const s = this.text;
    const { pending, shownError: error } = this.wallet;
    return html`<div part="base">
      ${this.hideTitle ? nothing : html`<h3>${s.exportTitle}</h3>`}
      <p class="warning">${s.exportWarning}</p>
      ${isolatedFrame(this.ownerDocument) ? nothing : html`<p class="muted">${s.exportScriptWarning}</p>`}
      ${
        this.words
          ? html`<ol part="words" tabindex="-1" aria-label=${s.exportTitle}>
                ${this.words.map((word) => html`<li>${word}</li>`)}
              </ol>
              <div class="row">
                <button class="secondary" type="button" @click=${() => this.copy()}>${s.copy}</button>
                <button type="button" @click=${() => this.hide()}>${s.hide}</button>
              </div>`
          : html`<label class="confirm">
                <input
                  type="checkbox"
                  .checked=${this.confirmed}
                  @change=${(e: Event) => (this.confirmed = (e.target as HTMLInputElement).checked)}
                />
                ${s.exportConfirm}
              </label>
              <button
                part="submit"
                type="button"
                ?disabled=${!this.confirmed || pending || !this.client}
                @click=${() => this.reveal()}
              >
                ${pending ? html`${spinner()}${s.working}` : s.reveal}
              </button>`
      }
      <div aria-live="polite">
        ${error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing}
        ${this.notice ? html`<p part="message">${this.notice}</p>` : nothing}
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-export-wallet': EwExportWallet;
  }
}
