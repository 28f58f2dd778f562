/**
 * Every element flow as a user clicks it, in `<ew-wallet>` against the
 * sandbox through the relay: passkeys with Chromium's virtual authenticator,
 * OAuth with the sandbox's test identity provider, quote approval executed by
 * the sandbox, devices, sign-in methods and the recovery phrase.
 */
import { expect } from 'chai';
import { afterEach, before, describe, it } from '#test-harness';
import { addVirtualAuthenticator, requireUserActivation } from '../helpers/authenticator.js';
import type { EwApproveQuote, EwWallet } from '../../src/elements/index.js';
import { STRINGS_ES } from '../../src/elements/strings/es.js';
import type { Quote } from '../../src/protocol/index.js';
import {
  advanceSandbox,
  emailSignIn,
  makeClient,
  newWallet,
  platform,
  quoteFor,
  recording,
  sandboxSessions,
  testIdp,
} from '../helpers/browser-stack.js';
import { buttonNamed, click, deepQueryAll, sendKeys, waitFor } from '../helpers/dom.js';
import { codeInput, mountWallet, nextEvent, openSection, signInByTyping } from '../helpers/elements.js';
import { expectAccessible } from '../helpers/axe.js';

/** Logs WebAuthn calls next to relay calls, so a test can see what ran between the tap and the ceremony. */
function traceCeremony(el: EwWallet) {
  const log: string[] = [];
  const { transport } = recording();
  el.transport = async (request) => {
    const call = `${request.method} ${request.path.split('?')[0]}`;
    log.push(`relay ${call}`);
    const response = await transport(request);
    log.push(`answered ${call}`);
    return response;
  };
  const credentials = navigator.credentials;
  const original = { get: credentials.get.bind(credentials), create: credentials.create.bind(credentials) };
  credentials.get = (options) => (log.push('navigator.credentials.get'), original.get(options));
  credentials.create = (options) => (log.push('navigator.credentials.create'), original.create(options));
  document.addEventListener('click', () => log.push('click'), { capture: true });
  return {
    log,
    restore: () => Object.assign(credentials, original),
    /** What happened from the last click until the ceremony began. */
    betweenTapAndCeremony: () => {
      const tap = log.lastIndexOf('click');
      const ceremony = log.findIndex((entry, i) => i > tap && entry.startsWith('navigator.credentials'));
      if (ceremony < 0) return ['(no ceremony after the tap)'];
      return log.slice(tap + 1, ceremony).filter((entry) => entry.startsWith('relay'));
    },
  };
}

/** The approve button of the `<ew-approve-quote>` slotted in `el`. */
const approveButton = (el: Element) => {
  const approve = el.querySelector('ew-approve-quote');
  return approve ? deepQueryAll<HTMLButtonElement>('[part~="submit"]', approve)[0] : undefined;
};

