/**
 * The inline form of one contact in `<ew-account-settings>`: an email
 * address, or a country and the national part of a phone number, with the
 * E.164 form it will be saved as shown under it. The element keeps the state
 * and does the saving; this only draws it and reports what the user did.
 */
import { html, nothing } from 'lit';
import { spinner } from '../icons/icons.js';
import { type ErrorInfo } from '../shared/error-info.js';
import { errorText, type WalletStrings } from '../strings/index.js';
import { COUNTRIES, countryOf, digitsOf, displayPhone, INTERNATIONAL, phoneProblem, toE164 } from './phone-number.js';

export type Channel = 'email' | 'sms';

/** One contact's inline form. `value` is what the user typed, kept through failures and a Cancel. */
export interface ContactFormState {
  open: boolean;
  value: string;
  /** The phone form's country (ISO 3166-1 region). */
  region: string;
  invalid: boolean;
}

/** The shape of an email the service accepts (the sandbox checks the same): refused here before any call. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What a filled form asks to save (`contact`, as sent) and how it is said back (`shown`);
 * undefined when what was typed cannot be right.
 */
export function typedContact(
  channel: Channel,
  form: ContactFormState,
): { contact: { email: string } | { phoneNumber: string }; shown: string } | undefined {
  if (channel === 'email') {
    const email = form.value.trim();
    return EMAIL.test(email) ? { contact: { email }, shown: email } : undefined;
  }
  const phoneNumber = toE164(digitsOf(form.value), countryOf(form.region));
  if (INTERNATIONAL.test(form.value) || phoneProblem(phoneNumber)) return undefined;
  return { contact: { phoneNumber }, shown: displayPhone(phoneNumber) };
}

/**
 * The words for a refused phone: the whole number is wanted (cut short, or
 * typed with a calling code not listed), or what was typed is no number of the country chosen.
 */
function phoneRefusal(form: ContactFormState, s: WalletStrings): string {
  const problem = INTERNATIONAL.test(form.value)
    ? 'short'
    : phoneProblem(toE164(digitsOf(form.value), countryOf(form.region)));
  return problem === 'invalid' ? s.phoneNotValid(s.countryName(form.region)) : s.invalidPhone;
}

export interface ContactFormView {
  channel: Channel;
  form: ContactFormState;
  /** A save is under way. */
  pending: boolean;
  /** The last save's failure, shown until the next one. */
  error: ErrorInfo | undefined;
  strings: WalletStrings;
  onInput(event: InputEvent): void;
  onCountry(event: Event): void;
  onSave(): void;
  onCancel(): void;
}

/** The form's template; `view` carries its state and the element's handlers. */
export function contactForm(view: ContactFormView) {
  const { channel, form, pending, error, strings: s } = view;
  const email = channel === 'email';
  const refused = form.invalid ? (email ? s.invalidEmail : phoneRefusal(form, s)) : undefined;
  const problem = refused ?? (error ? errorText(error, s) : undefined);
  const describedBy = [email ? '' : 'sms-e164', problem ? `${channel}-error` : ''].filter(Boolean).join(' ');
  const digits = INTERNATIONAL.test(form.value) ? '' : digitsOf(form.value);
  // One field for both: an email address, or the national part of a phone number (the country is beside it).
  const field = html`<div class="field">
    <label for="${channel}-input">${email ? s.newEmailLabel : s.phoneNumberLabel}</label>
    <input
      id="${channel}-input"
      part="input"
      type=${email ? 'email' : 'tel'}
      autocomplete=${email ? 'email' : 'tel-national'}
      inputmode=${email ? 'email' : 'tel'}
      spellcheck="false"
      autocapitalize="off"
      required
      .value=${form.value}
      aria-invalid=${form.invalid ? 'true' : 'false'}
      aria-describedby=${describedBy || nothing}
      @input=${view.onInput}
    />
  </div>`;
  return html`<form
    id="${channel}-form"
    novalidate
    @submit=${(e: Event) => (e.preventDefault(), view.onSave())}
    @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && view.onCancel()}
  >
    ${
      email
        ? field
        : html`<div class="pair">
              <div class="field">
                <label for="sms-country">${s.countryLabel}</label>
                <select id="sms-country" part="input" @change=${view.onCountry}>
                  ${COUNTRIES.map(
                    (c) =>
                      html`<option value=${c.region} ?selected=${c.region === form.region}>
                        ${s.countryName(c.region)} (+${c.code})
                      </option>`,
                  )}
                </select>
              </div>
              ${field}
            </div>
            <p id="sms-e164" class="muted">${digits ? s.phoneSavedAs(toE164(digits, countryOf(form.region))) : ''}</p>`
    }
    ${problem ? html`<p id="${channel}-error" part="error" role="alert">${problem}</p>` : nothing}
    <div class="row">
      <button part="submit" type="submit" ?disabled=${pending}>
        ${pending ? html`${spinner()}${s.saving}` : s.save}
      </button>
      <button class="secondary" type="button" ?disabled=${pending} @click=${view.onCancel}>${s.cancel}</button>
    </div>
  </form>`;
}
