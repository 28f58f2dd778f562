/**
 * OAuth in the frame. A host page cannot hand the frame a token provider (a
 * function does not cross to another origin, and the page must not hold the
 * token), so the frame asks the identity provider itself: OpenID Connect's
 * implicit flow (Core 1.0, 3.2: `response_type=id_token`) in a window the
 * user's press opens. The provider sends the user back to `oauth.html` on the
 * frame's origin (return-page.ts), which hands the id_token to the frame that
 * opened the window, and to no other. The nonce is the client's (the hash of
 * the session key), and `state` ties the answer to this very request.
 */
import type { OidcTokenProvider } from '../../client/index.js';
import type { FrameOAuth } from '../config.js';
import { openOwnWindow, randomHex, talkToWindow } from '../own-window.js';
import { readOAuthReturn } from './return-message.js';

/** A sign-in at the provider that gave no token: the user closed the window or said no (`ABORTED`), or the provider refused. */
export class OAuthWindowError extends Error {
  override name = 'OAuthWindowError';
  constructor(
    readonly code: 'ABORTED' | 'OAUTH_PROVIDER_ERROR',
    message: string,
  ) {
    super(message);
  }
}

/** The frame's `oidcTokenProvider`: `oauth`'s provider in a window, back at `returnUrl` (oauth.html). */
export function oauthWindow(view: Window, oauth: FrameOAuth, returnUrl: string): OidcTokenProvider {
  return ({ nonce }) => {
    const state = randomHex(view);
    const url = new URL(oauth.authorizationUrl);
    const redirect = new URL(returnUrl, view.location.href).href;
    const params = {
      response_type: 'id_token',
      response_mode: 'fragment',
      client_id: oauth.clientId,
      redirect_uri: redirect,
      scope: oauth.scope,
      nonce,
      state,
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let popup: Window;
    try {
      // Called inside the user's press (the client calls the provider before any await).
      popup = openOwnWindow(view, url.href, 'The sign-in window');
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return talkToWindow<string>(
      view,
      popup,
      new AbortController().signal,
      (data, settle) => {
        const answer = readOAuthReturn(data);
        // Another request's answer, or one no request of this frame made, is not this one's.
        if (answer?.state !== state) return;
        if (answer.idToken) settle(answer.idToken);
        else if (answer.error === 'access_denied') settle(new OAuthWindowError('ABORTED', 'The sign-in was declined'));
        else settle(new OAuthWindowError('OAUTH_PROVIDER_ERROR', `The identity provider answered ${answer.error}`));
      },
      () => new OAuthWindowError('ABORTED', 'The sign-in window was closed'),
    );
  };
}
