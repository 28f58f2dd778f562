/**
 * `<ew-oauth-sign-in>` on its own, given a client, against the sandbox through
 * the relay with the sandbox's test identity provider: the host's token
 * provider runs inside the click (a popup would open) with the nonce bound to
 * the prepared session key, the linked identity signs in, and another identity
 * is refused with a message and no session.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import '../../src/define.js';
import type { OidcTokenProvider, WalletClient } from '../../src/client/index.js';
import {
  emailSignIn,
  makeClient,
  newWallet,
  sandboxSessions,
  testIdp,
  type TestWallet,
} from '../helpers/browser-stack.js';
import { buttonNamed, click, waitFor } from '../helpers/dom.js';
import { alertText, nextEvent } from '../helpers/elements.js';

/** A wallet with an OAuth identity `sub` linked, and its client, signed out. */
async function walletWithOAuth(
  sub: string,
): Promise<{ wallet: TestWallet; client: WalletClient; credentialId: string }> {
  const wallet = await newWallet();
  const client = await makeClient(wallet);
  await emailSignIn(client, wallet);
  const linked = await client.registerOAuth({ oidcTokenProvider: testIdp(client, sub) });
  await client.signOut();
  return { wallet, client, credentialId: linked.id };
}

/** An `<ew-oauth-sign-in>` for `client` with `provider`, recording whether each call ran inside a user activation. */
function mountOAuth(client: WalletClient, credentialId: string, provider: OidcTokenProvider) {
  const calls: { active: boolean; nonce: string }[] = [];
  const el = document.createElement('ew-oauth-sign-in');
  el.client = client;
  el.credentialId = credentialId;
  el.label = 'Continue with Example';
  el.oidcTokenProvider = (request) => {
    calls.push({ active: navigator.userActivation.isActive, nonce: request.nonce });
    return provider(request);
  };
  document.body.append(el);
  const button = () =>
    waitFor(() => {
      const found = buttonNamed('Continue with Example', el);
      return found && !found.disabled && found;
    }, 'the enabled OAuth button');
  return { el, calls, button };
}

describe('<ew-oauth-sign-in>', () => {
  afterEach(() => document.querySelectorAll('ew-oauth-sign-in').forEach((el) => el.remove()));

  it('on its own: the provider runs inside the click with a bound nonce, and the linked identity signs in', async () => {
    const sub = `oauth-own-${Date.now()}`;
    const { wallet, client, credentialId } = await walletWithOAuth(sub);
    const { el, calls, button } = mountOAuth(client, credentialId, testIdp(client, sub));
    const signedIn = nextEvent(el, 'ew-signed-in');
    await click(await button());
    expect((await signedIn).detail.method).to.equal('OAUTH');
    expect(calls.map((c) => c.active)).to.deep.equal([true]);
    expect(calls[0]!.nonce).to.match(/^[0-9a-f]{64}$/);
    expect(client.state.status).to.equal('signed-in');
    const live = (await sandboxSessions(wallet.accountId)).filter((s) => !s.revoked);
    expect(live.map((s) => s.credentialId)).to.deep.equal([credentialId]);
    client.close();
  });

  it('an identity that is not the linked one: ew-error, the message on screen, no session; the linked one then signs in', async () => {
    const sub = `oauth-other-${Date.now()}`;
    const { wallet, client, credentialId } = await walletWithOAuth(sub);
    let identity = testIdp(client, `${sub}-someone-else`);
    const { el, calls, button } = mountOAuth(client, credentialId, (request) => identity(request));
    const failed = nextEvent(el, 'ew-error');
    await click(await button());
    expect((await failed).detail.operation).to.equal('signInWithOAuth');
    await waitFor(() => alertText(el).some(Boolean), 'the message');
    expect(client.state.status).to.equal('signed-out');
    expect((await sandboxSessions(wallet.accountId)).filter((s) => !s.revoked)).to.deep.equal([]);

    identity = testIdp(client, sub);
    const signedIn = nextEvent(el, 'ew-signed-in');
    await click(await button());
    expect((await signedIn).detail.method).to.equal('OAUTH');
    expect(calls.map((c) => c.active)).to.deep.equal([true, true]);
    client.close();
  });
});
