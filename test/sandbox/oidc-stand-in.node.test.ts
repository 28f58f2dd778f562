/**
 * The sandbox's stand-in identity provider (src/sandbox/oidc-stand-in.ts):
 * an id_token the sandbox accepts, for the nonce and audience asked, sent back
 * only to the origins it knows, and each wrong request answered as OpenID
 * Connect says (an error in the fragment, or a refusal where the redirect URI
 * is not known).
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { standInAuthorization } from '../../src/sandbox/oidc-stand-in.js';
import { SANDBOX_OIDC_ISSUER } from '../../src/sandbox/oidc.js';

const FRAME = 'https://wallet.shop.example';
const request = (params: Record<string, string>) =>
  new URLSearchParams({
    response_type: 'id_token',
    client_id: 'wallet-frame',
    redirect_uri: `${FRAME}/oauth.html`,
    scope: 'openid',
    nonce: 'abc123',
    state: 's-1',
    ...params,
  });
const options = { redirectOrigins: [FRAME], nowSeconds: 1_800_000_000 };
const fragment = (answer: ReturnType<typeof standInAuthorization>) => {
  if (answer.status !== 302) throw new Error(`not a redirect: ${answer.message}`);
  const url = new URL(answer.location);
  return { url, params: new URLSearchParams(url.hash.slice(1)) };
};

describe('sandbox: the stand-in identity provider', () => {
  it('sends an id_token for the nonce and audience asked back to the redirect URI, with the state', () => {
    const { url, params } = fragment(standInAuthorization(request({}), options));
    expect(`${url.origin}${url.pathname}`).to.equal(`${FRAME}/oauth.html`);
    expect(params.get('state')).to.equal('s-1');
    const claims = JSON.parse(Buffer.from(params.get('id_token')!.split('.')[1]!, 'base64url').toString());
    expect(claims).to.deep.equal({
      iss: SANDBOX_OIDC_ISSUER,
      aud: 'wallet-frame',
      sub: 'sandbox-user',
      iat: options.nowSeconds,
      exp: options.nowSeconds + 300,
      nonce: 'abc123',
    });
    const hinted = fragment(standInAuthorization(request({ login_hint: 'ana' }), options)).params.get('id_token')!;
    expect(JSON.parse(Buffer.from(hinted.split('.')[1]!, 'base64url').toString()).sub).to.equal('ana');
  });

  it('redirects only to the origins it knows: it is not an open redirect', () => {
    for (const redirect_uri of ['https://evil.example/oauth.html', 'not a url', `${FRAME}/oauth.html#x`]) {
      const answer = standInAuthorization(request({ redirect_uri }), options);
      expect(answer.status, redirect_uri).to.equal(400);
    }
  });

  it('answers a wrong request with an OAuth error in the fragment', () => {
    const error = (params: Record<string, string>) =>
      fragment(standInAuthorization(request(params), options)).params.get('error');
    expect(error({ response_type: 'code' })).to.equal('unsupported_response_type');
    expect(error({ nonce: '' })).to.equal('invalid_request');
    expect(error({ scope: 'profile' })).to.equal('invalid_request');
    expect(error({ client_id: '' })).to.equal('invalid_request');
  });
});
