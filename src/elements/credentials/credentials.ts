import { html, nothing } from 'lit';
import { spinner } from '../icons/icons.js';
import type { AuthMethod, OidcTokenProvider, PreparedPasskeyRegistration } from '../../client/index.js';
import { EwCredentialAddedEvent } from '../events/credential-added.js';
import { EwCredentialRemovedEvent } from '../events/credential-removed.js';
import { ClientRead } from '../shared/client-read.js';
import { loadConfirmRow, type ConfirmRow } from '../confirm-row/load-confirm-row.js';
import { listStyles } from '../shared/list.styles.js';
import { errorText } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { WalletElement } from '../shared/wallet-element.js';
import { visibleLabel } from '../shared/format.js';

/**
 * The wallet's sign-in methods: add a passkey (prepared before the tap) or a
 * linked OAuth account, remove one (after saying what that means and a
 * second press). The method this device signed in with cannot be removed
 * from here, and the element says why.
 *
 * @summary Manage sign-in methods.
 * @tagname ew-credentials
 * @csspart base - The wrapper.
 * @csspart item - One credential.
 * @csspart error - The error message.
 * @csspart message - What was just done (a method removed).
 * @csspart spinner - Progress indicator (loading, waiting for the passkey).
 * @csspart cancel - Shown while waiting for a new passkey: gives up the ceremony.
 * @csspart add-passkey - The "Add a passkey" button.
 * @event {EwCredentialAddedEvent} ew-credential-added - A passkey or OAuth identity was added.
 * @event {EwCredentialRemovedEvent} ew-credential-removed - A credential was removed.
 * @event {EwErrorEvent} ew-error - Loading or an action failed.
 * @event {EwReadyEvent} ew-ready - The list of methods is shown.
 * @event {EwLoadErrorEvent} ew-load-error - The list could not load.
 */
