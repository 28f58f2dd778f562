import { html, nothing, svg } from 'lit';
import type { WalletClient, WalletInfo } from '../../client/index.js';
import { BalanceRefresh } from './balance-refresh.js';
import { formatAmount } from '../shared/format.js';
import { errorText } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { ClientRead } from '../shared/client-read.js';
import { WalletElement } from '../shared/wallet-element.js';
import { loadQrEncoder, type QrEncoder } from './load-qr.js';
import { walletOverviewStyles } from './wallet-overview.styles.js';
import { groupedAddress } from './address-format.js';
import { icon, spinner, waitStatus } from '../icons/icons.js';
import { COPY, QR, REFRESH } from './overview-icons.js';

/** `address` as shown: its checksum case, or `refused` when its case contradicts its checksum (altered on the way). */
function checked(encoder: QrEncoder, address: string): { address: string; shown: string } | 'refused' {
  try {
    return { address, shown: encoder.checksumAddress(address) ?? address };
  } catch {
    return 'refused';
  }
}

/** The QR code of `text` as one SVG path of its dark modules (lit renders it: no innerHTML, strict CSP). */
function qrPath(encoder: QrEncoder, text: string): { size: number; d: string } {
  const code = encoder.generate(text);
  let d = '';
  for (let y = 0; y < code.size; y++) for (let x = 0; x < code.size; x++) if (code.get(x, y)) d += `M${x} ${y}h1v1h-1z`;
  return { size: code.size, d };
}

/**
 * The wallet's own facts: its balance in the wallet's currency and its
 * address, with a copy button and a QR code to receive funds; each read again
 * on "Refresh" (and by `<ew-wallet>` whenever the balance may have changed), with
 * how long ago it was read. Needs the client's `customerId` (`customer-id` on `<ew-wallet>`).
 *
 * @summary Balance and address of the wallet.
 * @tagname ew-wallet-overview
 * @csspart base - The wrapper.
 * @csspart balance - The balance amount.
 * @csspart updated - How long ago the balance was read ("Updated just now").
 * @csspart address - The whole address, grouped for reading (checksum case where the chain defines one).
 * @csspart qr - The QR code.
 * @csspart error - The error message.
 * @event {EwErrorEvent} ew-error - Reading the wallet failed.
 * @event {EwReadyEvent} ew-ready - The balance and address are shown.
 * @event {EwLoadErrorEvent} ew-load-error - The wallet could not be read.
 */
