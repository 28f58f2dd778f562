/**
 * Why a request to the relay never got an answer, when the page can tell:
 * its own Content-Security-Policy refused that very request (connect-src),
 * or the relay is on another origin that has never answered this page, which
 * only answers pages it allows (CORS). Both are the site's setup and say the
 * fix; otherwise it is the network (NETWORK_ERROR).
 */
import { WalletError } from './wallet-error.js';

/** connect-src refusals this page enforced: the blocked URL and when. */
const refusals: { url: string; at: number }[] = [];
/** Origins that have answered this page: a later failure there is the network, not the setup. */
const answered = new Set<string>();
let watching = false;

/** Starts noting connect-src refusals (browsers only; once per page). */
export function watchConnectRefusals(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('securitypolicyviolation', (event) => {
    // A report-only policy blocks nothing.
    if (event.disposition !== 'enforce' || !/^connect-src/.test(event.effectiveDirective || event.violatedDirective))
      return;
    refusals.push({ url: event.blockedURI, at: performance.now() });
    if (refusals.length > 20) refusals.shift();
  });
}

/** Notes that `url`'s origin answered (any HTTP status). */
export function noteAnswer(url: string): void {
  if (typeof location !== 'undefined') answered.add(new URL(url, location.href).origin);
}

/** The error for a fetch to `url`, started at `startedAt` (performance.now()), that failed without an answer. */
export async function unreachable(url: string, startedAt: number, cause: unknown): Promise<WalletError> {
  const page = typeof location === 'undefined' ? undefined : location;
  if (!page) return new WalletError('NETWORK_ERROR', 'The wallet service could not be reached', { cause });
  // The violation event is a task of its own, queued when fetch was refused: let it run first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const target = new URL(url, page.href);
  // Browsers report the full URL, or only its origin when it is another one.
  const refused = refusals.some(
    (r) => r.at >= startedAt && (r.url === target.href || r.url === target.origin || r.url === `${target.origin}/`),
  );
  if (refused)
    return new WalletError(
      'CONFIG_CSP_CONNECT_SRC',
      `This page's Content-Security-Policy does not allow connections to the relay (${target.origin}): add it to ` +
        `connect-src ('self' when the relay is on the page's origin)`,
      { cause },
    );
  if (target.origin !== page.origin && !answered.has(target.origin) && navigator.onLine !== false)
    return new WalletError(
      'RELAY_UNREACHABLE',
      `The relay at ${target.origin} did not answer this page (${page.origin}). A relay on another origin answers only ` +
        `the pages it allows: list ${page.origin} in createRelay's allowedOrigins (and check that it runs)`,
      { cause },
    );
  return new WalletError('NETWORK_ERROR', 'The wallet service could not be reached', { cause });
}
