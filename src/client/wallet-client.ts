/**
 * `WalletClient`: the headless engine of the widget, one method per user goal.
 * The elements are thin views over it; partners who build their own UI use it
 * directly (`embedded-wallet-elements/client`).
 *
 * ```ts
 * const wallet = new WalletClient({ apiBase: '/api/wallet', accountId });
 * await wallet.ready;
 * const otp = await wallet.signInWithEmailOtp();
 * await otp.finish('123456');
 * const { signature, idempotencyKey } = await wallet.approveQuote(quote);
 * ```
 *
 * Events (`addEventListener`): `change` (signed in / out / refreshed; detail is the state),
 * `expiring` (inside the refresh margin), `storage-warning` (this device will not remember the
 * session), `error` (background refresh failures).
 */
import { ApiClient, fetchTransport, WalletError, type AuthMethod, type Quote } from '../protocol/index.js';
import type { ListedSession } from './account/sessions.js';
import type { Payee } from './account/payee.js';
import type { WalletInfo } from './account/wallet-info.js';
import { loadAccount } from './account/load-account.js';
import type { Listener, WalletClientEventMap } from './client-events.js';
import { activeSessions, listCredentials, type ClientContext } from './context.js';
import { approveQuote, signPayload, type QuoteApproval, type SignPayloadOptions } from './flows/approve-quote.js';
import type { ApproveQuoteOptions } from './verify-quote.js';
import { startOtpSignIn, type OtpSignIn } from './flows/otp-sign-in.js';
import type { PreparedPasskeyRegistration, PreparedPasskeySignIn } from './passkey/passkey.js';
import { refreshSession, signOut } from './flows/sessions.js';
import { loadOAuthFlows } from './load-oauth-flows.js';
import { loadPasskeyFlows, passkeyFlows } from './load-passkey-flows.js';
import type { OidcTokenProvider, PreparedOAuthSignIn } from './oauth/oauth.js';
import { resolveOptions, type ResolvedOptions, type WalletClientOptions } from './options.js';
import { SessionManager, type SessionEvent } from './session/session-manager.js';
import type { SessionInfo, WalletState } from './session/state.js';
import { SessionVault } from './session/vault.js';

export type { WalletClientEventMap, WalletState };

