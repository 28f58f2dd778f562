/**
 * Whom an approval pays, in the user's words: the payee's name (and how the
 * bank checked it), bank, account ending and currency, read from the service
 * beside the account id the payload commits to (client.getPayee). The read is
 * keyed on the wallet, its session and the committed account: a slow answer
 * for another quote or account never shows under this one. It is not signed:
 * the committed account id stays on screen, in full, under the name (two
 * accounts whose ids share an ending must not look alike, whatever a relay
 * says their names are), and "What you sign" says which is which.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Payee, WalletClient } from '../../client/index.js';
import { visibleLabel } from '../shared/format.js';
import type { WalletStrings } from '../strings/index.js';
import type { Shown } from './quote-summary.js';

/** Name checks said as a warning: the name shown may not be the account holder's. */
const WARN = ['PARTIAL_MATCH', 'NOT_MATCHED'];
/** How long Approve waits for the payee before arming without it (the committed id is shown either way). */
const PAYEE_WAIT_MS = 2_000;

type Host = ReactiveControllerHost & { client: WalletClient | undefined; destination(): string | undefined };

/**
 * The payee of the quote on screen; undefined while unread, unknown, or for a wallet with no
 * customer id. `settled` once the read is over or PAYEE_WAIT_MS passed: Approve arms only then, so
 * the user sees whom they pay before the button can take their press; a payee that arrives later
 * calls `late` (the element disarms, and the wait starts over with the name on screen).
 */
export class PayeeRead implements ReactiveController {
  value: Payee | undefined;
  settled = true;
  /** The wallet `value` was read for. */
  private readFor: string | undefined;
  private key: string | undefined;
  private waiting: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: Host,
    private readonly late: () => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.waiting);
    this.key = undefined; // read again when connected again
    this.settled = true;
  }

  hostUpdate(): void {
    const client = this.host.client;
    const destination = this.host.destination();
    const session = client?.session?.id;
    const key =
      client?.customerId && session && destination ? `${client.accountId} ${session} ${destination}` : undefined;
    if (key === this.key) return;
    this.key = key;
    // A new session of the same wallet keeps what it read: the account behind the id did not change.
    // Another wallet (another customer) reads again before anything is shown or armed.
    if (this.value?.id !== destination || this.readFor !== client?.accountId) this.value = undefined;
    clearTimeout(this.waiting);
    this.settled = !key || this.value !== undefined;
    if (!key || !client || !destination) return;
    this.waiting = setTimeout(() => this.settle(), PAYEE_WAIT_MS);
    void this.read(client, destination, key);
  }

  private settle(): void {
    clearTimeout(this.waiting);
    if (this.settled) return;
    this.settled = true;
    this.host.requestUpdate();
  }

  private async read(client: WalletClient, destination: string, key: string): Promise<void> {
    let payee: Payee | undefined;
    try {
      payee = await client.getPayee(destination);
    } catch {
      payee = undefined; // the committed id is shown either way; a read that failed adds nothing
    }
    if (key !== this.key) return;
    const late = this.settled && JSON.stringify(payee) !== JSON.stringify(this.value);
    this.value = payee;
    this.readFor = client.accountId;
    this.settle();
    this.host.requestUpdate();
    if (late) this.late();
  }
}

/** What the payee blocks draw from: a PayeeRead, or (in isolated mode's confirmation window) what it read. */
export type PayeeShown = Pick<PayeeRead, 'value' | 'settled'>;

/** Placeholders for the name, the account and the check while they are read: nothing below moves down. */
const reading = html`<span class="skeleton" aria-hidden="true"></span
  ><span class="skeleton short" aria-hidden="true"></span><span class="skeleton short" aria-hidden="true"></span>`;

/**
 * The payee: its name (or the host's label), how the name was checked, and the account in short;
 * placeholders in their place while `read` is not settled.
 */
export function payeeBlock(shown: Shown, read: PayeeShown, s: WalletStrings) {
  const payee = shownPayee(shown, read);
  const name = payee?.name ? visibleLabel(payee.name) : undefined;
  const facts = payee
    ? [payee.bank ? visibleLabel(payee.bank) : undefined, payee.last4 && `••${payee.last4}`, payee.currency]
        .filter(Boolean)
        .join(' · ')
    : undefined;
  const check = payee?.name ? payee.nameCheck : undefined;
  return html`<div part="payee">
    <span class="muted">${s.destination}</span>
    ${read.settled ? nothing : reading} ${name ? html`<bdi part="payee-name">${name}</bdi>` : nothing}
    ${shown.label ? html`<bdi part="destination-label">${shown.label}</bdi>` : nothing}
    ${facts ? html`<bdi part="payee-account">${facts}</bdi>` : nothing}
    ${
      check
        ? html`<span part="name-check" data-check=${check} class=${WARN.includes(check) ? 'warn' : 'muted'}
            >${s.nameCheck(check)}</span
          >`
        : nothing
    }
    <code part="account">${shown.view.destinationAccountId}</code>
  </div>`;
}

/** The payee read for the account on screen, never another's. */
const shownPayee = (shown: Shown, read: PayeeShown) =>
  read.value?.id === shown.view.destinationAccountId ? read.value : undefined;

/** Beside anything unsigned (the payee's details, the host's label), which of what is shown the signature covers. */
export function paymentDetails(shown: Shown, read: PayeeShown, s: WalletStrings) {
  if (!shownPayee(shown, read) && !shown.label) return nothing;
  return html`<details part="details">
    <summary>${s.paymentDetails}</summary>
    <p class="muted">${s.signatureCovers}</p>
  </details>`;
}

/**
 * Who asks for the approval. In the wallet's frame, the embedding page's host as the handshake read
 * it, first, and the host's `app-name` only beside it (the host page says what it likes); in-page,
 * `app-name`, else the page's host name.
 */
export function requester(appName: string | undefined, embedderOrigin: string | undefined, s: WalletStrings) {
  const host = embedderOrigin && URL.canParse(embedderOrigin) ? new URL(embedderOrigin).host : undefined;
  const name = appName ? visibleLabel(appName) : undefined;
  const who = host ? (name ? `${host} (${name})` : host) : (name ?? location.hostname);
  return html`<p part="requester" class="muted">${s.requestedBy(who)}</p>`;
}
