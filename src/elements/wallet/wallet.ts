import { html, nothing, type PropertyValues } from 'lit';
import { spinner } from '../icons/icons.js';
import type { OidcTokenProvider, PasskeyCeremonyElsewhere, SessionKeyMode, Transport } from '../../client/index.js';
import type { EwLoadErrorEvent } from '../events/load-error.js';
import { EwErrorEvent } from '../events/error.js';
import { EwSignedOutEvent } from '../events/signed-out.js';
import type { ErrorInfo } from '../shared/error-info.js';
import { ServerTimeController } from '../shared/server-time.js';
import { reportSetupProblem } from '../shared/setup-problem.js';
import { themeStyles } from '../shared/theme.styles.js';
import { WalletElement } from '../shared/wallet-element.js';
import { errorText } from '../strings/index.js';
import type { EwWalletOverview } from '../wallet-overview/wallet-overview.js';
import { ClientEvents } from './client-events.js';
import {
  CONFIG_GRACE_MS,
  conflictingWallet,
  hintUnpinnedKeys,
  invalidAttribute,
  missingAttribute,
  releaseWallet,
} from './config-check.js';
import { HEADING_ID, loadSignedInView } from './signed-in/load-signed-in-view.js';
import { errorLine, signedOutView } from './signed-out-view.js';
import { ViewFocus } from './view-focus.js';
import { SIGNED_IN_VIEW, viewLoader } from './view-loader.js';
import { CLIENT_CONFIG, configOf, makeClient } from './wallet-client.js';
import { walletStyles } from './wallet.styles.js';

