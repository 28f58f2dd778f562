// Writes isolated mode's frame page, dist/frame/ (frame-page-files.mjs), and an
// example frame.json beside it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFramePage } from './frame-page-files.mjs';

const TO = 'dist/frame';
writeFramePage({ from: 'dist/browser', to: TO });

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
