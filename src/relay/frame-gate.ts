/**
 * Isolated mode's gate in the relay (docs/isolated-mode.md): with `frameOrigin`
 * set, what finishes a sign-in (a code or an OAuth token verified, a wallet's
 * first credential registered) and every signed request (a stamp in
 * `Service-Wallet-Signature`) is taken only from the wallet frame's origin, as
 * the browser states it in `Origin`. A script of the partner's page, which can
 * phish a code or obtain a token silently, cannot finish a sign-in with a key
 * of its own, nor use a key it somehow holds; a caller that sends no `Origin`
 * (not a browser) is refused too. Reads and challenges are not gated: they
 * neither sign nor sign in.
 */
import { isWebOrigin } from '../protocol/web-origin.js';
import type { Inbound } from './answer.js';
import { refuse } from './relay-error.js';

/** The operations that finish a sign-in (a new session, or a wallet's first credential). */
const SIGN_INS = new Set(['auth.verify', 'credential.register']);

/** The gate for `frameOrigin` (none: everything passes, as in in-page mode). Throws on a value that is not an origin. */
export function createFrameGate(frameOrigin: string | undefined): (request: Inbound, operation: string) => void {
  if (frameOrigin === undefined) return () => {};
  if (!isWebOrigin(frameOrigin))
    throw new TypeError(
      `createRelay: frameOrigin ${JSON.stringify(frameOrigin)} is not an origin such as "https://wallet.shop.example"`,
    );
  return (request, operation) => {
    const gated = SIGN_INS.has(operation) || request.header('service-wallet-signature') !== null;
    if (gated && request.header('origin') !== frameOrigin)
      refuse(403, 'FORBIDDEN', `Sign-ins and signed requests are taken only from the wallet frame (${frameOrigin})`);
  };
}
