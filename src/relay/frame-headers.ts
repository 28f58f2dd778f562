/**
 * The response headers of isolated mode's frame page (dist/frame/), for the
 * partner's server to send with every file of it: a strict CSP whose
 * `frame-ancestors` names the pages that may show the frame, its own agent
 * cluster (`Origin-Agent-Cluster`, so no page can share its process by
 * `document.domain`), and no referrer. Composable: a later human check or card
 * processor adds its origins to `scriptSrc`, `connectSrc` or `frameSrc`.
 */
import { isWebOrigin } from '../protocol/web-origin.js';

export interface FrameHeadersOptions {
  /** The origins of the partner's pages that show the frame (`https://shop.example`). */
  parentOrigins: readonly string[];
  /** Where the frame's wallet calls go, when the relay is not on the frame's own origin. */
  connectSrc?: readonly string[];
  /** Origins the frame may load scripts from besides its own. */
  scriptSrc?: readonly string[];
  /** Origins the frame may itself frame (none by default). */
  frameSrc?: readonly string[];
}

/** The headers, as lower-case names and values. Throws on a value that is not an origin (it would loosen the policy). */
export function frameHeaders(options: FrameHeadersOptions): Record<string, string> {
  const origins = (name: string, list: readonly string[] = []) => {
    for (const origin of list)
      if (!isWebOrigin(origin)) throw new TypeError(`frameHeaders: ${name} ${JSON.stringify(origin)} is not an origin`);
    return list;
  };
  const parents = origins('parentOrigins', options.parentOrigins);
  if (parents.length === 0) throw new TypeError('frameHeaders: parentOrigins must name the pages that show the frame');
  const frames = origins('frameSrc', options.frameSrc);
  const policy = [
    "default-src 'none'",
    ["script-src 'self'", ...origins('scriptSrc', options.scriptSrc)].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...origins('connectSrc', options.connectSrc)].join(' '),
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${parents.join(' ')}`,
    "require-trusted-types-for 'script'",
    'trusted-types lit-html',
  ].join('; ');
  return {
    'content-security-policy': policy,
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
}
