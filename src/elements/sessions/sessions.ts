import { html, nothing } from 'lit';
import { spinner } from '../icons/icons.js';
import type { ListedSession } from '../../client/index.js';
import { EwSessionRevokedEvent } from '../events/session-revoked.js';
import { EwSignedOutEvent } from '../events/signed-out.js';
import { ClientRead } from '../shared/client-read.js';
import { loadConfirmRow, type ConfirmRow } from '../confirm-row/load-confirm-row.js';
import { errorText } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { WalletElement } from '../shared/wallet-element.js';
import { listStyles } from '../shared/list.styles.js';
import { describeDevice } from './device.js';
import { visibleLabel } from '../shared/format.js';
import { maskDestination } from '../shared/mask.js';

/**
 * The wallet's active sessions, this device marked: refresh this one, sign it
 * out, or sign out another device (after saying what that means and a second press).
 *
 * @summary Signed-in devices.
 * @tagname ew-sessions
 * @csspart base - The wrapper.
 * @csspart item - One session.
 * @csspart error - The error message.
 * @csspart message - What was just done (a device signed out).
 * @event {EwSessionRevokedEvent} ew-session-revoked - Another device was signed out.
 * @event {EwSignedOutEvent} ew-signed-out - This device signed out.
 * @event {EwErrorEvent} ew-error - Loading or an action failed.
 * @event {EwReadyEvent} ew-ready - The list of devices is shown.
 * @event {EwLoadErrorEvent} ew-load-error - The list could not load.
 */
export class EwSessions extends WalletElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-sessions';
  static override styles = [themeStyles, listStyles];
  static override properties = {
    hideTitle: { attribute: 'hide-title', type: Boolean },
  };

  /** Leaves out the element's own heading (a host's section already names it). */
  declare hideTitle: boolean;

  /** The list, read again for each session (a sign-in, a refresh). */
  private readonly list = new ClientRead(this, this.wallet, this.readiness, {
    action: 'listSessions',
    read: (client) => client.listSessions(),
    perSession: true,
  });

  /** "Sign out device" asks first, in its row (confirm-row/, fetched as the element connects). */
  private confirm: ConfirmRow | undefined;

  constructor() {
    super();
    this.hideTitle = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    loadConfirmRow().catch(() => undefined); // a failure shows on the first press, which tries again
  }

  /** A row's first press: its question (the question's code loaded first, as an action, if not there yet). */
  private async ask(key: string): Promise<void> {
    const module = loadConfirmRow.current ?? (await this.wallet.run('loadConfirmRow', () => loadConfirmRow()));
    if (module) await (this.confirm ??= new module.ConfirmRow(this)).ask(key);
  }

  /** Reloads the list. */
  load(): Promise<void> {
    return this.list.load();
  }

  private async signOut(): Promise<void> {
    const result = await this.wallet.run('signOut', () => this.client!.signOut());
    if (result) this.dispatchEvent(new EwSignedOutEvent({ cause: 'signed-out', revokedAtService: result.revoked }));
  }

  private async revoke(session: ListedSession): Promise<void> {
    const client = this.client!;
    const done = await this.wallet.run('revokeSession', async () => (await client.revokeSession(session.id), true));
    if (done) {
      this.dispatchEvent(new EwSessionRevokedEvent({ sessionId: session.id }));
      await this.load();
      await this.confirm?.done(this.text.revoked);
    }
  }

  /**
   * This device's buttons: refresh and sign out (it signs in again at once, so it does not ask).
   * None inside `<ew-wallet>`, whose header has them: the same two buttons twice on one screen.
   */
  private own() {
    const s = this.text;
    const { pending } = this.wallet;
    if ((this.getRootNode() as Partial<ShadowRoot>).host?.localName === 'ew-wallet') return nothing;
    return html`<div class="row">
      <button
        class="secondary"
        type="button"
        ?disabled=${pending}
        @click=${() => this.wallet.run('refreshSession', () => this.client!.refreshSession())}
      >
        ${s.refreshSession}
      </button>
      <button class="secondary" type="button" ?disabled=${pending} @click=${() => this.signOut()}>${s.signOut}</button>
    </div>`;
  }

  /** Another device's button, or once pressed, the question. */
  private other(session: ListedSession) {
    const s = this.text;
    const { pending, action } = this.wallet;
    return this.confirm?.asking === session.id
      ? this.confirm.question({
          text: s.revokeQuestion,
          yes: s.revokeYes,
          busy: s.revoking,
          no: s.cancel,
          running: pending && action === 'revokeSession',
          run: () => void this.revoke(session),
        })
      : html`<div class="row">
          <button
            class="secondary"
            type="button"
            data-ask=${session.id}
            ?disabled=${pending}
            @click=${() => this.ask(session.id)}
          >
            ${s.revoke}
          </button>
        </div>`;
  }

  private item(session: ListedSession) {
    const s = this.text;
    const time = (iso: string) =>
      new Date(iso).toLocaleTimeString(this.resolvedLocale, { hour: 'numeric', minute: '2-digit' });
    // A date the relay garbled is left out rather than shown as "Invalid Date".
    const started = new Date(session.createdAt);
    const since = Number.isNaN(started.getTime())
      ? undefined
      : started.toLocaleString(this.resolvedLocale, { dateStyle: 'medium', timeStyle: 'short' });
    // This device is named by its browser and system; the service does not describe the others.
    const device = describeDevice();
    const name = session.current ? s.deviceName(device.browser, s.systemName(device.system)) : s.otherDevice;
    return html`<li part="item">
      <div>
        <strong>${name}</strong>
        ${session.current ? html`<span class="badge">${s.thisDevice}</span>` : nothing}
        <div class="muted">
          ${session.type ? s.signedInWith(s.credentialType(session.type)) : ''}
          ${session.nickname ? `(${visibleLabel(maskDestination(session.nickname))})` : ''}
        </div>
        <div class="muted">${since ? `${s.signedInAt(since)} · ` : ''}${s.expiresAt(time(session.expiresAt))}</div>
      </div>
      ${session.current ? this.own() : this.other(session)}
    </li>`;
  }

  /** The list did not load: Try again, whether or not its message still shows (a newer error in the view may hide it). */
  private loadFailed(): boolean {
    return !this.wallet.pending && !!this.wallet.error;
  }

  protected override render() {
    const s = this.text;
    const { pending, shownError: error } = this.wallet;
    const list = this.list.value;
    return html`<div part="base" aria-busy=${pending ? 'true' : 'false'}>
      ${this.hideTitle ? nothing : html`<h3>${s.sessionsTitle}</h3>`}
      ${
        !list
          ? this.loadFailed()
            ? html`<button class="secondary" type="button" @click=${() => this.load()}>${s.tryAgain}</button>`
            : html`<p role="status">${spinner()}${s.loading}</p>`
          : list.length === 0
            ? html`<p>${s.noSessions}</p>`
            : html`<ul>
                ${list.map((session) => this.item(session))}
              </ul>`
      }
      ${error ? nothing : (this.confirm?.status() ?? nothing)}
      <div aria-live="polite">${error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-sessions': EwSessions;
  }
}
