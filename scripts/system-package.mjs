// Finds a program the tests need from the system (a browser, redis-server):
// the path in its environment variable, else the first candidate that exists.
// When none does and we are root with apt-get, installs the Debian packages
// that provide it; otherwise prints how to get it and exits.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function canApt() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/**
 * @param {{ what: string, envVar: string, find: () => string | undefined, packages: string[], hint: string }} spec
 * @returns {string} the program's path
 */
export function ensureSystemPackage({ what, envVar, find, packages, hint }) {
  const fromEnv = process.env[envVar];
  if (fromEnv) {
    if (existsSync(fromEnv) || spawnSync(fromEnv, ['--version'], { stdio: 'ignore' }).status === 0) return fromEnv;
    throw new Error(`${envVar}=${fromEnv} does not exist`);
  }
  const found = find();
  if (found) return found;
  if (canApt()) {
    console.log(`No ${what} found: installing Debian's ${packages.join(', ')} with apt-get ...`);
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = find();
    if (installed) return installed;
  }
  console.error(
    `The tests need ${what} and none was found.\n` +
      `  Debian/Ubuntu: sudo apt-get install -y ${packages.join(' ')}\n` +
      `  Or point to one: ${envVar}=${hint} npm test`,
  );
  process.exit(1);
}

/** The first of `paths` that exists. */
export const firstExisting = (paths) => () => paths.find((path) => existsSync(path));
