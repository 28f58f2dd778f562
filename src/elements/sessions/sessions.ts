import { html, nothing } from 'lit';
import type { ListedSession } from '../../client/index.js';
import { EwSessionRevokedEvent } from '../events/session-revoked.js';
import { EwSignedOutEvent } from '../events/signed-out.js';
import { ClientRead } from '../shared/client-read.js';
import { errorText } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { WalletElement } from '../shared/wallet-element.js';
import { listStyles } from '../shared/list.styles.js';
import { visibleLabel } from '../shared/format.js';

/**
 * The wallet's active sessions, this device marked: refresh this one, sign it
 * out, or sign out another device.
 *
 * @summary Signed-in devices.
 * @tagname ew-sessions
 * @csspart base - The wrapper.
 * @csspart item - One session.
 * @csspart error - The error message.
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

  constructor() {
    super();
    this.hideTitle = false;
  }

  /** Reloads the list. */
  load(): Promise<void> {
    return this.list.load();
  }

  private async revoke(session: ListedSession): Promise<void> {
    const client = this.client!;
    if (session.current) {
      const result = await this.wallet.run('signOut', () => client.signOut());
      if (result) this.dispatchEvent(new EwSignedOutEvent({ cause: 'signed-out', revokedAtService: result.revoked }));
      return;
    }
    const done = await this.wallet.run('revokeSession', async () => (await client.revokeSession(session.id), true));
    if (done) {
      this.dispatchEvent(new EwSessionRevokedEvent({ sessionId: session.id }));
      await this.load();
    }
  }

  protected override render() {
    const s = this.text;
    const { pending, error } = this.wallet;
    const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
    return html`<div part="base" aria-busy=${pending ? 'true' : 'false'}>
      ${this.hideTitle ? nothing : html`<h3>${s.sessionsTitle}</h3>`}
      ${
        !this.list.value
          ? html`<p role="status"><span part="spinner" aria-hidden="true"></span>${s.loading}</p>`
          : this.list.value.length === 0
            ? html`<p>${s.noSessions}</p>`
            : html`<ul>
                ${this.list.value.map(
                  (session) =>
                    html`<li part="item">
                      <div>
                        <strong>${visibleLabel(session.nickname)}</strong>
                        ${session.current ? html`<span class="badge">${s.thisDevice}</span>` : nothing}
                        <div class="muted">
                          ${session.type ? s.signedInWith(s.credentialType(session.type)) : ''}
                          ${s.expiresAt(time(session.expiresAt))}
                        </div>
                      </div>
                      <div class="row">
                        ${
                          session.current
                            ? html`<button
                                class="secondary"
                                type="button"
                                ?disabled=${pending}
                                @click=${() => this.wallet.run('refreshSession', () => this.client!.refreshSession())}
                              >
                                ${s.refreshSession}
                              </button>`
                            : nothing
                        }
                        <button
                          class="secondary"
                          type="button"
                          ?disabled=${pending}
                          @click=${() => this.revoke(session)}
                        >
                          ${session.current ? s.signOut : s.revoke}
                        </button>
                      </div>
                    </li>`,
                )}
              </ul>`
      }
      <div aria-live="polite">${error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-sessions': EwSessions;
  }
}