/**
 * The whole wallet in one element. Signed out, it offers every sign-in method
 * the wallet has (and says why the session ended); signed in, it shows who is
 * signed in, lets the user sign out (and, near the session's end, stay signed
 * in), keeps the balance current, and holds the sessions, sign-in methods,
 * account settings and export sections plus whatever you slot in (e.g. `<ew-approve-quote>`),
 * to which it hands its client and words. A slotted approval whose payment is
 * pending stays shown when the session ends, with its own sign-in.
 *
 * ```html
 * <ew-wallet api-base="/api/wallet" account-id="InternalAccount:..."></ew-wallet>
 * ```
 *
 * @summary The embedded wallet: sign-in, session, devices, methods, export.
 * @tagname ew-wallet
 * @slot - Content shown while signed in (and signed out while an approval in it holds a pending payment); `ew-*` elements in it take this wallet's client and words.
 * @slot ew-code - Used by the elements themselves for the code field (see `<ew-otp-sign-in>`).
 * @csspart base - The wrapper.
 * @csspart header - The signed-in header.
 * @csspart ended - Why the session ended (signed out, expired, another tab), above the sign-in.
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
export class EwWallet extends WalletElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-wallet';
  protected static override inheritsWallet = false;
  protected static override providesWallet = true;
  protected static override announcesSignIns = true;
  protected static override hasLiveRegion = true;
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
    balanceRefreshSeconds: { attribute: 'balance-refresh-seconds' },
    transport: { attribute: false },
    oidcTokenProvider: { attribute: false },
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
  /** Code methods offered on the first sign-in, before any credential: `email` (default), `sms`, `email sms`, `none`. */
  declare firstSignIn: string | undefined;
  /** Hide the built-in sessions, methods and export sections. */
  declare hideSections: boolean;
  /** How often the balance is read again while the page is visible and signed in, in seconds (default 60; 0: never). */
  declare balanceRefreshSeconds: string | undefined;
  /** Your own transport instead of `fetch` to `api-base`. */
  declare transport: Transport | undefined;
  /** Enables OAuth sign-in and linking: returns an id_token with the given nonce. */
  declare oidcTokenProvider: OidcTokenProvider | undefined;
  /** Set by isolated mode's frame before the wallet is in its page: where ceremonies the frame may not run go (frame-page/mount.ts). */
  declare protected passkeyCeremonyElsewhere: PasskeyCeremonyElsewhere | undefined;
  private readonly clock = new ServerTimeController(this);
  /** Ready once signed in (or once the sign-in view has its methods). */
  private readonly events = new ClientEvents(this, () => this.readiness.ready());
  /** A configuration problem shown instead of the wallet (see config-check.ts). */
  private configProblem: ErrorInfo | undefined;
  private configTimer: ReturnType<typeof setTimeout> | undefined;
  /** Loads a view's code once (view-loader.ts). */
  private readonly loadView = viewLoader(
    (error) => void this.wallet.run('loadView', () => Promise.reject(error)),
    () => this.requestUpdate(),
  );
  private readonly viewFocus = new ViewFocus(this, () => this.text, {
    signedIn: () => this.renderRoot.querySelector<HTMLElement>(`#${HEADING_ID}`) ?? undefined,
    keptPayment: () => this.keptPayment(),
  });

  constructor() {
    super();
    this.dangerouslyTrustUnpinnedSandbox = false;
    this.hideSections = false;
    this.addEventListener('ew-error', (event) =>
      hintUnpinnedKeys((event as CustomEvent<ErrorInfo>).detail, !this.otpTargetKey && !this.exportKey),
    );
    // A code is on its way: the signed-in view's files come while it is typed (it then arrives whole).
    this.addEventListener('ew-otp-sent', () => {
      this.loadView(SIGNED_IN_VIEW);
      if (this.customerId) this.loadView('ew-wallet-overview');
    });
    // Whether a payment is kept on screen when signed out follows the approvals' quotes.
    for (const type of ['ew-quote-change', 'ew-payment-settled'])
      this.addEventListener(type, () => this.requestUpdate());
  }

  /** Reads the balance again now (e.g. after your backend funded the wallet). Resolves once it is shown. */
  async refreshBalance(): Promise<void> {
    await this.renderRoot.querySelector<EwWalletOverview>('ew-wallet-overview')?.load();
  }

  /** The approval inside the wallet whose payment is pending, kept on screen when signed out. */
  private readonly keptPayment = () => [...this.querySelectorAll('ew-approve-quote')].find((el) => el.paymentPending);

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.client) conflictingWallet(this, configOf(this)); // moved in the page: counted again
    // Moved in the page: wait for a missing attribute again (the first connection's update does it itself).
    const missing = this.hasUpdated && !this.client ? missingAttribute(configOf(this)) : undefined;
    if (missing && !this.configProblem) this.awaitConfig(missing);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.configTimer);
    releaseWallet(this);
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
    if (CLIENT_CONFIG.some((key) => changed.has(key))) this.configure();
    super.willUpdate(changed);
  }

  /** A new configuration: the last client goes, whatever comes next (none when the page removed account-id). */
  private configure(): void {
    clearTimeout(this.configTimer);
    this.configProblem = undefined;
    this.readiness.reset();
    this.client?.close();
    this.client = undefined;
    releaseWallet(this);
    const config = configOf(this);
    const invalid = invalidAttribute(config);
    if (invalid) return void queueMicrotask(() => this.reportConfig(invalid));
    const missing = missingAttribute(config);
    if (missing) return this.awaitConfig(missing);
    const conflict = conflictingWallet(this, config);
    if (conflict) return void queueMicrotask(() => this.reportConfig(conflict));
    this.client = makeClient(this, this.passkeyCeremonyElsewhere);
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

  /** Signs out (revokes this session, wipes it here and in other tabs). */
  async signOut(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const result = await this.wallet.run('signOut', () => client.signOut());
    if (result) this.dispatchEvent(new EwSignedOutEvent({ cause: 'signed-out', revokedAtService: result.revoked }));
  }

  protected override render() {
    const s = this.text;
    const client = this.client;
    const state = client?.state;
    const busy = !this.configProblem && (!state || state.status === 'restoring');
    let view;
    if (this.configProblem) view = html`<p part="error" role="alert">${errorText(this.configProblem, s)}</p>`;
    else if (!client || !state) view = html`<p role="status">${spinner()}${s.loading}</p>`;
    else if (state.status !== 'signed-in') {
      const restoring = state.status === 'restoring';
      view = signedOutView({
        strings: s,
        restoring,
        storageWarning: !!client.storageWarning,
        endedBy: state.status === 'signed-out' && state.cause !== 'restored' ? state.cause : undefined,
        keptPayment: restoring ? undefined : this.keptPayment(),
        oauthLabel: this.oauthLabel,
        firstSignIn: this.firstSignIn,
        onReady: () => (this.readiness.ready(), this.viewFocus.moveFocus()),
        onLoadError: (event) => this.readiness.failed((event as EwLoadErrorEvent).detail),
        errorLine: errorLine(this.wallet.shownError, s),
      });
    } else if (!loadSignedInView.current) {
      view = html`<p role="status">${spinner()}${s.loading}</p>
        ${errorLine(this.wallet.shownError, s)}`;
    } else
      view = loadSignedInView.current.signedInView({
        strings: s,
        session: state.session,
        contact: this.events.contact,
        msLeft: Math.max(0, state.session.expiresAt.getTime() - this.clock.now),
        refreshFailed: this.events.refreshFailed,
        pending: this.wallet.pending,
        notices: html`${client.storageWarning ? html`<p class="notice" role="note">${s.storageWarning}</p>` : nothing}
        ${errorLine(this.wallet.shownError, s)}`,
        hasCustomer: !!this.customerId,
        hideSections: this.hideSections,
        onRefresh: () => this.wallet.run('refreshSession', () => client.refreshSession()),
        onSignOut: () => void this.signOut(),
        loadView: (tag) => this.loadView(tag),
      });
    // One labelled region in every state, and one live region that outlives the views it speaks for.
    return html`<div part="base" role="region" aria-label=${s.walletLabel} aria-busy=${busy ? 'true' : 'false'}>
      ${view}
      <p class="visually-hidden" role="status" data-live>${this.viewFocus.said}</p>
    </div>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // Views' files are asked for after drawing, never while drawing: the signed-in view's while a
    // stored session may come back (restoring) or once signed in, the overview's once signed in.
    const status = this.client?.state.status;
    if (status === 'restoring' || status === 'signed-in') this.loadView(SIGNED_IN_VIEW);
    if (this.customerId && status === 'signed-in') this.loadView('ew-wallet-overview');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-wallet': EwWallet;
  }
}
