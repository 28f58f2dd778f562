/**
 * The frame's OAuth window (frame-page/oauth-window/) on its own, in every
 * engine: the provider's page opened by a press, its answer taken from the
 * window's return page only when it is this request's (state), and the
 * provider's refusals told apart. The provider is the sandbox's stand-in
 * (the test server's /oidc/authorize) or a fixture that refuses.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { oauthWindow } from '../../src/frame-page/oauth-window/open-oauth.js';
import { click, waitFor } from '../helpers/dom.js';

const FIXTURES = '/test/frame-link/fixtures';
const standIn = `${location.origin}/oidc/authorize`;

/** Runs `provider` from a real click on a button (a window opens only in a press), and its outcome. */
async function pressed(run: () => Promise<string>): Promise<string | { code: string }> {
  const button = document.createElement('button');
  button.textContent = 'Sign in';
  let outcome: Promise<string | { code: string }> | undefined;
  button.addEventListener('click', () => (outcome = run().catch((error: { code: string }) => ({ code: error.code }))));
  document.body.append(button);
  await click(button);
  await waitFor(() => outcome !== undefined, 'the press ran the provider');
  button.remove();
  return outcome!;
}

const claims = (token: string) =>
  JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;

describe('the frame’s OAuth window', () => {
  it('asks the provider with the client’s nonce and the frame’s client id, and takes only this request’s answer', async () => {
    const provider = oauthWindow(
      window,
      { authorizationUrl: standIn, clientId: 'unit-client', scope: 'openid', label: undefined },
      `${FIXTURES}/oauth-forged.html`,
    );
    const token = await pressed(() => provider({ nonce: 'n-123' }));
    expect(token).to.be.a('string');
    expect(claims(token as string)).to.include({ nonce: 'n-123', aud: 'unit-client' });
  });

  it('tells a declined sign-in (ABORTED) from the provider’s other refusals (OAUTH_PROVIDER_ERROR)', async () => {
    const refusing = (answer: string) =>
      oauthWindow(
        window,
        {
          authorizationUrl: `${location.origin}${FIXTURES}/idp.html?answer=${answer}`,
          clientId: 'unit-client',
          scope: 'openid',
          label: undefined,
        },
        `${FIXTURES}/oauth.html`,
      );
    expect(await pressed(() => refusing('access_denied')({ nonce: 'n' }))).to.deep.equal({ code: 'ABORTED' });
    expect(await pressed(() => refusing('server_error')({ nonce: 'n' }))).to.deep.equal({
      code: 'OAUTH_PROVIDER_ERROR',
    });
  });
});
