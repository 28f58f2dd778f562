// Writes isolated mode's frame page, dist/frame/ (after the script-tag bundle and
// the frame script are built): index.html, the script-tag bundle and its lazy
// files copied beside it (they load from next to the bundle), and an example
// frame.json. The partner serves this directory alone, from an origin of its own,
// with the headers of src/relay/frame-headers.ts.
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FROM = 'dist/browser';
const TO = 'dist/frame';

for (const file of readdirSync(FROM))
  if (file.startsWith('embedded-wallet-') && !file.startsWith('embedded-wallet-host.'))
    copyFileSync(join(FROM, file), join(TO, file));

// No inline script or style: the page runs under `script-src 'self'; style-src 'self'`.
writeFileSync(
  join(TO, 'index.html'),
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

writeFileSync(
  join(TO, 'frame.example.json'),
  `${JSON.stringify(
    {
      v: 1,
      parentOrigins: ['https://shop.example'],
      attributes: { 'api-base': '/api/wallet', 'otp-target-key': '04…', 'export-key': '04…' },
    },
    null,
    2,
  )}\n`,
);
