// Finds the system Chromium the browser tests launch (Playwright cannot
// download its own browsers on our machines). Order: $CHROMIUM_PATH, the
// usual Debian/Ubuntu paths. When none is found and we are root with
// apt-get, installs Debian's `chromium`; otherwise says how to get one.
import { ensureSystemPackage, firstExisting } from './system-package.mjs';

/** Chromium: its binary, found or installed from Debian. */
export const CHROMIUM = {
  what: 'Chromium',
  envVar: 'CHROMIUM_PATH',
  find: firstExisting(['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']),
  packages: ['chromium'],
  hint: '/path/to/chrome',
};
export const ensureChromium = () => ensureSystemPackage(CHROMIUM);

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
