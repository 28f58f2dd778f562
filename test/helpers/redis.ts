/**
 * A real, private Redis for tests: Debian's `redis-server` on a Unix socket
 * in a temporary folder (no TCP port, nothing persisted), stopped by `close()`
 * or when this process exits.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { redisStore, type RelayStore } from '../../src/relay/index.js';

export interface TestRedis {
  /** A new connection, as a separate relay instance would open. */
  connect(): Redis;
  /** A relay store over a new connection. */
  store(): RelayStore;
  close(): Promise<void>;
}

const BINARY = process.env['REDIS_SERVER'] ?? 'redis-server';

export async function startRedis(): Promise<TestRedis> {
  if (spawnSync(BINARY, ['--version']).status !== 0)
    throw new Error(
      `The relay's shared-store tests need ${BINARY}. Debian/Ubuntu: apt-get install -y redis-server (npm test installs it when run as root), or REDIS_SERVER=/path/to/redis-server`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'ew-redis-'));
  const socket = join(dir, 'redis.sock');
  const server: ChildProcess = spawn(
    BINARY,
    ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  const stop = () => server.kill('SIGKILL');
  process.once('exit', stop);
  const clients: Redis[] = [];
  const connect = () => {
    const client = new Redis({ path: socket, lazyConnect: false, maxRetriesPerRequest: 2 });
    clients.push(client);
    return client;
  };
  // Ready once its socket exists and it answers PING.
  for (let waited = 0; !existsSync(socket); waited += 20) {
    if (waited > 10_000 || server.exitCode !== null) throw new Error(`${BINARY} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const probe = connect();
  await probe.ping();
  return {
    connect,
    store() {
      const client = connect();
      return redisStore(([name, ...rest]) => client.call(name!, ...rest));
    },
    async close() {
      for (const client of clients) client.disconnect();
      process.off('exit', stop);
      stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
