/**
 * The wallet's signed-in view, a lazy module (load-signed-in-view.ts: fetched after the first
 * paint, so no page's first download carries it), in named parts: its heading, who is signed in (with
 * "Sign out", and, near the session's end, the time left and "Stay signed in"), the overview, the host's
 * slotted content, and the sections (devices, methods, settings, export).
 * The elements inside take the wallet's client and words from it
 * (shared/wallet-element.ts), so nothing is handed to them here.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { SessionInfo } from '../../../client/index.js';
import { CODE_SLOT } from '../../shared/code-slot.js';
import { maskDestination } from '../../shared/mask.js';
import type { WalletStrings } from '../../strings/index.js';
import { HEADING_ID } from './heading.js';

export interface SignedInView {
  strings: WalletStrings;
  session: SessionInfo;
  /** The account's contact when the session does not name it (passkey, OAuth); undefined while it is read. */
  contact: string | undefined;
  /** Milliseconds left in the session, on the service's clock. */
  msLeft: number;
  /** The session's quiet refresh failed: the time left and "Stay signed in" show whatever is left. */
  refreshFailed: boolean;
  pending: boolean;
  /** Notices and the error line, drawn under the header. */
  notices: TemplateResult | typeof nothing;
  /** Whether the wallet knows its customer (the overview and settings need it). */
  hasCustomer: boolean;
  hideSections: boolean;
  onRefresh: () => Promise<unknown>;
  onSignOut: () => void;
  /** Loads a view's code (lazy-elements.ts) when it is first shown. */
  loadView: (tag: string) => void;
}

/**
 * Opening a section loads its view the first time, and shows its list as it is now (another
 * device may have changed it) every time after.
 */
const opened = (v: SignedInView) => (event: Event) => {
  const details = event.currentTarget as HTMLDetailsElement;
  const view = details.querySelector<HTMLElement & { load?: () => Promise<void> }>('[data-view]');
  if (!details.open || !view) return;
  v.loadView(view.localName);
  void view.load?.();
};

/**
 * The client refreshes the session by itself a minute before it ends (client/options.ts,
 * `refreshMarginMs`): the countdown and "Stay signed in" matter only in the last two minutes.
 */
const SHOW_SESSION_END_MS = 2 * 60_000;

/**
 * "Stay signed in": it refreshes the session, and then goes (the session no longer nears its
 * end). The focus that was on it goes to the view's heading, not to `<body>`.
 */
const stayFor = (v: SignedInView) => async (event: Event) => {
  const button = event.currentTarget as HTMLElement;
  const root = button.getRootNode() as ShadowRoot;
  const focused = root.activeElement === button;
  await v.onRefresh();
  await (root.host as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  if (focused && !button.isConnected) root.getElementById(HEADING_ID)?.focus();
};

function header(v: SignedInView) {
  const s = v.strings;
  // Who is signed in: the code's email or phone; for a passkey or OAuth sign-in, the account's contact.
  const { credentialType, nickname } = v.session;
  const who = credentialType === 'EMAIL_OTP' || credentialType === 'SMS_OTP' ? nickname : v.contact;
  const ending = v.refreshFailed || v.msLeft <= SHOW_SESSION_END_MS;
  return html`<div part="header">
    <div>
      <strong part="identity"
        >${who ? s.signedInAs(maskDestination(who)) : html`<span class="skeleton"></span>`}</strong
      >
      ${
        ending
          ? html`<div class="muted">
              ${s.sessionTimeLeft(Math.floor(v.msLeft / 60_000), Math.floor(v.msLeft / 1000) % 60)}
            </div>`
          : nothing
      }
    </div>
    <div class="row">
      ${
        ending
          ? html`<button class="secondary" type="button" ?disabled=${v.pending} @click=${stayFor(v)}>
              ${s.refreshSession}
            </button>`
          : nothing
      }
      <button class="secondary" type="button" ?disabled=${v.pending} @click=${v.onSignOut}>${s.signOut}</button>
    </div>
  </div>`;
}

function sections(v: SignedInView) {
  const s = v.strings;
  return html`<details @toggle=${opened(v)}>
      <summary>${s.sessionsTitle}</summary>
      <ew-sessions hide-title data-view exportparts="base: sessions-base, item: sessions-item"></ew-sessions>
    </details>
    <details @toggle=${opened(v)}>
      <summary>${s.credentialsTitle}</summary>
      <ew-credentials hide-title data-view></ew-credentials>
    </details>
    ${
      v.hasCustomer
        ? html`<details @toggle=${opened(v)}>
            <summary>${s.accountSettingsTitle}</summary>
            <ew-account-settings hide-title data-view
              ><slot name=${CODE_SLOT} slot=${CODE_SLOT}></slot
            ></ew-account-settings>
          </details>`
        : nothing
    }
    <details @toggle=${opened(v)}>
      <summary>${s.exportTitle}</summary>
      <ew-export-wallet hide-title data-view></ew-export-wallet>
    </details>`;
}

export function signedInView(v: SignedInView) {
  return html`<h2 id=${HEADING_ID} class="visually-hidden" tabindex="-1">${v.strings.walletHeading}</h2>
    ${header(v)} ${v.notices} ${v.hasCustomer ? html`<ew-wallet-overview></ew-wallet-overview>` : nothing}
    <slot></slot>
    ${v.hideSections ? nothing : sections(v)}`;
}
