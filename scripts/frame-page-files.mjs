// Isolated mode's frame page, written into `to` (after the script-tag bundle and
// the frame script are built): index.html, and the script-tag bundle and its lazy
// files copied beside it from `from` (they load from next to the bundle). The
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

  // No inline script or style: the page runs under `script-src 'self'; style-src 'self'`.
  writeFileSync(
    join(to, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>Wallet</title>
    <script src="embedded-wallet-elements.js" defer></script>
    <script src="embedded-wallet-frame.js" defer></script>
  </head>
  <body></body>
</html>
`,
  );
}
