/**
 * Who may call the relay from a browser. By default only pages of the relay's
 * own origin: a state-changing call must carry a JSON content type (so a
 * cross-site form or `text/plain` fetch cannot send one without a preflight)
 * and a same-origin `Origin` / `Sec-Fetch-Site`. Origins the partner lists
 * may call it across origins, with CORS. Requests with neither header come
 * from outside a browser (curl, server to server) and cannot ride on a
 * visitor's cookies, so they pass; `authorize` still decides.
 */
import { RELAY_MARK } from '../protocol/relay-mark.js';
import type { Answer, Inbound } from './answer.js';
import { refuse } from './relay-error.js';
import { SEEN_HOST_DIFFERS, type SayOnce } from './setup-mistakes.js';

/** Request headers the widget sends; a cross-origin preflight may ask for these. */
const WIDGET_HEADERS = ['content-type', 'service-wallet-signature', 'request-id', 'idempotency-key', 'ew-account-id'];

export interface OriginPolicyOptions {
  /** The relay's own origin as browsers see it; by default, `Origin`'s host is compared with the request URL's. */
  publicOrigin?: string;
  /** Origins besides the relay's own allowed to call it (e.g. `https://app.example.com`). */
  allowedOrigins?: readonly string[];
  /** Extra request headers those origins may send (e.g. a CSRF header your `authorize` reads). */
  allowedHeaders?: readonly string[];
}

/**
 * Refuses a browser's call from another origin. When the page's `Origin` names the host the
 * browser sent the call to (its `Host`, or the `X-Forwarded-Host` a proxy passed on) and the
 * relay was handed a URL on another host, the mismatch is the set-up's, not the caller's: a
 * proxy that rewrites `Host`, or a framework that builds URLs from its own settings (self-hosted
 * Next.js uses the hostname and port it serves). Refused all the same, with the fix, unless
 * `publicOrigin` was set (then the mismatch is real).
 */
function refuseCrossOrigin(request: Inbound, url: URL, publicOriginSet: boolean, say?: SayOnce): never {
  if (!publicOriginSet && handedAnotherHost(request, url)) {
    say?.(SEEN_HOST_DIFFERS, 'publicOrigin');
    refuse(500, 'RELAY_MISCONFIGURED', SEEN_HOST_DIFFERS);
  }
  refuse(403, 'FORBIDDEN', 'Cross-origin calls to this relay are not allowed from this origin');
}

/** Hosts compared as URLs do (`shop.example:80` is `shop.example` over http); a malformed one matches nothing. */
function hostAs(protocol: string, host: string): string | undefined {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}

function handedAnotherHost(request: Inbound, url: URL): boolean {
  let origin: URL;
  try {
    origin = new URL(request.header('origin') ?? '');
  } catch {
    return false;
  }
  return [request.header('host'), request.header('x-forwarded-host')].some(
    (sent) => sent !== null && hostAs(origin.protocol, sent) === origin.host && hostAs(url.protocol, sent) !== url.host,
  );
}

export function createOriginPolicy(options: OriginPolicyOptions, say?: SayOnce) {
  const allowed = new Set((options.allowedOrigins ?? []).map((origin) => new URL(origin).origin));
  const own = options.publicOrigin === undefined ? undefined : new URL(options.publicOrigin).origin;
  const allowHeaders = [...WIDGET_HEADERS, ...(options.allowedHeaders ?? []).map((h) => h.toLowerCase())].join(', ');

  /** `Origin`'s value when it is one of the listed cross-origin callers. */
  const listed = (request: Inbound): string | undefined => {
    const origin = request.header('origin');
    return origin !== null && allowed.has(origin) ? origin : undefined;
  };

  /**
   * Same origin as the relay? `Origin` decides when present (browsers send it
   * on every state-changing fetch); else `Sec-Fetch-Site`; undefined when the
   * caller sent neither, so is not a browser.
   */
  const sameOrigin = (request: Inbound, url: URL): boolean | undefined => {
    const origin = request.header('origin');
    if (origin !== null) {
      if (own !== undefined) return origin === own;
      try {
        // Host only: a TLS-terminating proxy changes the scheme the relay sees, not the host.
        return new URL(origin).host === url.host;
      } catch {
        return false;
      }
    }
    const site = request.header('sec-fetch-site');
    return site === null ? undefined : site === 'same-origin';
  };

  return {
    /** Throws 403/415 unless this request may change state. */
    checkStateChange(request: Inbound, url: URL, method: string): void {
      if (method !== 'GET') {
        const fromBrowser = sameOrigin(request, url);
        if (fromBrowser === false && !listed(request)) refuseCrossOrigin(request, url, own !== undefined, say);
      }
      if (method === 'POST' || method === 'PATCH') {
        const type = request.header('content-type') ?? '';
        if (!/^application\/json\s*(;|$)/i.test(type.trim()))
          refuse(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json');
      }
    },

    /** The answer to a CORS preflight, for `allow` (the methods of the path asked about). */
    preflight(request: Inbound, allow: readonly string[]): Answer {
      const origin = listed(request);
      const asked = (request.header('access-control-request-method') ?? '').toUpperCase();
      if (!origin || !allow.includes(asked))
        return { status: 403, headers: { 'cache-control': 'no-store' }, body: null };
      return {
        status: 204,
        headers: {
          'cache-control': 'no-store',
          'access-control-allow-origin': origin,
          'access-control-allow-credentials': 'true',
          'access-control-allow-methods': allow.join(', '),
          'access-control-allow-headers': allowHeaders,
          'access-control-max-age': '600',
        },
        body: null,
      };
    },

    /** Adds the CORS headers an answer to a listed origin needs to be readable. */
    decorate(request: Inbound, answer: Answer): void {
      const { headers } = answer;
      headers['vary'] = headers['vary'] ? `${headers['vary']}, origin` : 'origin';
      const origin = listed(request);
      if (!origin) return;
      headers['access-control-allow-origin'] = origin;
      headers['access-control-allow-credentials'] = 'true';
      // The widget reads the service clock from Date, back-off from Retry-After, and that a relay answered.
      headers['access-control-expose-headers'] = `date, retry-after, ${RELAY_MARK}`;
    },
  };
}
