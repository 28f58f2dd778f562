// Finds the system Chromium the browser tests launch (Playwright cannot
// download its own browsers on our machines). Order: $CHROMIUM_PATH, the
// usual Debian/Ubuntu paths. When none is found and we are root with
// apt-get, installs Debian's `chromium`; otherwise says how to get one.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/**
 * Chromium features off besides Playwright's: the omnibox popup, which Chromium
 * 156 builds as a WebUI page (a renderer loading about a hundred chrome://
 * modules) in every new window, that is every Playwright context, so on two
 * cores it took CPU from the page under test (the bench's load to interactive:
 * 74 ms with it, 45-56 ms without; traced). Puppeteer turns both off by default.
 */
const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The features Playwright itself turns off (its chromiumSwitches.ts). A second
 * `--disable-features` replaces the first, so ours repeats them; read from the
 * installed Playwright, so an upgrade cannot leave them behind. Empty (and
 * said once) where it cannot be read: then Playwright's own flag stands alone.
 */
function playwrightDisabledFeatures() {
  try {
    const require = createRequire(import.meta.url);
    const bundle = readFileSync(join(dirname(require.resolve('playwright-core')), 'lib/coreBundle.js'), 'utf8');
    const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
    const features = list ? [...list.matchAll(/^\s*"([\w-]+)",?\s*$/gm)].map((m) => m[1]) : [];
    if (features.length > 0) return features;
  } catch {
    // no Playwright here, or another layout: said below
  }
  console.warn("chromium.mjs: Playwright's disabled Chromium features not found; the omnibox popup stays on");
  return undefined;
}

const playwrightFeatures = playwrightDisabledFeatures();

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  ...(playwrightFeatures ? [`--disable-features=${[...playwrightFeatures, ...DISABLED_FEATURES].join(',')}`] : []),
];
