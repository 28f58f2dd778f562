import { html, LitElement, nothing, type PropertyValues } from 'lit';
import {
  WalletClient,
  type OidcTokenProvider,
  type SessionKeyMode,
  type Transport,
  type WalletState,
} from '../../client/index.js';
import { EwSignedInEvent } from '../events/signed-in.js';
import { EwSessionExpiringEvent } from '../events/session-expiring.js';
import { EwSignedOutEvent } from '../events/signed-out.js';
import { EwStorageWarningEvent } from '../events/storage-warning.js';
import { CODE_SLOT } from '../shared/code-slot.js';
import { maskDestination } from '../shared/mask.js';
import { ClientController } from '../shared/client-controller.js';
import { ReadyController } from '../shared/ready.js';
import type { EwLoadErrorEvent } from '../events/load-error.js';
import { ServerTimeController } from '../shared/server-time.js';
import { type ErrorInfo } from '../shared/error-info.js';
import { reportSetupProblem } from '../shared/setup-problem.js';
import type { EwWalletOverview } from '../wallet-overview/wallet-overview.js';
import { EwErrorEvent } from '../events/error.js';
import {
  conflictingWallet,
  invalidAttribute,
  missingAttribute,
  releaseWallet,
  type WalletConfig,
} from './config-check.js';
import { errorText, resolveStrings, type WalletStringOverrides } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { walletStyles } from './wallet.styles.js';

/** Opening a section shows its list as it is now (another device may have changed it). */
const reloadOnOpen = (event: Event) => {
  const details = event.currentTarget as HTMLDetailsElement;
  if (details.open)
    void details
      .querySelector<HTMLElement & { load(): Promise<void> }>('ew-sessions, ew-credentials, ew-account-settings')
      ?.load();
};

/** How long a wallet may wait for its attributes (a page setting them after its own login) before it says what is missing. */
const CONFIG_GRACE_MS = 2_000;

/** Config attributes that make a new client when they change. */
const CLIENT_CONFIG = [
  'apiBase',
  'accountId',
  'customerId',
  'sessionKeyMode',
  'otpTargetKey',
  'exportKey',
  'rpId',
  'organizationId',
  'maxSessionSeconds',
  'dangerouslyTrustUnpinnedSandbox',
  'transport',
] as const;

/**
 * The whole wallet in one element. Signed out, it offers every sign-in method
 * the wallet has; signed in, it shows who is signed in and the time left, lets
 * the user stay signed in or sign out, and holds the sessions, sign-in methods,
 * account settings and export sections plus whatever you slot in (e.g. `<ew-approve-quote>`),
 * to which it hands its client.
 *
 * ```html
 * <ew-wallet api-base="/api/wallet" account-id="InternalAccount:..."></ew-wallet>
 * ```
 *
 * @summary The embedded wallet: sign-in, session, devices, methods, export.
 * @tagname ew-wallet
 * @slot - Content shown while signed in; `ew-*` children get this wallet's client.
 * @slot ew-code - Used by the elements themselves for the code field (see `<ew-otp-sign-in>`).
 * @csspart base - The wrapper.
 * @csspart header - The signed-in header.
 * @csspart error - The error message.
 * @csspart spinner - Progress indicator.
 * @event {EwSignedInEvent} ew-signed-in - A session started.
 * @event {EwSignedOutEvent} ew-signed-out - The session ended (signed out, expired, another tab).
 * @event {EwSessionExpiringEvent} ew-session-expiring - The session is about to expire (refreshed automatically).
 * @event {EwStorageWarningEvent} ew-storage-warning - This device will not remember the session.
 * @event {EwErrorEvent} ew-error - Any step failed.
 * @event {EwReadyEvent} ew-ready - Usable: signed in, or the sign-in methods are shown (on the element; does not bubble).
 * @event {EwLoadErrorEvent} ew-load-error - The configuration is wrong or the sign-in methods could not load (on the element).
 */