export class EwWalletOverview extends WalletElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-wallet-overview';
  static override styles = [themeStyles, walletOverviewStyles];
  static override properties = {
    showQr: { state: true },
    encoder: { state: true },
    notice: { state: true },
    checked: { state: true },
  };

  declare private showQr: boolean;
  /** The QR encoder, loaded the first time a QR code is asked for. */
  declare private encoder: QrEncoder | undefined;
  declare private notice: string | undefined;
  /**
   * The address as shown: in its checksum case once the checksum code has loaded (where the chain
   * defines one), or `refused` when its case contradicts its checksum (it was altered on the way).
   */
  declare private checked: { address: string; shown: string } | 'refused' | undefined;

  /** The wallet as read for the current client: balance and address. */
  private readonly read = new ClientRead<WalletInfo>(this, this.wallet, this.readiness, {
    action: 'getWallet',
    read: (client) => this.readWallet(client),
  });

  /** When the balance shown was read (the device's clock: only the time since is shown). */
  private readAt: number | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  /** A read under way, which a second ask joins rather than being refused as a double action. */
  private reading: Promise<void> | undefined;

  constructor() {
    super();
    new BalanceRefresh(this, () => this.quietRead());
    this.showQr = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // "Updated 2 minutes ago" stays true as time passes.
    this.ticker = setInterval(() => this.requestUpdate(), 30_000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.ticker);
  }

  private get info(): WalletInfo | undefined {
    return this.read.value;
  }

  private async readWallet(client: WalletClient): Promise<WalletInfo> {
    // The address is shown in its checksum case from its first paint (no later reflow): the
    // checksum comes with the QR encoder, fetched alongside the read. Without it, as given.
    const encoder = this.encoder ? Promise.resolve(this.encoder) : loadQrEncoder().catch(() => undefined);
    const info = await client.getWallet();
    const loaded = await encoder;
    this.encoder ??= loaded;
    this.checked = info.address && loaded ? checked(loaded, info.address) : undefined;
    this.readAt = Date.now();
    return info;
  }

  /**
   * Reads again in the background (a poll, the page shown again, money moved elsewhere): no
   * progress shown or said, no button turned off, and a failure keeps what is shown (its age
   * says it is old) rather than raising an error the user did not cause. With nothing shown
   * yet it is an ordinary read, whose failure is said.
   */
  private async quietRead(): Promise<void> {
    const client = this.client;
    if (!client || !this.info) return this.load();
    const info = await this.readWallet(client).catch(() => undefined);
    if (!info || client !== this.client) return;
    this.read.value = info;
    this.requestUpdate();
  }

  /** Reads the wallet again (balance, address). */
  load(): Promise<void> {
    this.notice = undefined;
    this.reading ??= this.read.load().finally(() => (this.reading = undefined));
    return this.reading;
  }

  /** Shows or hides the QR code; the encoder is fetched the first time. */
  private async toggleQr(): Promise<void> {
    if (this.wallet.pending) return; // one action at a time: a balance read finishes first
    this.showQr = !this.showQr;
    if (this.showQr && !this.encoder) {
      this.encoder = await this.wallet.run('showQr', loadQrEncoder);
      if (!this.encoder)
        this.showQr = false; // the error says why; the button offers it again
      // The checksum came with it: the address is checked before its QR code is drawn.
      else if (this.info?.address) this.checked = checked(this.encoder, this.info.address);
    }
  }

  private async copy(address: string): Promise<void> {
    const s = this.text;
    // A page without clipboard permission: say so rather than fail silently.
    this.notice = await navigator.clipboard.writeText(address).then(
      () => s.copied,
      () => s.copyFailed,
    );
  }

  /** Copy and the QR code: real buttons, icon and words, a whole 44 px each. */
  private actions(address: string | undefined) {
    const s = this.text;
    return html`<div class="actions">
      <button class="secondary" type="button" ?disabled=${!address} @click=${() => this.copy(address!)}>
        ${icon(COPY)}${s.copyAddress}
      </button>
      <button
        class="secondary"
        type="button"
        ?disabled=${!address}
        aria-expanded=${this.showQr ? 'true' : 'false'}
        @click=${() => this.toggleQr()}
      >
        ${icon(QR)}${this.showQr ? s.hideQr : s.showQr}
      </button>
    </div>`;
  }

  /** How long ago the balance was read, quietly, beside it. */
  private freshness() {
    if (this.readAt === undefined) return nothing;
    const minutes = Math.floor((Date.now() - this.readAt) / 60_000);
    return html`<span part="updated" class="muted">${this.text.balanceUpdated(minutes)}</span>`;
  }

  protected override render() {
    const s = this.text;
    const { info } = this;
    const { pending, shownError: error } = this.wallet;
    const loading = pending && this.wallet.action === 'getWallet';
    const balance = info ? formatAmount(info.balance.amount, info.balance.currency, this.resolvedLocale) : undefined;
    const refused = this.checked === 'refused';
    const address =
      info?.address && !refused
        ? typeof this.checked === 'object' && this.checked.address === info.address
          ? this.checked.shown
          : info.address
        : undefined;
    const qr = this.showQr && this.encoder && address ? qrPath(this.encoder, address) : undefined;
    return html`<div part="base" aria-busy=${loading ? 'true' : 'false'}>
      <dl>
        <div class="fact">
          <dt>${s.balanceLabel}</dt>
          <dd>
            ${balance ? html`<span part="balance">${balance}</span>` : html`<span class="skeleton amount"></span>`}
            ${this.freshness()}
            <button class="link" type="button" ?disabled=${pending} @click=${() => this.load()}>
              ${loading ? spinner() : icon(REFRESH)}${s.refreshWallet}
            </button>
          </dd>
        </div>
        ${
          info && !info.address
            ? nothing
            : html`<div class="fact">
                <dt>${s.addressLabel}</dt>
                <dd>
                  ${
                    refused
                      ? html`<p part="error" role="alert">${s.addressRefused}</p>`
                      : html`${
                            address
                              ? html`<code part="address" translate="no">${groupedAddress(address)}</code>`
                              : html`<span class="skeleton address-shape"></span>`
                          }
                          <p class="muted address-note">${s.addressNote}</p>
                          ${this.actions(address)}`
                  }
                </dd>
              </div>`
        }
      </dl>
      ${
        qr
          ? html`<svg
              part="qr"
              role="img"
              aria-label=${s.qrLabel}
              viewBox="-4 -4 ${qr.size + 8} ${qr.size + 8}"
              shape-rendering="crispEdges"
            >
              ${svg`<rect x="-4" y="-4" width=${qr.size + 8} height=${qr.size + 8} fill="#fff"></rect>
              <path d=${qr.d} fill="#000"></path>`}
            </svg>`
          : nothing
      }
      ${this.notice ? html`<p class="muted" role="status">${this.notice}</p>` : nothing}
      ${waitStatus(loading && s.loading)}
      ${error && !pending ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-wallet-overview': EwWalletOverview;
  }
}
