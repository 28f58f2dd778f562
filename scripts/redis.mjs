// Finds the `redis-server` the relay's shared-store tests start (a private
// instance on a Unix socket): $REDIS_SERVER, then PATH; installed with
// apt-get when missing and possible.
import { spawnSync } from 'node:child_process';
import { ensureSystemPackage } from './system-package.mjs';

/** redis-server, found or installed from Debian. */
export const REDIS = {
  what: 'redis-server',
  envVar: 'REDIS_SERVER',
  find: () => (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0 ? 'redis-server' : undefined),
  packages: ['redis-server'],
  hint: '/path/to/redis-server',
};
export const ensureRedis = () => ensureSystemPackage(REDIS);
