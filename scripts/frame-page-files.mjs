// Isolated mode's frame page, written into `to` (after the script-tag bundle, the
// frame script and the confirmation window's script are built): index.html, the
// script-tag bundle and its lazy files copied beside it from `from` (they load
// from next to the bundle), approve.html, the window the frame opens for a
// payment to be confirmed in (src/frame-page/approval-window/), and passkey.html,
// the window of a passkey ceremony the frame may not run (src/frame-page/passkey-window/), and
// oauth.html, where an identity provider sends the frame's sign-in window back to. The
// partner serves that directory alone, from an origin of its own, with the
// headers of src/relay/frame-headers.ts. scripts/frame-page.mjs writes dist/frame/;
// `npm start` writes the demo's own.
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @param {{ from: string, to: string }} dirs */
export function writeFramePage({ from, to }) {
  for (const file of readdirSync(from))
    if (file.startsWith('embedded-wallet-') && !file.startsWith('embedded-wallet-host.'))
      copyFileSync(join(from, file), join(to, file));

  // No inline script or style: the pages run under `script-src 'self'; style-src 'self'`.
  const page = (title, scripts) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>${title}</title>
${scripts.map(([src, when]) => `    <script src="${src}" ${when}></script>\n`).join('')}  </head>
  <body></body>
</html>
`;
  // The frame's script runs as soon as it arrives (async): it reads frame.json and answers the
  // handshake while the page is parsed and the bundle run, and draws the element once the bundle
  // has defined it (run-frame.ts).
  const frameScripts = [
    ['embedded-wallet-frame.js', 'async'],
    ['embedded-wallet-elements.js', 'defer'],
  ];
  writeFileSync(join(to, 'index.html'), page('Wallet', frameScripts));
  writeFileSync(join(to, 'approve.html'), page('Confirm payment', [['embedded-wallet-approval.js', 'defer']]));
  writeFileSync(join(to, 'passkey.html'), page('Passkey', [['embedded-wallet-passkey-window.js', 'defer']]));
  writeFileSync(join(to, 'oauth.html'), page('Signing in', [['embedded-wallet-oauth-return.js', 'defer']]));
}
