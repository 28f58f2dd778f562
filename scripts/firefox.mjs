// Finds the Firefox the browser tests also run in (Debian's firefox-esr, driven
// headless by puppeteer over WebDriver BiDi): $FIREFOX_PATH, then the usual
// Debian paths; installed with apt-get when missing and possible.
import { ensureSystemPackage, firstExisting } from './system-package.mjs';

/** Firefox: its binary, found or installed from Debian. */
export const FIREFOX = {
  what: 'Firefox',
  envVar: 'FIREFOX_PATH',
  find: firstExisting(['/usr/bin/firefox-esr', '/usr/bin/firefox']),
  packages: ['firefox-esr'],
  hint: '/path/to/firefox',
};
export const ensureFirefox = () => ensureSystemPackage(FIREFOX);
