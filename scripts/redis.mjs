// Finds the `redis-server` the relay's shared-store tests start (a private
// instance on a Unix socket). Order: $REDIS_SERVER, then PATH. When none is
// found and we are root with apt-get, installs Debian's `redis-server`;
// otherwise says how to get one.
import { execFileSync, spawnSync } from 'node:child_process';

const found = (binary) => spawnSync(binary, ['--version'], { stdio: 'ignore' }).status === 0;

function canApt() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/** Returns the redis-server binary to use, installing Debian's package if needed and possible. */
export function ensureRedis() {
  const binary = process.env.REDIS_SERVER ?? 'redis-server';
  if (found(binary)) return binary;
  if (!process.env.REDIS_SERVER && canApt()) {
    console.log('No redis-server found: installing Debian\'s "redis-server" with apt-get ...');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'redis-server'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (found(binary)) return binary;
  }
  console.error(
    "The relay's shared-store tests need redis-server and none was found.\n" +
      '  Debian/Ubuntu: sudo apt-get install -y redis-server\n' +
      '  macOS: brew install redis\n' +
      '  Or point to one: REDIS_SERVER=/path/to/redis-server npm test',
  );
  process.exit(1);
}