export class EwCredentials extends WalletElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-credentials';
  static override styles = [themeStyles, listStyles];
  static override properties = {
    hideTitle: { attribute: 'hide-title', type: Boolean },
    oidcTokenProvider: { attribute: false },
  };

  /** Leaves out the element's own heading (a host's section already names it). */
  declare hideTitle: boolean;
  /** Enables "Link your account" (OAuth registration). */
  declare oidcTokenProvider: OidcTokenProvider | undefined;

  private registration: PreparedPasskeyRegistration | undefined;
  /** Remove asks first, in its row (confirm-row/, fetched as the element connects). */
  private confirm: ConfirmRow | undefined;

  /** The list, read again for each session; then a passkey registration is prepared for the next tap. */
  private readonly list = new ClientRead<AuthMethod[]>(this, this.wallet, this.readiness, {
    action: 'listCredentials',
    read: (client) => client.listCredentials(),
    perSession: true,
    after: () => this.prepareRegistration(),
  });

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

  /** Reloads the list and prepares a passkey registration for the next tap. */
  load(): Promise<void> {
    return this.list.load();
  }

  /** Fetches registration options ahead of the tap; a failure shows when the user taps. */
  private async prepareRegistration(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.registration = await client
      .preparePasskeyRegistration({ nickname: this.passkeyName(), signIn: false })
      .catch(() => undefined);
  }

  /** The new passkey's name: the word for a passkey in the user's language (the list shows the day it was added). */
  private passkeyName(): string {
    return this.text.credentialType('PASSKEY');
  }

  private async addPasskey(): Promise<void> {
    const client = this.client!;
    const prepared = this.registration;
    this.registration = undefined;
    const result = await this.wallet.run('registerPasskey', () =>
      prepared ? prepared.start() : client.registerPasskey({ nickname: this.passkeyName(), signIn: false }),
    );
    if (result) {
      this.announceAdded(result.credential);
      await this.load();
    } else {
      // Failed or cancelled: keep the message on screen (a reload would clear it), get ready for another tap.
      await this.prepareRegistration();
    }
  }

  private async addOAuth(): Promise<void> {
    const client = this.client;
    const oidcTokenProvider = this.tokenProvider;
    if (!client || !oidcTokenProvider) return;
    // The provider is asked in the press itself, while the flows load: Safari opens its window only
    // there. Registration binds no key, so its nonce is only random (as the client's own would be).
    const nonce = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');
    let token: Promise<string>;
    try {
      token = Promise.resolve(oidcTokenProvider({ nonce }));
    } catch (error) {
      token = Promise.reject(error as Error);
    }
    token.catch(() => {}); // its failure is the registration's, reported there
    const credential = await this.wallet.run('registerOAuth', () =>
      client.registerOAuth({ oidcTokenProvider: () => token }),
    );
    if (credential) {
      this.announceAdded(credential);
      await this.load();
    }
  }

  private announceAdded(credential: AuthMethod): void {
    this.dispatchEvent(
      new EwCredentialAddedEvent({ credentialId: credential.id, type: credential.type, nickname: credential.nickname }),
    );
  }

  private async removeCredential(credential: AuthMethod): Promise<void> {
    const done = await this.wallet.run(
      'revokeCredential',
      async () => (await this.client!.revokeCredential(credential.id), true),
    );
    if (done) {
      this.dispatchEvent(new EwCredentialRemovedEvent({ credentialId: credential.id }));
      await this.load();
      await this.confirm?.done(this.text.removed);
    }
  }

  /** One method: what it is, and Remove (or, once pressed, the question). */
  private item(credential: AuthMethod, current: string | undefined, count: number) {
    const s = this.text;
    const { pending, action } = this.wallet;
    const blocked = credential.id === current;
    const type = s.credentialType(credential.type);
    // A name that only repeats the type ("Passkey", the service's default) says nothing: the date does.
    const nickname = credential.nickname === 'Passkey' || credential.nickname === type ? '' : credential.nickname;
    const name = `${type} ${visibleLabel(nickname)}`.trim();
    const added = new Date(credential.createdAt);
    return html`<li part="item">
      <div>
        <strong>${type}</strong>
        ${nickname ? html`<div class="muted">${visibleLabel(nickname)}</div>` : nothing}
        ${
          Number.isNaN(added.getTime())
            ? nothing
            : html`<div class="muted">
                ${s.addedOn(added.toLocaleDateString(this.resolvedLocale, { dateStyle: 'medium' }))}
              </div>`
        }
        ${blocked ? html`<div class="muted" id="blocked-${credential.id}">${s.removeBlocked}</div>` : nothing}
      </div>
      ${
        this.confirm?.asking === credential.id
          ? this.confirm.question({
              text: s.removeQuestion,
              yes: s.removeYes,
              busy: s.removing,
              no: s.cancel,
              running: pending && action === 'revokeCredential',
              run: () => void this.removeCredential(credential),
            })
          : html`<button
              class="secondary"
              type="button"
              data-ask=${credential.id}
              aria-label="${s.remove} ${name}"
              aria-describedby=${blocked ? `blocked-${credential.id}` : nothing}
              ?disabled=${pending || blocked || count < 2}
              @click=${() => this.ask(credential.id)}
            >
              ${s.remove}
            </button>`
      }
    </li>`;
  }

  /** The list did not load: Try again, whether or not its message still shows (a newer error in the view may hide it). */
  private loadFailed(): boolean {
    return !this.wallet.pending && !!this.wallet.error;
  }

  protected override render() {
    const s = this.text;
    const { pending, shownError: error, action } = this.wallet;
    const current = this.client?.session?.credentialId;
    // The passkey sheet is up: say so, and let the user give up without waiting for its timeout.
    const waitingForPasskey = pending && action === 'registerPasskey';
    return html`<div part="base" aria-busy=${pending ? 'true' : 'false'}>
      ${this.hideTitle ? nothing : html`<h3>${s.credentialsTitle}</h3>`}
      ${
        !this.list.value
          ? this.loadFailed()
            ? html`<button class="secondary" type="button" @click=${() => this.load()}>${s.tryAgain}</button>`
            : html`<p role="status">${spinner()}${s.loading}</p>`
          : html`<ul>
              ${this.list.value.map((credential) => this.item(credential, current, this.list.value!.length))}
            </ul>`
      }
      <div class="row">
        <button part="add-passkey" type="button" ?disabled=${pending || !this.client} @click=${() => this.addPasskey()}>
          ${waitingForPasskey ? html`${spinner()}${s.waitingForPasskey}` : s.addPasskey}
        </button>
        ${
          waitingForPasskey
            ? html`<button part="cancel" class="secondary" type="button" @click=${() => this.client?.cancelPasskey()}>
                ${s.cancel}
              </button>`
            : nothing
        }
        ${
          this.tokenProvider
            ? html`<button class="secondary" type="button" ?disabled=${pending} @click=${() => this.addOAuth()}>
                ${s.addOAuth}
              </button>`
            : nothing
        }
      </div>
      ${error ? nothing : (this.confirm?.status() ?? nothing)}
      <div aria-live="polite">${error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-credentials': EwCredentials;
  }
}
