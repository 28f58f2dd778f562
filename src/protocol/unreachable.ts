/**
 * Why a request to the relay never got an answer, when the page can tell:
 * its own Content-Security-Policy refused it (connect-src), or the relay is
 * on another origin, which only answers pages it allows (CORS). Both are the
 * site's setup and say the fix; otherwise it is the network (NETWORK_ERROR).
 */
import { WalletError } from './wallet-error.js';

/** Origins this page's CSP refused a connection to (from `securitypolicyviolation`). */
const refused = new Set<string>();
let watching = false;

/** Starts noting connect-src refusals (browsers only; once per page). */
export function watchConnectRefusals(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('securitypolicyviolation', (event) => {
    if (!/^connect-src/.test(event.effectiveDirective || event.violatedDirective)) return;
    try {
      refused.add(new URL(event.blockedURI).origin);
    } catch {
      // not a URL (an inline refusal): not ours
    }
  });
}

/** The error for a fetch to `url` that failed without an answer. */
export async function unreachable(url: string, cause: unknown): Promise<WalletError> {
  const page = typeof location === 'undefined' ? undefined : location;
  if (!page) return new WalletError('NETWORK_ERROR', 'The wallet service could not be reached', { cause });
  // The violation event is a task of its own, queued when fetch was refused: let it run first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const target = new URL(url, page.href).origin;
  if (refused.has(target))
    return new WalletError(
      'CONFIG_CSP_CONNECT_SRC',
      `This page's Content-Security-Policy does not allow connections to the relay (${target}): add it to connect-src ` +
        `('self' when the relay is on the page's origin)`,
      { cause },
    );
  if (target !== page.origin && navigator.onLine !== false)
    return new WalletError(
      'RELAY_UNREACHABLE',
      `The relay at ${target} did not answer this page (${page.origin}). A relay on another origin answers only the ` +
        `pages it allows: list ${page.origin} in createRelay's allowedOrigins (and check that it runs)`,
      { cause },
    );
  return new WalletError('NETWORK_ERROR', 'The wallet service could not be reached', { cause });
}
