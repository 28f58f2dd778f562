/**
 * What the wallet's client says, told to the page as the wallet's events:
 * sign-ins (the wallet announces them itself: the inner element that made one
 * is often gone by then, replaced by the signed-in view), sign-outs the user
 * did not make through an element, the session's expiry and storage warnings.
 * Also reads the account's contact after a passkey or OAuth sign-in, whose
 * session names none, and notes when the client's quiet refresh of the session failed.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WalletClient, WalletState } from '../../client/index.js';
import { EwSessionExpiringEvent } from '../events/session-expiring.js';
import { EwSignedInEvent } from '../events/signed-in.js';
import { EwSignedOutEvent } from '../events/signed-out.js';
import { EwStorageWarningEvent } from '../events/storage-warning.js';

type Host = ReactiveControllerHost & HTMLElement & { client: WalletClient | undefined };

export class ClientEvents implements ReactiveController {
  /** The account's email or phone, for a session that does not name it (passkey, OAuth). */
  contact: string | undefined;
  /** The client's own refresh before the session's end failed (until the session changes). */
  refreshFailed = false;
  private followed: WalletClient | undefined;
  private stop: AbortController | undefined;
  private lastStatus: string | undefined;

  constructor(
    private readonly host: Host,
    /** Called on every state that is signed in. */
    private readonly onSignedIn: () => void,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const client = this.host.client;
    if (client === this.followed) return;
    this.stop?.abort();
    this.followed = client;
    this.contact = undefined;
    this.refreshFailed = false;
    this.lastStatus = undefined;
    if (!client) return;
    this.stop = new AbortController();
    const { signal } = this.stop;
    client.addEventListener('change', (e) => this.changed(client, (e as CustomEvent<WalletState>).detail), { signal });
    client.addEventListener(
      'expiring',
      (e) => {
        const { session, msLeft } = (e as CustomEvent<{ session: { expiresAt: Date }; msLeft: number }>).detail;
        this.host.dispatchEvent(new EwSessionExpiringEvent({ expiresAt: session.expiresAt, msLeft }));
      },
      { signal },
    );
    client.addEventListener(
      'error',
      (e) => {
        if ((e as CustomEvent<{ operation: string }>).detail.operation !== 'autoRefresh') return;
        this.refreshFailed = true;
        this.host.requestUpdate();
      },
      { signal },
    );
    client.addEventListener(
      'storage-warning',
      (e) => {
        const { reason, message } = (e as CustomEvent<{ reason: string; message: string }>).detail;
        this.host.dispatchEvent(new EwStorageWarningEvent({ reason, message }));
      },
      { signal },
    );
  }

  private changed(client: WalletClient, state: WalletState): void {
    this.refreshFailed = false; // a new session (or none): the last one's failed refresh is moot
    if (state.status === 'signed-in') {
      this.onSignedIn();
      const type = state.session.credentialType;
      if (this.lastStatus !== 'signed-in' && type !== 'EMAIL_OTP' && type !== 'SMS_OTP') void this.readContact(client);
      if (state.cause === 'signed-in')
        this.host.dispatchEvent(new EwSignedInEvent({ session: state.session, method: state.session.credentialType }));
    }
    // Sign-outs the user did through an element are announced by that element.
    if (state.status === 'signed-out' && this.lastStatus === 'signed-in' && state.cause !== 'signed-out')
      this.host.dispatchEvent(new EwSignedOutEvent({ cause: state.cause ?? 'unknown', revokedAtService: undefined }));
    this.lastStatus = state.status;
  }

  private async readContact(client: WalletClient): Promise<void> {
    const contact = await client.accountContact().catch(() => undefined);
    if (client !== this.followed) return; // read for a client since replaced
    this.contact = contact;
    this.host.requestUpdate();
  }
}
