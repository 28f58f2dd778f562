// Isolated mode's frame origin: an origin of the partner's own that serves
// the package's frame page (dist/frame/), its frame.json and the relay, and
// nothing else, so no script of the shop's pages can reach the wallet. Here
// another port of the shop's host: another origin (the pages' scripts cannot
// reach into it) but the same site, so the shop's session cookie reaches the
// relay there and the frame's storage is first-party.
import { readFileSync } from 'node:fs';
import { frameHeaders } from 'embedded-wallet-elements/relay';
import { PAGE_CSP } from './routes.js';
import { RELAY_PATH } from './relay.js';

/** The frame's frame.json: the pages that may show it, and the wallet's attributes no page may set. */
export const frameConfig = ({ service, shopOrigin }) => ({
  v: 1,
  parentOrigins: [shopOrigin],
  attributes: {
    'api-base': RELAY_PATH,
    'otp-target-key': service.enclaveKeys.otpTarget,
    'export-key': service.enclaveKeys.export,
  },
});

/** The headers of every file of the frame origin: its strict CSP, and only the shop's pages may frame it. */
export const frameResponseHeaders = (shopOrigin) => frameHeaders({ parentOrigins: [shopOrigin] });

// Outside public/: only the route below serves it, with FRAME_ORIGIN filled in and frame-src in its CSP.
const ISOLATED_PAGE = readFileSync(new URL('./isolated.html', import.meta.url), 'utf8');

/** The shop's isolated-mode page: its wallet frames the frame origin, which its CSP allows and nothing else. */
export const isolatedPage = (frameOrigin) => ({
  html: ISOLATED_PAGE.replaceAll('FRAME_ORIGIN', frameOrigin),
  csp: `${PAGE_CSP}; frame-src ${frameOrigin}`,
});
