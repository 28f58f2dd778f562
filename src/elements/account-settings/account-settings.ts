import { html, nothing, type PropertyValues } from 'lit';
import { errorText, type WalletStrings } from '../strings/index.js';
import { themeStyles } from '../shared/theme.styles.js';
import { ClientController } from '../shared/client-controller.js';
import { ClientRead } from '../shared/client-read.js';
import { WalletElement } from '../shared/wallet-element.js';
import { accountSettingsStyles } from './account-settings.styles.js';
import { contactForm, typedContact, type Channel, type ContactFormState } from './contact-form.js';
import { contactSection, privacySection, type Contact } from './settings-sections.js';
import { loadPhonePlan } from './phone-plan/load-phone-plan.js';
import { countryOf, defaultRegion, digitsOf, formatNational, maxNational, regroupPhone } from './phone-number.js';

/**
 * The account's own settings: its email and phone (the customer's contact,
 * which the wallet's code credentials follow: docs/protocol.md) and the
 * wallet's privacy. Each contact changes through an inline form, signed by
 * the session when the service asks; afterwards "Verify with a code" sends a
 * code to the new address through the wallet's own one-time-code sign-in, so
 * the user proves it reaches them. A phone is entered as a country and a
 * national number, grouped as it is typed, and sent exactly as the E.164
 * shown under it. Needs the client's `customerId` (`customer-id` on `<ew-wallet>`).
 *
 * @summary Change the account's email and phone; make the wallet private.
 * @tagname ew-account-settings
 * @slot ew-code - Used by the elements themselves for the code field (see `<ew-otp-sign-in>`).
 * @csspart base - The wrapper.
 * @csspart value - The current email or phone.
 * @csspart input - The form fields.
 * @csspart submit - The save buttons.
 * @csspart switch - The privacy switch.
 * @csspart message - A change that went through.
 * @csspart error - A problem with what was typed, or a failed change.
 * @csspart spinner - Progress indicator.
 * @event {EwErrorEvent} ew-error - Loading or a change failed (also a step of the verification).
 * @event {EwOtpSentEvent} ew-otp-sent - "Verify with a code" sent a code to the new email or phone.
 * @event {EwSignedInEvent} ew-signed-in - The code was accepted: the new address is the user's, and signed in with.
 * @event {EwReadyEvent} ew-ready - The settings are shown.
 * @event {EwLoadErrorEvent} ew-load-error - The settings could not load.
 */
export class EwAccountSettings extends WalletElement {
  /** The tag this element is registered under (elements/catalog.ts). */
  static readonly tag = 'ew-account-settings';
  static override styles = [themeStyles, accountSettingsStyles];
  static override properties = {
    hideTitle: { attribute: 'hide-title', type: Boolean },
    contacts: { state: true },
    privateOn: { state: true },
    forms: { state: true },
    verifying: { state: true },
    notices: { state: true },
  };

  /** Leaves out the element's own heading (a host's section already names it). */
  declare hideTitle: boolean;
  declare private contacts: Record<Channel, Contact> | undefined;
  declare private privateOn: boolean;
  declare private forms: Record<Channel, ContactFormState>;
  /** The contact whose new address is offered "Verify with a code" (one at a time: one code field). */
  declare private verifying: Channel | undefined;
  declare private notices: Partial<Record<Channel | 'privacy', string>>;

  protected static override providesWallet = true;

  // One action per setting: saving the email does not hold back the privacy switch.
  private readonly loading = new ClientController(this);
  /** The contacts (the wallet's code credentials) and the wallet's privacy, read for each client. */
  private readonly settings = new ClientRead(this, this.loading, this.readiness, {
    action: 'loadSettings',
    read: async (client) => {
      const [credentials, wallet] = await Promise.all([client.listCredentials(), client.getWallet()]);
      const contact = (type: string): Contact => {
        const credential = credentials.find((c) => c.type === type);
        return { value: credential?.nickname, credentialId: credential?.id };
      };
      return { contacts: { email: contact('EMAIL_OTP'), sms: contact('SMS_OTP') }, privateOn: wallet.privateEnabled };
    },
    after: (read) => {
      if (!read) return;
      this.contacts = read.contacts;
      this.privateOn = read.privateOn === true;
    },
  });
  private readonly actions: Record<Channel | 'privacy', ClientController> = {
    email: new ClientController(this),
    sms: new ClientController(this),
    privacy: new ClientController(this),
  };

