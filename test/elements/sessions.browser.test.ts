/**
 * `<ew-sessions>` ("Signed-in devices") in `<ew-wallet>` against the sandbox
 * through the relay: this device marked, and another device signed out.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { advanceSandbox, emailSignIn, makeClient, newWallet, sandboxSessions } from '../helpers/browser-stack.js';
import { buttonNamed, click, deepQueryAll, waitFor } from '../helpers/dom.js';
import { mountWallet, nextEvent, openSection, signInByTyping } from '../helpers/elements.js';

describe('<ew-sessions>', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
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
});