export class EwWallet extends LitElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-wallet';
  static override styles = [themeStyles, walletStyles];
  static override properties = {
    apiBase: { attribute: 'api-base' },
    accountId: { attribute: 'account-id' },
    customerId: { attribute: 'customer-id' },
    sessionKeyMode: { attribute: 'session-key-mode' },
    otpTargetKey: { attribute: 'otp-target-key' },
    exportKey: { attribute: 'export-key' },
    rpId: { attribute: 'rp-id' },
    organizationId: { attribute: 'organization-id' },
    maxSessionSeconds: { attribute: 'max-session-seconds' },
    dangerouslyTrustUnpinnedSandbox: { attribute: 'dangerously-trust-unpinned-sandbox', type: Boolean },
    theme: { reflect: true },
    appearance: { reflect: true },
    oauthLabel: { attribute: 'oauth-label' },
    firstSignIn: { attribute: 'first-sign-in' },
    hideSections: { attribute: 'hide-sections', type: Boolean },
    transport: { attribute: false },
    oidcTokenProvider: { attribute: false },
    strings: { attribute: false },
    client: { attribute: false },
    contact: { state: true },
  };

  /** Your relay's base URL, e.g. `/api/wallet`. */
  declare apiBase: string | undefined;
  /** The wallet (EMBEDDED_WALLET internal account id). */
  declare accountId: string | undefined;
  /** The customer, for contact changes. */
  declare customerId: string | undefined;
  /** `sealed` (default) or `client-held`. */
  declare sessionKeyMode: SessionKeyMode | undefined;
  /** Pinned enclave key of OTP target bundles (uncompressed hex); production's by default. */
  declare otpTargetKey: string | undefined;
  /** Pinned enclave key of export bundles (uncompressed hex); production's by default. */
  declare exportKey: string | undefined;
  /** WebAuthn RP id for passkey sign-in (default: the page's host). */
  declare rpId: string | undefined;
  /** The wallet's organization, when your backend knows it: every signed activity and export bundle must name it. */
  declare organizationId: string | undefined;
  /** The longest session a refresh or passkey login may ask for, in seconds (default 900). */
  declare maxSessionSeconds: string | undefined;
  /** Accept unpinned enclave bundles: the hosted sandbox only, never production. */
  declare dangerouslyTrustUnpinnedSandbox: boolean;
  /** `light` or `dark`; follows the system when unset. */
  declare theme: 'light' | 'dark' | undefined;
  /** `card` (default: its own bordered box) or `plain` (borderless, full width, in your own card). */
  declare appearance: 'card' | 'plain' | undefined;
  /** Label of the OAuth sign-in button. */
  declare oauthLabel: string | undefined;
  /**
   * Code methods offered on the wallet's first sign-in, before it has any
   * credential (sending the code registers it): `email` (default), `sms`, `email sms`, `none`.
   */
  declare firstSignIn: string | undefined;
  /** Hide the built-in sessions, methods and export sections. */
  declare hideSections: boolean;
  /** Your own transport instead of `fetch` to `api-base`. */
  declare transport: Transport | undefined;
  /** Enables OAuth sign-in and linking: returns an id_token with the given nonce. */
  declare oidcTokenProvider: OidcTokenProvider | undefined;
  declare strings: WalletStringOverrides | undefined;
  /** The wallet client this element made from its configuration (read it to call the client directly). */
  declare client: WalletClient | undefined;

  private readonly wallet = new ClientController(this);
  /** Ready once signed in, or once the sign-in view has its methods. */
  private readonly readiness = new ReadyController(this);
  private readonly clock = new ServerTimeController(this);
  private lastStatus: string | undefined;
  /** A configuration problem shown instead of the wallet (see config-check.ts). */
  private configProblem: ErrorInfo | undefined;
  private configTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    // The wallet announces sign-ins itself (see listen): the inner element that
    // did it is often gone by the time it could, replaced by the signed-in view.
    this.addEventListener('ew-signed-in', (event) => {
      if (event.composedPath()[0] !== this) event.stopImmediatePropagation();
    });
    this.dangerouslyTrustUnpinnedSandbox = false;
    this.hideSections = false;
    // A bundle from another enclave key while this wallet pins the production keys by default:
    // most likely a sandbox whose keys were never given. Said to the developer (the user's message stays).
    this.addEventListener('ew-error', (event) => {
      const { code } = (event as CustomEvent<ErrorInfo>).detail;
      if (code === 'ENCLAVE_KEY_NOT_PINNED' && !this.otpTargetKey && !this.exportKey)
        reportSetupProblem({
          code: 'CONFIG_ENCLAVE_KEYS',
          message:
            'an answer was signed by another enclave key than the production one this wallet pins by default ' +
            '(no otp-target-key or export-key): with a sandbox, set both to the keys it prints',
          operation: 'configure',
        });
    });
  }

  /** A slotted approval reaching its end (the host sets its `status`) moves money: read the balance again. */
  private readonly receipts = new MutationObserver((changes) => {
    const settled = changes.some((c) => {
      const status = (c.target as Element).getAttribute('status');
      return (c.target as Element).localName === 'ew-approve-quote' && (status === 'completed' || status === 'failed');
    });
    if (settled) void this.renderRoot.querySelector<EwWalletOverview>('ew-wallet-overview')?.load();
  });

  override connectedCallback(): void {
    super.connectedCallback();
    this.receipts.observe(this, { subtree: true, attributeFilter: ['status'] });
    if (this.client) conflictingWallet(this, this.config); // moved in the page: counted again
    // Moved in the page: wait for a missing attribute again (the first connection's update does it itself).
    const missing = this.hasUpdated && !this.client ? missingAttribute(this.config) : undefined;
    if (missing && !this.configProblem) this.awaitConfig(missing);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.receipts.disconnect();
    clearTimeout(this.configTimer);
    releaseWallet(this);
  }

  private get config(): WalletConfig {
    return {
      apiBase: this.apiBase,
      accountId: this.accountId,
      hasTransport: this.transport !== undefined,
      sessionKeyMode: this.sessionKeyMode,
      otpTargetKey: this.otpTargetKey,
      exportKey: this.exportKey,
      maxSessionSeconds: this.maxSessionSeconds,
    };
  }

  /** Shows a configuration problem and reports it (event and, once, the console). */
  private reportConfig(info: ErrorInfo): void {
    if (this.configProblem?.message === info.message) return;
    this.configProblem = info;
    this.readiness.failed(info);
    reportSetupProblem(info);
    this.dispatchEvent(new EwErrorEvent(info));
    this.requestUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!CLIENT_CONFIG.some((key) => changed.has(key as keyof EwWallet))) return;
    clearTimeout(this.configTimer);
    this.configProblem = undefined;
    this.readiness.reset();
    // A new configuration: the last client goes, whatever comes next (none when the page removed account-id).
    this.client?.close();
    this.client = undefined;
    releaseWallet(this);
    const invalid = invalidAttribute(this.config);
    if (invalid) return void queueMicrotask(() => this.reportConfig(invalid));
    const missing = missingAttribute(this.config);
    if (missing) return this.awaitConfig(missing);
    const conflict = conflictingWallet(this, this.config);
    if (conflict) return void queueMicrotask(() => this.reportConfig(conflict));
    this.client = new WalletClient({
      accountId: this.accountId!,
      ...(this.transport ? { transport: this.transport } : { apiBase: this.apiBase! }),
      ...(this.customerId ? { customerId: this.customerId } : {}),
      ...(this.sessionKeyMode ? { sessionKeyMode: this.sessionKeyMode } : {}),
      ...(this.rpId ? { rpId: this.rpId } : {}),
      ...(this.organizationId ? { organizationId: this.organizationId } : {}),
      ...(this.maxSessionSeconds ? { maxSessionSeconds: Number(this.maxSessionSeconds) } : {}),
      enclaveKeys: {
        ...(this.otpTargetKey ? { otpTarget: this.otpTargetKey } : {}),
        ...(this.exportKey ? { export: this.exportKey } : {}),
      },
      dangerouslyTrustUnpinnedSandbox: this.dangerouslyTrustUnpinnedSandbox,
    });
    this.listen(this.client);
  }

  /**
   * Pages often set the attributes after their own sign-in, and keep the wallet
   * hidden until then: a missing one is reported only when it has not come
   * within CONFIG_GRACE_MS while the wallet is on screen.
   */
  private awaitConfig(missing: ErrorInfo): void {
    clearTimeout(this.configTimer);
    this.configTimer = setTimeout(() => {
      if (this.getClientRects().length > 0) this.reportConfig(missing);
      else this.awaitConfig(missing);
    }, CONFIG_GRACE_MS);
  }

  /** The account's email or phone, read after a passkey or OAuth sign-in (their session names no contact). */
  declare private contact: string | undefined;

  private async loadContact(client: WalletClient): Promise<void> {
    const contact = await client.accountContact().catch(() => undefined);
    if (client === this.client) this.contact = contact;
  }

  private listen(client: WalletClient): void {
    this.contact = undefined;
    client.addEventListener('change', (event) => {
      const state = (event as CustomEvent<WalletState>).detail;
      if (state.status === 'signed-in') this.readiness.ready();
      if (state.status === 'signed-in' && this.lastStatus !== 'signed-in') {
        const type = state.session.credentialType;
        if (type !== 'EMAIL_OTP' && type !== 'SMS_OTP') void this.loadContact(client);
      }
      if (state.status === 'signed-in' && state.cause === 'signed-in') {
        this.dispatchEvent(new EwSignedInEvent({ session: state.session, method: state.session.credentialType }));
      }
      // Sign-outs the user did through an element are announced by that element.
      if (state.status === 'signed-out' && this.lastStatus === 'signed-in' && state.cause !== 'signed-out') {
        this.dispatchEvent(new EwSignedOutEvent({ cause: state.cause ?? 'unknown', revokedAtService: undefined }));
      }
      this.lastStatus = state.status;
    });
    client.addEventListener('expiring', (event) => {
      const { session, msLeft } = (event as CustomEvent<{ session: { expiresAt: Date }; msLeft: number }>).detail;
      this.dispatchEvent(new EwSessionExpiringEvent({ expiresAt: session.expiresAt, msLeft }));
    });
    client.addEventListener('storage-warning', (event) => {
      const { reason, message } = (event as CustomEvent<{ reason: string; message: string }>).detail;
      this.dispatchEvent(new EwStorageWarningEvent({ reason, message }));
    });
  }

  /** Hands this wallet's client to slotted `ew-*` elements that have none. */
  private adoptSlotted(event: Event): void {
    for (const el of (event.target as HTMLSlotElement).assignedElements({ flatten: true })) {
      const targets = [el, ...el.querySelectorAll('*')].filter((x) => x.tagName.startsWith('EW-'));
      for (const target of targets as (HTMLElement & { client?: WalletClient })[]) {
        if (!target.client) target.client = this.client;
      }
    }
  }

  /** Signs out (revokes this session, wipes it here and in other tabs). */
  async signOut(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const result = await this.wallet.run('signOut', () => client.signOut());
    if (result) this.dispatchEvent(new EwSignedOutEvent({ cause: 'signed-out', revokedAtService: result.revoked }));
  }

  protected override render() {
    const s = resolveStrings(this.strings);
    const client = this.client;
    const state = client?.state;
    if (this.configProblem)
      return html`<div part="base"><p part="error" role="alert">${errorText(this.configProblem, s)}</p></div>`;
    const error = this.wallet.error;
    const errorLine = html`<div aria-live="polite">
      ${error ? html`<p part="error" role="alert">${errorText(error, s)}</p>` : nothing}
    </div>`;
    if (!client || !state) {
      return html`<div part="base" aria-busy="true">
        <p role="status"><span part="spinner" aria-hidden="true"></span>${s.loading}</p>
      </div>`;
    }
    if (state.status !== 'signed-in') {
      // One template while restoring and signed out, so the sign-in view made during the restore is the
      // one shown after it: it loads the wallet's methods while IndexedDB opens (no waterfall of the
      // two before the form shows); a restored session drops it unseen.
      const restoring = state.status === 'restoring';
      return html`<div part="base" aria-busy=${restoring ? 'true' : 'false'}>
        ${
          restoring
            ? html`<p role="status"><span part="spinner" aria-hidden="true"></span>${s.loading}</p>`
            : client.storageWarning
              ? html`<p class="notice" role="note">${s.storageWarning}</p>`
              : nothing
        }
        <ew-sign-in
          ?hidden=${restoring}
          .client=${client}
          .strings=${this.strings}
          .oidcTokenProvider=${this.oidcTokenProvider}
          oauth-label=${this.oauthLabel ?? nothing}
          first-sign-in=${this.firstSignIn ?? nothing}
          @ew-ready=${() => this.readiness.ready()}
          @ew-load-error=${(event: EwLoadErrorEvent) => this.readiness.failed(event.detail)}
          ><slot name=${CODE_SLOT} slot=${CODE_SLOT}></slot
        ></ew-sign-in>
        ${errorLine}
      </div>`;
    }
    const warning = client.storageWarning ? html`<p class="notice" role="note">${s.storageWarning}</p>` : nothing;
    const left = Math.max(0, state.session.expiresAt.getTime() - this.clock.now);
    const pending = this.wallet.pending;
    // Who is signed in: the code's email or phone; for a passkey or OAuth sign-in, the account's contact.
    const { credentialType, nickname } = state.session;
    const who = credentialType === 'EMAIL_OTP' || credentialType === 'SMS_OTP' ? nickname : this.contact;
    return html`<div part="base">
      <div part="header">
        <div>
          <strong part="identity"
            >${who ? s.signedInAs(maskDestination(who)) : html`<span class="skeleton"></span>`}</strong
          >
          <div class="muted">${s.sessionTimeLeft(Math.floor(left / 60_000), Math.floor(left / 1000) % 60)}</div>
        </div>
        <div class="row">
          <button
            class="secondary"
            type="button"
            ?disabled=${pending}
            @click=${() => this.wallet.run('refreshSession', () => client.refreshSession())}
          >
            ${s.refreshSession}
          </button>
          <button class="secondary" type="button" ?disabled=${pending} @click=${() => this.signOut()}>
            ${s.signOut}
          </button>
        </div>
      </div>
      ${warning} ${errorLine}
      ${this.customerId ? html`<ew-wallet-overview .client=${client} .strings=${this.strings}></ew-wallet-overview>` : nothing}
      <slot @slotchange=${(e: Event) => this.adoptSlotted(e)}></slot>
      ${
        this.hideSections
          ? nothing
          : html`<details @toggle=${reloadOnOpen}>
                <summary>${s.sessionsTitle}</summary>
                <ew-sessions
                  hide-title
                  .client=${client}
                  .strings=${this.strings}
                  exportparts="base: sessions-base, item: sessions-item"
                ></ew-sessions>
              </details>
              <details @toggle=${reloadOnOpen}>
                <summary>${s.credentialsTitle}</summary>
                <ew-credentials
                  hide-title
                  .client=${client}
                  .strings=${this.strings}
                  .oidcTokenProvider=${this.oidcTokenProvider}
                ></ew-credentials>
              </details>
              ${
                this.customerId
                  ? html`<details @toggle=${reloadOnOpen}>
                      <summary>${s.accountSettingsTitle}</summary>
                      <ew-account-settings hide-title .client=${client} .strings=${this.strings}
                        ><slot name=${CODE_SLOT} slot=${CODE_SLOT}></slot
                      ></ew-account-settings>
                    </details>`
                  : nothing
              }
              <details>
                <summary>${s.exportTitle}</summary>
                <ew-export-wallet hide-title .client=${client} .strings=${this.strings}></ew-export-wallet>
              </details>`
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-wallet': EwWallet;
  }
}