  constructor() {
    super();
    this.hideTitle = false;
    this.privateOn = false;
    const form = { open: false, value: '', region: '', invalid: false };
    this.forms = { email: form, sms: form };
    this.notices = {};
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('client')) {
      this.contacts = undefined;
      this.verifying = undefined;
    }
  }

  /** Reads the contact (the wallet's code credentials) and the wallet's privacy again. */
  load(): Promise<void> {
    return this.settings.load();
  }

  private patch(channel: Channel, changes: Partial<ContactFormState>): void {
    this.forms = { ...this.forms, [channel]: { ...this.forms[channel], ...changes } };
  }

  private notice(key: Channel | 'privacy', text: string | undefined): void {
    this.notices = { ...this.notices, [key]: text };
  }

  private async focusOn(selector: string): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  private toggleForm(channel: Channel): Promise<void> {
    if (this.forms[channel].open) return this.closeForm(channel);
    const form = this.forms[channel];
    this.actions[channel].reset();
    this.notice(channel, undefined);
    // The numbering plans arrive while the number is typed (a save waits for them).
    if (channel === 'sms') void loadPhonePlan().catch(() => undefined);
    this.patch(channel, {
      open: true,
      // A number typed before (then cancelled) keeps its country.
      region: form.value ? form.region : defaultRegion(this.contacts?.sms.value, this.resolvedLocale),
    });
    return this.focusOn(`#${channel}-${channel === 'sms' ? 'country' : 'input'}`);
  }

  private closeForm(channel: Channel): Promise<void> {
    if (this.actions[channel].pending) return Promise.resolve();
    this.patch(channel, { open: false, invalid: false });
    return this.focusOn(`#${channel}-toggle`);
  }

  /** Checks what was typed, then changes the contact; on failure the form stays as typed. */
  private async save(channel: Channel): Promise<void> {
    const client = this.client;
    if (!client || this.actions[channel].pending) return;
    const s = this.text;
    if (channel === 'sms' && !(await this.actions.sms.run('loadPhonePlan', () => loadPhonePlan()))) return;
    const typed = typedContact(channel, this.forms[channel]);
    if (!typed) return this.refuse(channel);
    const { contact, shown } = typed;
    this.patch(channel, { invalid: false });
    if (this.verifying === channel) this.verifying = undefined;
    const done = await this.actions[channel].run('updateContact', () => client.updateContact(contact));
    if (!done) return this.focusOn(`#${channel}-input`);
    // What the service applied is what was signed: the value sent (its answer is not needed to show it).
    const sent = 'email' in contact ? contact.email : contact.phoneNumber;
    this.contacts = { ...this.contacts!, [channel]: { ...this.contacts![channel], value: sent } };
    this.patch(channel, { open: false, value: '' });
    this.notice(channel, channel === 'email' ? s.emailChanged(shown) : s.phoneChanged(shown));
    // No code credential for this channel yet (a phone just added): register one for the new
    // contact, signed by the session, so the user can sign in with it and prove it now.
    if (!this.contacts[channel].credentialId) {
      const type = channel === 'email' ? 'EMAIL_OTP' : 'SMS_OTP';
      const added = await this.actions[channel].run('addCodeCredential', () => client.addCodeCredential(type, sent));
      if (added)
        this.contacts = { ...this.contacts!, [channel]: { ...this.contacts![channel], credentialId: added.id } };
    }
    // The code credential now names the new address: a code sent to it proves it is the user's.
    if (this.contacts![channel].credentialId) this.verifying = channel;
    await this.focusOn(`#${channel}-toggle`);
  }

  private refuse(channel: Channel): Promise<void> {
    this.patch(channel, { invalid: true });
    return this.focusOn(`#${channel}-input`);
  }

  private verified(channel: Channel): Promise<void> {
    this.verifying = undefined;
    this.notice(channel, this.text.contactVerified);
    return this.focusOn(`#${channel}-toggle`);
  }

  /** Groups the digits as they are typed, keeping the caret among the same digits; a pasted `+44…` picks its country. */
  private onPhoneInput(event: InputEvent): void {
    const input = event.target as HTMLInputElement;
    const raw = input.value;
    const next = regroupPhone({
      raw,
      caret: input.selectionStart ?? raw.length,
      before: this.forms.sms.value,
      region: this.forms.sms.region,
      backspace: event.inputType === 'deleteContentBackward',
    });
    if (!next) return this.patch('sms', { value: raw, invalid: false });
    if (next.value !== raw) {
      input.value = next.value;
      input.setSelectionRange(next.caret, next.caret);
    }
    this.patch('sms', { value: next.value, region: next.region, invalid: false });
  }

  private onCountry(event: Event): void {
    const country = countryOf((event.target as HTMLSelectElement).value);
    const digits = digitsOf(this.forms.sms.value).slice(0, maxNational(country));
    this.patch('sms', { region: country.region, value: formatNational(digits, country), invalid: false });
  }

  private async togglePrivacy(): Promise<void> {
    const client = this.client;
    const action = this.actions.privacy;
    if (!client || !this.contacts || action.pending) return;
    const next = !this.privateOn;
    this.privateOn = next; // the switch moves at once; a failure puts it back
    this.notice('privacy', undefined);
    const done = await action.run('setWalletPrivacy', async () => (await client.setWalletPrivacy(next), true));
    if (client !== this.client) return; // another account meanwhile: its own settings show
    const s = this.text;
    if (done) this.notice('privacy', next ? s.privacyOn : s.privacyOff);
    else this.privateOn = !next;
  }

  private contactForm(channel: Channel, s: WalletStrings) {
    const { pending, shownError: error } = this.actions[channel];
    return contactForm({
      channel,
      form: this.forms[channel],
      pending,
      error: error && !pending ? error : undefined,
      strings: s,
      onInput: (e) =>
        channel === 'email'
          ? this.patch(channel, { value: (e.target as HTMLInputElement).value, invalid: false })
          : this.onPhoneInput(e),
      onCountry: (e) => this.onCountry(e),
      onSave: () => void this.save(channel),
      onCancel: () => void this.closeForm(channel),
    });
  }

  private contactSection(channel: Channel, s: WalletStrings) {
    const contact = this.contacts?.[channel];
    return contactSection({
      channel,
      contact,
      strings: s,
      open: this.forms[channel].open,
      form: this.forms[channel].open ? this.contactForm(channel, s) : nothing,
      notice: this.notices[channel],
      verifying: this.verifying === channel && !!contact?.credentialId,
      onToggle: () => void this.toggleForm(channel),
      onVerified: () => void this.verified(channel),
    });
  }

  private privacySection(s: WalletStrings) {
    const { pending, shownError: error } = this.actions.privacy;
    return privacySection({
      strings: s,
      on: this.privateOn,
      pending,
      error: error && !pending ? error : undefined,
      notice: this.notices.privacy,
      loaded: !!this.contacts,
      onToggle: () => void this.togglePrivacy(),
    });
  }

  protected override render() {
    const s = this.text;
    const { pending, error, shownError } = this.loading;
    return html`<div part="base" aria-busy=${pending ? 'true' : 'false'}>
      ${this.hideTitle ? nothing : html`<h3>${s.accountSettingsTitle}</h3>`}
      ${
        error && !pending && !this.contacts
          ? html`${shownError ? html`<p part="error" role="alert">${errorText(shownError, s)}</p>` : nothing}
              <button class="secondary" type="button" @click=${() => this.load()}>${s.tryAgain}</button>`
          : html`${this.contactSection('email', s)} ${this.contactSection('sms', s)} ${this.privacySection(s)}`
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ew-account-settings': EwAccountSettings;
  }
}
