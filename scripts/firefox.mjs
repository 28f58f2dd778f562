// Finds the Firefox the browser tests also run in (Debian's firefox-esr, driven
// headless by puppeteer over WebDriver BiDi): $FIREFOX_PATH, then the usual
// Debian paths; installed with apt-get when missing and possible.
import { ensureSystemPackage, firstExisting } from './system-package.mjs';

/** Returns the path of a Firefox binary, installing Debian's firefox-esr if needed and possible. */
export const ensureFirefox = () =>
  ensureSystemPackage({
    what: 'Firefox',
    envVar: 'FIREFOX_PATH',
    find: firstExisting(['/usr/bin/firefox-esr', '/usr/bin/firefox']),
    packages: ['firefox-esr'],
    hint: '/path/to/firefox',
  });