describe('element flows', () => {
  before(async () => {
    await addVirtualAuthenticator();
    requireUserActivation(true); // the elements start every ceremony inside the user's tap
  });
  afterEach(() => {
    document.querySelectorAll('ew-wallet, ew-approve-quote').forEach((el) => el.remove());
  });

  it("a new wallet's first sign-in: with no credential yet, 'Email me a code' registers the email credential (ew-credential-added), sends the code, and the typed code signs in", async () => {
    const wallet = await newWallet({ bootstrap: true, phone: true });
    const el = await mountWallet(wallet);
    await waitFor(() => buttonNamed('Email me a code', el), 'the email button');
    // first-sign-in defaults to email: no SMS offer, though this customer has a phone.
    expect(buttonNamed('Text me a code', el)).to.equal(undefined);
    const added = nextEvent(el, 'ew-credential-added');
    const sent = nextEvent(el, 'ew-otp-sent');
    await signInByTyping(el);
    const credential = (await added).detail;
    expect(credential.type).to.equal('EMAIL_OTP');
    expect((await sent).detail.channel).to.equal('email');
    const listed = await platform('GET', `/auth/credentials?accountId=${wallet.accountId}`);
    expect(listed.body.data.map((c: { id: string }) => c.id)).to.deep.equal([credential.credentialId]);
  });

  it("first-sign-in names the code methods a bare wallet offers: 'sms' texts the customer's phone; 'none' offers no code method", async () => {
    const wallet = await newWallet({ bootstrap: true, phone: true });
    const el = await mountWallet(wallet, { 'first-sign-in': 'sms' });
    await click(await waitFor(() => buttonNamed('Text me a code', el), 'the SMS button'));
    expect(buttonNamed('Email me a code', el)).to.equal(undefined);
    const input = await codeInput(el);
    input.focus();
    await sendKeys({ type: '000000' });
    await waitFor(() => el.client?.state.status === 'signed-in', 'signed in');
    expect(el.client?.state.status === 'signed-in' && el.client.state.session.credentialType).to.equal('SMS_OTP');
    el.remove();

    const bare = await newWallet({ bootstrap: true });
    const none = await mountWallet(bare, { 'first-sign-in': 'none' });
    await waitFor(() => deepQueryAll('h2', none).some((h) => h.textContent?.trim()), 'the sign-in view');
    expect(deepQueryAll('ew-otp-sign-in', none)).to.have.length(0);
  });

  it('adds a passkey from "Sign-in methods", signs out, and signs in with it; no relay call sits between the tap and the ceremony', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    const trace = traceCeremony(el);
    try {
      await signInByTyping(el);
      await openSection(el, 'Sign-in methods');
      // The element prepares the registration as soon as it shows; the user taps after that.
      await waitFor(() => trace.log.includes('answered POST /passkeys/registration-options'), 'prepared');
      const added = nextEvent(el, 'ew-credential-added');
      await click(await waitFor(() => buttonNamed('Add a passkey', el), 'add a passkey'));
      const passkeyId = (await added).detail.credentialId;
      expect((await added).detail.type).to.equal('PASSKEY');
      expect(trace.betweenTapAndCeremony()).to.deep.equal([]);
      await waitFor(() => buttonNamed(/^Remove Passkey/, el), 'the passkey listed');

      const signedOutAt = trace.log.length;
      await click(buttonNamed('Sign out', el)!);
      const passkey = await waitFor(() => buttonNamed('Sign in with a passkey', el), 'the passkey button');
      // Let the element prepare its challenge for this passkey before the tap, as it does after rendering.
      const prepared = `answered POST /auth/credentials/${encodeURIComponent(passkeyId)}/challenge`;
      await waitFor(() => trace.log.slice(signedOutAt).includes(prepared), 'the passkey challenge answered');
      // The answer is checked (a digest) before the element holds it: wait for that, as a user's tap would.
      type Prepared = { ready?: { isFresh(): boolean } };
      await waitFor(
        () => deepQueryAll('ew-passkey-sign-in', el).some((e) => (e as unknown as Prepared).ready?.isFresh()),
        'the passkey sign-in prepared',
      );
      const signedIn = nextEvent(el, 'ew-signed-in');
      await click(passkey);
      expect((await signedIn).detail.method).to.equal('PASSKEY');
      expect(trace.betweenTapAndCeremony()).to.deep.equal([]);
      const live = (await sandboxSessions(wallet.accountId)).filter((s) => !s.revoked);
      expect(live.map((s) => s.credentialId)).to.deep.equal([passkeyId]);
    } finally {
      trace.restore();
    }
  });

  it('OAuth: the token provider runs inside the click (a popup would open), gets the bound nonce; link then sign in', async () => {
    const wallet = await newWallet();
    const activations: boolean[] = [];
    const nonces: string[] = [];
    const el = await mountWallet(wallet);
    const idp = testIdp({ serverNow: () => el.client!.serverNow() }, `oauth-${wallet.accountId}`);
    el.oidcTokenProvider = (request) => {
      activations.push(navigator.userActivation.isActive);
      nonces.push(request.nonce);
      return idp(request);
    };
    await signInByTyping(el);
    await openSection(el, 'Sign-in methods');
    // The list and the prepared passkey registration have loaded (nothing re-renders under the pointer).
    await waitFor(() => buttonNamed(/^Remove Email code/, el), 'the methods listed');
    await new Promise((r) => setTimeout(r, 300));
    const errors: string[] = [];
    el.addEventListener('ew-error', (e) =>
      errors.push(`${e.detail.operation} ${e.detail.code}: ${e.detail.message} (${e.detail.reason})`),
    );
    const added = nextEvent(el, 'ew-credential-added').catch((e) => {
      throw new Error(`${e.message}; provider calls: ${nonces.length}; errors: ${errors.join(' | ')}`);
    });
    await click(await waitFor(() => buttonNamed('Link your account', el), 'link your account'));
    expect((await added).detail.type).to.equal('OAUTH');
    await click(buttonNamed('Sign out', el)!);
    const signedIn = nextEvent(el, 'ew-signed-in');
    await click(await waitFor(() => buttonNamed('Continue with your account', el), 'the OAuth button'));
    expect((await signedIn).detail.method).to.equal('OAUTH');
    expect(activations).to.deep.equal([true, true]);
    expect(nonces.every((n) => /^[0-9a-f]{64}$/.test(n))).to.equal(true);
  });

  describe('<ew-approve-quote> in the wallet', () => {
    async function approvalPage(shown: (real: Quote) => Quote = (real) => real) {
      const wallet = await newWallet();
      const el = await mountWallet(wallet);
      await signInByTyping(el);
      const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
      approve.quote = shown(await quoteFor(wallet));
      el.append(approve);
      return { wallet, el, approve };
    }

    it('shows the amounts, arms after being in view, and one double click gives one signature the sandbox executes to COMPLETED', async () => {
      const { el, approve } = await approvalPage();
      const quote = approve.quote!;
      const summary = await waitFor(() => deepQueryAll('[part~="summary"]', approve)[0], 'the summary');
      expect(summary.textContent).to.include('$10.00');
      const button = await waitFor(() => approveButton(el), 'the approve button');
      expect(button.disabled).to.equal(true); // not armed yet
      button.scrollIntoView({ block: 'center' }); // the user scrolls to it: it arms once wholly in view
      await waitFor(() => !button.disabled, 'armed');
      const signatures: CustomEvent[] = [];
      el.addEventListener('ew-signature', (e) => signatures.push(e));
      await click(button, 2);
      await waitFor(() => deepQueryAll('[part~="message"]', approve)[0]?.textContent?.includes('Approved'), 'approved');
      expect(signatures.length).to.equal(1);
      const { signature, quoteId, idempotencyKey, sessionExpiresAt } = signatures[0]!.detail;
      expect([quoteId, sessionExpiresAt instanceof Date]).to.deep.equal([quote.id, true]);
      const executed = await platform('POST', `/quotes/${quote.id}/execute`, undefined, {
        'Service-Wallet-Signature': signature,
        'Idempotency-Key': idempotencyKey,
      });
      expect(executed.status).to.equal(200);
      await advanceSandbox(4_000);
      expect((await platform('GET', `/quotes/${quote.id}`)).body.status).to.equal('COMPLETED');
    });

    it("after approval it is a receipt the host advances: processing, then completed or failed in the user's words; a new quote starts over", async () => {
      const { el, approve } = await approvalPage();
      const statusLine = () => deepQueryAll('[part~="status"]', approve)[0];
      const button = await waitFor(() => approveButton(el), 'the approve button');
      // The countdown reads as minutes and seconds, not "301 s".
      const countdown = deepQueryAll('.countdown', approve)[0]!.textContent!.trim();
      expect(countdown).to.match(/^Quote expires in [0-5]:[0-5]\d$/);
      button.scrollIntoView({ block: 'center' }); // the user scrolls to it: it arms once wholly in view
      await waitFor(() => !button.disabled, 'armed');
      await click(button);
      await waitFor(() => statusLine()?.getAttribute('data-status') === 'processing', 'processing');
      expect(statusLine()!.textContent!.trim()).to.equal('Approved. Your payment is on its way…');
      expect(deepQueryAll('h2', approve)[0]!.textContent).to.equal('Payment');
      approve.status = 'completed';
      await approve.updateComplete;
      expect(statusLine()!.textContent!.trim()).to.equal('Payment sent.');
      expect(statusLine()!.getAttribute('role')).to.equal('status');
      await expectAccessible(el, 'receipt: completed');
      approve.status = 'failed';
      approve.failureReason = 'COUNTERPARTY_DELIVERY_FAILED';
      await approve.updateComplete;
      expect(statusLine()!.getAttribute('role')).to.equal('alert');
      expect(statusLine()!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
        "The payment did not go through. The recipient's bank could not receive it. Your money was returned.",
      );
      await expectAccessible(el, 'receipt: failed');
      approve.failureReason = 'constructor'; // not a reason: the plain sentence only
      approve.strings = STRINGS_ES;
      await approve.updateComplete;
      expect(statusLine()!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('El pago no se realizó.');
      expect(approveButton(el), 'the same quote in other words is not offered again').to.equal(undefined);
      approve.quote = { ...approve.quote! };
      await approve.updateComplete;
      expect([approve.status, statusLine()]).to.deep.equal([undefined, undefined]);
    });

    it('one quote, one signature: new words for it (a label, a language) while it is being signed neither drop the approval nor allow a second', async () => {
      const { el, approve } = await approvalPage();
      const signatures: CustomEvent[] = [];
      el.addEventListener('ew-signature', (e) => signatures.push(e));
      const first = approve.approve();
      approve.destinationLabel = 'Savings';
      await approve.updateComplete;
      const second = approve.approve();
      await Promise.all([first, second]);
      approve.strings = STRINGS_ES;
      await approve.updateComplete;
      expect(await approve.approve()).to.deep.equal(await first);
      await new Promise((r) => setTimeout(r, 800)); // past the arming delay: no button comes back
      expect(signatures.length).to.equal(1);
      expect(approveButton(el)).to.equal(undefined);
    });

    it('without a quote it says so (an empty state, not "Loading…")', async () => {
      const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
      document.body.append(approve);
      await approve.updateComplete;
      expect(approve.shadowRoot!.textContent!.trim()).to.equal('No payment to approve yet.');
      approve.remove();
    });

    it('stays disarmed while scrolled out of view', async () => {
      const { el, approve } = await approvalPage();
      const spacer = document.createElement('div');
      spacer.style.height = '300vh';
      el.before(spacer);
      window.scrollTo(0, 0);
      const button = await waitFor(() => approveButton(el), 'the approve button');
      await new Promise((r) => setTimeout(r, 1_200));
      expect(button.disabled).to.equal(true);
      approve.scrollIntoView();
      await waitFor(() => !button.disabled, 'armed once in view');
      spacer.remove();
    });

    it('refuses a quote whose payload states another amount (what you see is what you sign) without a button, and an expired one', async () => {
      const errors: CustomEvent[] = [];
      const record = (e: CustomEvent) => errors.push(e);
      document.addEventListener('ew-error', record);
      const { wallet, el, approve } = await approvalPage((real) => ({
        ...real,
        totalSendingAmount: real.totalSendingAmount / 10,
      }));
      el.addEventListener('ew-signature', () => expect.fail('signed a contradicting payload'));
      const shown = await waitFor(() => deepQueryAll('[part~="error"]', approve)[0], 'the refusal');
      expect(shown.textContent).to.include('(totalSendingAmount)');
      expect(errors[0]!.detail.code).to.equal('QUOTE_NOT_SIGNABLE');
      expect(errors[0]!.detail.message).to.match(/totalSendingAmount differs from the payment to sign/);
      expect(approveButton(el)).to.equal(undefined);
      document.removeEventListener('ew-error', record);

      const stale = await quoteFor(wallet);
      await advanceSandbox(5 * 60_000 + 1_000);
      await el.client!.listSessions(); // any answer carries the server's Date
      approve.quote = stale;
      await waitFor(() => deepQueryAll('[part~="error"]', approve)[0]?.textContent?.includes('expired'), 'expired');
      expect(approveButton(el)).to.equal(undefined);
    });
  });

  it('"Signed-in devices": this device marked; signing out another device ends its session at the sandbox', async () => {
    const wallet = await newWallet();
    const phone = await makeClient(wallet, { storageNamespace: `phone-${wallet.accountId}` });
    await emailSignIn(phone, wallet);
    await advanceSandbox(31_000);
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await openSection(el, 'Signed-in devices');
    await waitFor(
      () => deepQueryAll('ew-sessions', el)[0]?.shadowRoot?.querySelectorAll('[part~="item"]').length,
      'the devices',
    );
    const items = deepQueryAll('ew-sessions', el)[0]!.shadowRoot!.querySelectorAll('[part~="item"]');
    expect([...items].map((i) => i.textContent!.replace(/\s+/g, ' ').trim())).to.have.length(2);
    const mine = deepQueryAll('[part~="item"]', el).filter((item) => item.textContent?.includes('This device'));
    expect(mine.length).to.equal(1);
    const revoked = nextEvent(el, 'ew-session-revoked');
    await click(buttonNamed('Sign out device', el)!);
    expect((await revoked).detail.sessionId).to.equal(phone.session!.id);
    const live = (await sandboxSessions(wallet.accountId)).filter((s) => !s.revoked);
    expect(live.map((s) => s.id)).to.deep.equal([el.client!.session!.id]);
    phone.close();
  });

  it('"Sign-in methods": the method in use cannot be removed (and says why); signed in with a passkey, the email code goes', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await openSection(el, 'Sign-in methods');
    const email = await waitFor(() => buttonNamed(/^Remove Email code/, el), 'the email method');
    expect(email.disabled).to.equal(true);
    await click(await waitFor(() => buttonNamed('Add a passkey', el), 'add a passkey'));
    await waitFor(() => buttonNamed(/^Remove Passkey/, el), 'the passkey listed');
    // The email code is still the method in use; the explanation is tied to its button.
    const described = email.getAttribute('aria-describedby')!;
    expect((email.getRootNode() as ShadowRoot).getElementById(described)?.textContent).to.match(/signed in with this/);
    await click(buttonNamed('Sign out', el)!);
    await click(await waitFor(() => buttonNamed('Sign in with a passkey', el), 'the passkey button'));
    await waitFor(() => el.client?.state.status === 'signed-in', 'signed in with the passkey');
    await openSection(el, 'Sign-in methods');
    const removable = await waitFor(
      () => buttonNamed(/^Remove Email code/, el)?.disabled === false && buttonNamed(/^Remove Email code/, el),
      'email removable',
    );
    const removed = nextEvent(el, 'ew-credential-removed');
    await click(removable);
    await removed;
    const left = await platform('GET', `/auth/credentials?accountId=${wallet.accountId}`);
    expect(left.body.data.map((c: any) => c.type)).to.deep.equal(['PASSKEY']);
  });

  it('recovery phrase: needs the confirmation, shows the words the service exported, and "Hide" takes them out of the DOM', async () => {
    const wallet = await newWallet();
    const el = await mountWallet(wallet);
    await signInByTyping(el);
    await openSection(el, 'Recovery phrase');
    const reveal = await waitFor(() => buttonNamed('Reveal recovery phrase', el), 'the reveal button');
    expect(reveal.disabled).to.equal(true);
    await click(
      deepQueryAll<HTMLInputElement>('ew-export-wallet input[type="checkbox"], input[type="checkbox"]', el)[0]!,
    );
    await waitFor(() => !reveal.disabled, 'enabled by the confirmation');
    const exported = nextEvent(el, 'ew-wallet-exported');
    await click(reveal);
    await exported;
    const words = await waitFor(() => deepQueryAll('[part~="words"] li', el), 'the words');
    expect([12, 24]).to.include(words.length);
    const phrase = words.map((w) => w.textContent!.trim()).join(' ');
    // The same wallet exported again by the client alone gives the same phrase.
    expect(await el.client!.exportWallet()).to.equal(phrase);
    await click(buttonNamed('Hide', el)!);
    await waitFor(() => deepQueryAll('[part~="words"]', el).length === 0, 'hidden');
    expect(deepQueryAll('ew-export-wallet', el)[0]!.shadowRoot!.textContent).to.not.include(phrase);
  });
});

