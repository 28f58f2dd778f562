/**
 * What the page the identity provider sends the user back to (oauth.html)
 * tells the frame that opened its window: the `state` it came back with, and
 * the id_token or the provider's error code.
 */
export interface OAuthReturn {
  t: 'ew-oauth-return';
  state: string;
  idToken?: string;
  error?: string;
}

const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
/** An OAuth error code (RFC 6749, 4.2.2.1: printable ASCII without `"` and `\`). */
const ERROR = /^[\x20-\x21\x23-\x5B\x5D-\x7E]{1,64}$/;

/** The return page's message in `data`, or undefined for anything else. */
export function readOAuthReturn(data: unknown): OAuthReturn | undefined {
  const m = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (m.t !== 'ew-oauth-return' || typeof m.state !== 'string') return undefined;
  if (typeof m.idToken === 'string' && TOKEN.test(m.idToken) && m.idToken.length <= 16_384)
    return { t: m.t, state: m.state, idToken: m.idToken };
  return {
    t: m.t,
    state: m.state,
    error: typeof m.error === 'string' && ERROR.test(m.error) ? m.error : 'server_error',
  };
}

/** The answer in a return URL's fragment (`#id_token=…&state=…` or `#error=…&state=…`), as the message to send. */
export function oauthReturnOf(fragment: string): OAuthReturn | undefined {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const state = params.get('state');
  if (!state) return undefined;
  return readOAuthReturn({
    t: 'ew-oauth-return',
    state,
    idToken: params.get('id_token') ?? undefined,
    error: params.get('error') ?? undefined,
  });
}
