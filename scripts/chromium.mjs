// Finds the system Chromium the browser tests launch (Playwright cannot
// download its own browsers on our machines). Order: $CHROMIUM_PATH, the
// usual Debian/Ubuntu paths. When none is found and we are root with
// apt-get, installs Debian's `chromium`; otherwise says how to get one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function find() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
  }
  return CANDIDATES.find((path) => existsSync(path));
}

function canApt() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/** Returns the path of a Chromium binary, installing Debian's package if needed and possible. */
export function ensureChromium() {
  const found = find();
  if (found) return found;
  if (canApt()) {
    console.log('No Chromium found: installing Debian\'s "chromium" with apt-get ...');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = find();
    if (installed) return installed;
  }
  console.error(
    'The browser tests need Chromium and none was found.\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  Or point to one: CHROMIUM_PATH=/path/to/chrome npm test',
  );
  process.exit(1);
}

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
