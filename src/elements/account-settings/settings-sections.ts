/**
 * The sections of `<ew-account-settings>`, as templates over what the element
 * holds: a contact (its value, the button that opens its form, the form, a
 * notice, and "Verify with a code" for a new address) and the privacy switch.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { spinner } from '../icons/icons.js';
import type { ErrorInfo } from '../shared/error-info.js';
import { CODE_SLOT } from '../shared/code-slot.js';
import { visibleLabel } from '../shared/format.js';
import { errorText, type WalletStrings } from '../strings/index.js';
import type { Channel } from './contact-form.js';
import { displayPhone } from './phone-number.js';

/** The account's email or phone as its code credential names it (a code credential's nickname is its address). */
export interface Contact {
  value: string | undefined;
  credentialId: string | undefined;
}

export interface ContactSectionView {
  channel: Channel;
  /** Undefined while the settings are read. */
  contact: Contact | undefined;
  strings: WalletStrings;
  open: boolean;
  /** The form, when open. */
  form: TemplateResult | typeof nothing;
  notice: string | undefined;
  /** Offer "Verify with a code" to the new address (its code credential exists). */
  verifying: boolean;
  onToggle: () => void;
  onVerified: () => void;
}

export function contactSection(v: ContactSectionView) {
  const { channel, contact, strings: s } = v;
  const email = channel === 'email';
  const value = contact?.value;
  return html`<section aria-labelledby="${channel}-title">
    <div class="head">
      <div class="current">
        <h4 id="${channel}-title">${email ? s.emailLabel : s.phoneLabel}</h4>
        <div part="value">
          ${!contact ? html`<span class="skeleton"></span>` : value ? visibleLabel(email ? value : displayPhone(value)) : s.notSet}
        </div>
      </div>
      <button
        id="${channel}-toggle"
        class="secondary"
        type="button"
        aria-expanded=${v.open ? 'true' : 'false'}
        aria-controls=${v.open ? `${channel}-form` : nothing}
        ?disabled=${!contact}
        @click=${v.onToggle}
      >
        ${value ? (email ? s.changeEmail : s.changePhone) : email ? s.addEmail : s.addPhone}
      </button>
    </div>
    ${v.form}
    <div aria-live="polite">${v.notice ? html`<p part="message" role="status">${v.notice}</p>` : nothing}</div>
    ${
      v.verifying
        ? html`<ew-otp-sign-in
            .strings=${{ signInWithEmail: s.verifyWithCode, signInWithSms: s.verifyWithCode }}
            channel=${channel}
            credential-id=${contact!.credentialId!}
            @ew-signed-in=${v.onVerified}
            ><slot name=${CODE_SLOT} slot="code"></slot
          ></ew-otp-sign-in>`
        : nothing
    }
  </section>`;
}

export interface PrivacySectionView {
  strings: WalletStrings;
  on: boolean;
  pending: boolean;
  /** The last change's failure, once it is over. */
  error: ErrorInfo | undefined;
  notice: string | undefined;
  /** The settings have been read (the switch shows their state). */
  loaded: boolean;
  onToggle: () => void;
}

export function privacySection(v: PrivacySectionView) {
  const { strings: s, pending, error } = v;
  return html`<section aria-labelledby="privacy-title">
    <div class="head">
      <div class="current">
        <h4 id="privacy-title">${s.privateWallet}</h4>
        <p id="privacy-hint" class="muted">${s.privateWalletHint}</p>
      </div>
      <button
        part="switch"
        role="switch"
        type="button"
        aria-checked=${v.on ? 'true' : 'false'}
        aria-labelledby="privacy-title"
        aria-describedby=${error ? 'privacy-hint privacy-error' : 'privacy-hint'}
        aria-disabled=${pending || !v.loaded ? 'true' : 'false'}
        @click=${v.onToggle}
      >
        ${pending ? html`${spinner()}` : nothing}
        <span class="track" aria-hidden="true"></span>
      </button>
    </div>
    <div aria-live="polite">
      ${error ? html`<p id="privacy-error" part="error" role="alert">${errorText(error, s)}</p>` : nothing}
      ${v.notice ? html`<p part="message" role="status">${v.notice}</p>` : nothing}
    </div>
  </section>`;
}