// Typed listeners only: the class adds no runtime code for them (types merge into the class).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface WalletClient {
  addEventListener<K extends keyof WalletClientEventMap>(
    type: K,
    listener: Listener<WalletClientEventMap[K]>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: Listener<Event>, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof WalletClientEventMap>(
    type: K,
    listener: Listener<WalletClientEventMap[K]>,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: Listener<Event>, options?: boolean | EventListenerOptions): void;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class WalletClient extends EventTarget {
  /** Resolves once the stored session (if any) has been restored. */
  readonly ready: Promise<void>;
  private readonly ctx: ClientContext;
  private readonly options: ResolvedOptions;
  private readonly vault: SessionVault;
  private storageWarningValue: string | undefined;

  constructor(options: WalletClientOptions) {
    super();
    this.options = resolveOptions(options);
    const transport =
      options.transport ?? fetchTransport(options.apiBase!, { timeoutMs: this.options.requestTimeoutMs });
    // The relay needs the wallet id when a path names only a credential or session (docs/relay.md).
    const api = new ApiClient(transport, () => ({ 'Ew-Account-Id': this.options.accountId }));
    this.vault = new SessionVault({
      databaseName: this.options.storageNamespace,
      timeoutMs: this.options.storageTimeoutMs,
      onFallback: (reason) => {
        this.storageWarningValue = reason;
        this.dispatchEvent(
          new CustomEvent('storage-warning', {
            detail: { reason, message: 'This device will not remember you after this page closes.' },
          }),
        );
      },
    });
    const sessions = new SessionManager(
      {
        accountId: this.options.accountId,
        channel: this.options.storageNamespace,
        refreshMarginMs: this.options.refreshMarginMs,
        maxSessionMs: this.options.maxSessionSeconds * 1000 + 60_000,
        stillListed: async (id) => (await activeSessions(this.ctx, 'checkSession')).some((s) => s.id === id),
      },
      this.vault,
      api.clock,
      (event) => this.onSessionEvent(event),
    );
    this.ctx = { api, options: this.options, sessions, refresh: (operation) => refreshSession(this.ctx, operation) };
    // Started now, so the storage lookup overlaps the first render; every event it causes comes
    // after an await, so listeners added right after `new` still see them all.
    this.ready = sessions.restore();
  }

  /** The current state (the session manager's: it holds the session). */
  get state(): WalletState {
    return this.ctx.sessions.state;
  }

  /** The wallet (`InternalAccount:…`) this client signs for. */
  get accountId(): string {
    return this.options.accountId;
  }

  /** The wallet's customer (`Customer:…`), when the client was given it. */
  get customerId(): string | undefined {
    return this.options.customerId;
  }

  /** The current session, or undefined when signed out. */
  get session(): SessionInfo | undefined {
    const state = this.ctx.sessions.state;
    return state.status === 'signed-in' ? state.session : undefined;
  }

  /** Why sessions are kept in memory only, when they are (undefined while IndexedDB works). */
  get storageWarning(): string | undefined {
    return this.storageWarningValue;
  }

  /** The server's clock (ms), for countdowns that must agree with the service. */
  serverNow(): number {
    return this.ctx.api.clock.now();
  }

  private onSessionEvent(event: SessionEvent): void {
    if (event.type === 'expiring') {
      this.dispatchEvent(new CustomEvent('expiring', { detail: { session: event.session, msLeft: event.msLeft } }));
      if (this.options.autoRefresh) {
        this.refreshSession().catch((error: unknown) =>
          this.dispatchEvent(new CustomEvent('error', { detail: { error, operation: 'autoRefresh' } })),
        );
      }
      return;
    }
    this.dispatchEvent(new CustomEvent('change', { detail: event.state }));
  }

  // --- sign-in ------------------------------------------------------------------------------

  /** Step one of email OTP sign-in: sends a code. `finish(code)` completes it. */
  signInWithEmailOtp(options: { credentialId?: string } = {}): Promise<OtpSignIn> {
    return startOtpSignIn(this.ctx, 'EMAIL_OTP', options.credentialId);
  }

  /** Step one of SMS OTP sign-in: sends a code. `finish(code)` completes it. */
  signInWithSmsOtp(options: { credentialId?: string } = {}): Promise<OtpSignIn> {
    return startOtpSignIn(this.ctx, 'SMS_OTP', options.credentialId);
  }

  /** Prepares a passkey sign-in (key + challenge) so `start()` can run inside the user's tap. */
  preparePasskeySignIn(options: { credentialId?: string } = {}): Promise<PreparedPasskeySignIn> {
    return loadPasskeyFlows().then((passkeys) => passkeys.preparePasskeySignIn(this.ctx, options.credentialId));
  }

  /** Cancels a passkey ceremony waiting for the user (PASSKEY_CANCELLED); none runs before its code loaded. */
  cancelPasskey(): void {
    passkeyFlows()?.cancelPasskeyCeremony();
  }

  /** Prepares and starts a passkey sign-in (fine where user activation survives an await). */
  async signInWithPasskey(options: { credentialId?: string } = {}): Promise<SessionInfo> {
    return (await loadPasskeyFlows()).signInWithPasskeyNow(this.ctx, options.credentialId);
  }

  /** Prepares an OAuth sign-in (key and nonce) so `start(provider)` can open a popup inside the click. */
  prepareOAuthSignIn(options: { credentialId?: string } = {}): Promise<PreparedOAuthSignIn> {
    return loadOAuthFlows().then((oauth) => oauth.prepareOAuthSignIn(this.ctx, options.credentialId));
  }

  /** Signs in with an OIDC id_token from `oidcTokenProvider`, bound to a fresh session key. */
  signInWithOAuth(options: { oidcTokenProvider: OidcTokenProvider; credentialId?: string }): Promise<SessionInfo> {
    return loadOAuthFlows().then((oauth) =>
      oauth.signInWithOAuth(this.ctx, options.oidcTokenProvider, options.credentialId),
    );
  }

  listCredentials(): Promise<AuthMethod[]> {
    return listCredentials(this.ctx);
  }

  /** Prepares a passkey registration (options fetched) so `start()` can run inside the tap. */
  preparePasskeyRegistration(
    options: { nickname?: string; signIn?: boolean } = {},
  ): Promise<PreparedPasskeyRegistration> {
    return loadPasskeyFlows().then((passkeys) => passkeys.preparePasskeyRegistration(this.ctx, options));
  }

  /** Creates and registers a passkey (signed by the current session), then signs in with it. */
  async registerPasskey(
    options: { nickname?: string; signIn?: boolean } = {},
  ): Promise<{ credential: AuthMethod; session: SessionInfo | undefined }> {
    return (await this.preparePasskeyRegistration(options)).start();
  }

  /** Adds an OAuth identity as a credential (signed by the current session). */
  registerOAuth(options: { oidcTokenProvider: OidcTokenProvider }): Promise<AuthMethod> {
    return loadOAuthFlows().then((oauth) => oauth.registerOAuth(this.ctx, options.oidcTokenProvider));
  }

  /** Removes a credential, signing with this device's session (which must be of another credential). */
  async revokeCredential(credentialId: string): Promise<void> {
    return (await loadAccount()).revokeCredential(this.ctx, credentialId);
  }

  // --- sessions -----------------------------------------------------------------------------

  async listSessions(): Promise<ListedSession[]> {
    return (await loadAccount()).listSessions(this.ctx);
  }

  refreshSession(): Promise<SessionInfo> {
    return refreshSession(this.ctx);
  }

  /** Revokes another device's session (or this one's: prefer `signOut`). */
  async revokeSession(sessionId: string): Promise<void> {
    return (await loadAccount()).revokeListedSession(this.ctx, sessionId);
  }

  /** Revokes this session and wipes it locally (always, even offline). `revoked` says whether the service confirmed. */
  signOut(): Promise<{ revoked: boolean; error?: unknown }> {
    return signOut(this.ctx);
  }

  // --- signing and wallet -------------------------------------------------------------------

  /**
   * Signs a quote's payload for the host's backend to execute, once every value the quote
   * shows is found in what the payload commits to (`verifyQuote`). No network call.
   */
  approveQuote(quote: Quote, options: ApproveQuoteOptions = {}): Promise<QuoteApproval> {
    return approveQuote(this.ctx, quote, options);
  }

  /** Stamps a payload (transaction-signing activities by default). */
  signPayload(payloadToSign: string, options: SignPayloadOptions = {}): Promise<string> {
    return signPayload(this.ctx, payloadToSign, options);
  }

  /** Exports the wallet's recovery phrase. Show it only on the user's explicit request. */
  async exportWallet(): Promise<string> {
    return (await loadAccount()).exportWallet(this.ctx);
  }

  /**
   * Adds the wallet's email or SMS code credential for the contact just set with
   * `updateContact` (signed by this session; the activity must name that contact).
   */
  async addCodeCredential(type: 'EMAIL_OTP' | 'SMS_OTP', contact: string): Promise<AuthMethod> {
    return (await loadAccount()).addCodeCredential(this.ctx, type, contact);
  }

  /** The wallet's balance, address and privacy (needs `customerId`). */
  async getWallet(): Promise<WalletInfo> {
    return (await loadAccount()).getWallet(this.ctx);
  }

  /**
   * Whom a payment to `externalAccountId` goes to, as the service describes the account (needs
   * `customerId`): not signed, so show it beside the account id the payment's payload commits to.
   * Undefined when the account is not one of the customer's own.
   */
  async getPayee(externalAccountId: string): Promise<Payee | undefined> {
    return (await loadAccount()).getPayee(this.ctx, externalAccountId);
  }

  /** The account's email (or phone), for "signed in as" after a passkey or OAuth sign-in. */
  async accountContact(): Promise<string | undefined> {
    return (await loadAccount()).accountContact(this.ctx);
  }

  async setWalletPrivacy(enabled: boolean): Promise<void> {
    return (await loadAccount()).setWalletPrivacy(this.ctx, enabled);
  }

  async updateContact(contact: { email: string } | { phoneNumber: string }): Promise<Record<string, unknown>> {
    return (await loadAccount()).updateContact(this.ctx, contact);
  }

  /** Stops timers and the tab channel (the stored session stays). */
  close(): void {
    this.ctx.sessions.close();
  }
}

export { WalletError };