describe('<ew-approve-quote> on its own', () => {
  afterEach(() => document.querySelectorAll('ew-approve-quote').forEach((el) => el.remove()));

  it('with the session gone, it asks to sign in again inline (code field included), then approves', async () => {
    const wallet = await newWallet();
    const client = await makeClient(wallet);
    await emailSignIn(client, wallet);
    await client.signOut(); // the state an expired session leaves too
    const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
    approve.client = client;
    approve.quote = await quoteFor(wallet);
    document.body.append(approve);
    await waitFor(
      () => deepQueryAll('[role="status"]', approve).some((p) => p.textContent?.includes('Sign in again to approve')),
      'the sign-in prompt',
    );
    await click(await waitFor(() => buttonNamed('Email me a code', approve), 'the email button'));
    const input = await codeInput(approve);
    expect(input.getRootNode()).to.equal(document); // in the page's light DOM, for autofill
    input.focus();
    await sendKeys({ type: '000000' });
    await waitFor(() => client.state.status === 'signed-in', 'signed in');
    const button = await waitFor(
      () => approve.shadowRoot!.querySelector<HTMLButtonElement>('[part~="submit"]'),
      'approve',
    );
    button.scrollIntoView({ block: 'center' }); // the user scrolls to it: it arms once wholly in view
    await waitFor(() => !button.disabled, 'armed');
    const signature = nextEvent(approve, 'ew-signature');
    await click(button);
    expect((await signature).detail.quoteId).to.equal(approve.quote!.id);
    client.close();
  });
});
