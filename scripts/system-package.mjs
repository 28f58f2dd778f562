// Finds a program the tests need from the system (a browser, redis-server):
// the path in its environment variable, else the first candidate that exists.
// When some are missing and we are root with apt-get, installs the Debian
// packages that provide them in one go; otherwise prints how to get each and exits.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function canApt() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/**
 * @typedef {{ what: string, envVar: string, find: () => string | undefined, packages: string[], hint: string }} Spec
 */

/** The program's path from its environment variable, or from `find`; undefined when neither has one. */
function locate(spec) {
  const fromEnv = process.env[spec.envVar];
  if (!fromEnv) return spec.find();
  if (existsSync(fromEnv) || spawnSync(fromEnv, ['--version'], { stdio: 'ignore' }).status === 0) return fromEnv;
  throw new Error(`${spec.envVar}=${fromEnv} does not exist`);
}

/**
 * The paths of all `specs`' programs, in order. What is missing is installed
 * with one `apt-get update` and one `apt-get install` when we are root with
 * apt-get; otherwise prints how to get each and exits.
 * @param {Spec[]} specs
 * @returns {string[]}
 */
export function ensureSystemPackages(specs) {
  let missing = specs.filter((spec) => !locate(spec));
  if (missing.length && canApt()) {
    const packages = [...new Set(missing.flatMap((spec) => spec.packages))];
    console.log(
      `Not found: ${missing.map((spec) => spec.what).join('; ')}. Installing Debian's ${packages.join(', ')} with apt-get ...`,
    );
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    missing = missing.filter((spec) => !locate(spec));
  }
  if (missing.length) {
    for (const spec of missing)
      console.error(
        `The tests need ${spec.what} and none was found.\n` +
          `  Debian/Ubuntu: sudo apt-get install -y ${spec.packages.join(' ')}\n` +
          `  Or point to one: ${spec.envVar}=${spec.hint} npm test`,
      );
    process.exit(1);
  }
  return specs.map((spec) => /** @type {string} */ (locate(spec)));
}

/** @param {Spec} spec @returns {string} the program's path */
export const ensureSystemPackage = (spec) => ensureSystemPackages([spec])[0];

/** The first of `paths` that exists. */
export const firstExisting = (paths) => () => paths.find((path) => existsSync(path));
