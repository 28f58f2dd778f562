// Finds the Firefox the browser tests also run in (Debian's firefox-esr, driven
// headless by puppeteer-core over WebDriver BiDi). Order: $FIREFOX_PATH, the
// usual Debian path. When none is found and we are root with apt-get, installs
// Debian's `firefox-esr`; otherwise says how to get one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

function find() {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`FIREFOX_PATH=${fromEnv} does not exist`);
  }
  return CANDIDATES.find((path) => existsSync(path));
}

function canApt() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/** Returns the path of a Firefox binary, installing Debian's firefox-esr if needed and possible. */
export function ensureFirefox() {
  const found = find();
  if (found) return found;
  if (canApt()) {
    console.log('No Firefox found: installing Debian\'s "firefox-esr" with apt-get ...');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'firefox-esr'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = find();
    if (installed) return installed;
  }
  console.error(
    'The browser tests also run in Firefox and none was found.\n' +
      '  Debian/Ubuntu: sudo apt-get install -y firefox-esr\n' +
      '  Or point to one: FIREFOX_PATH=/path/to/firefox npm test',
  );
  process.exit(1);
}
