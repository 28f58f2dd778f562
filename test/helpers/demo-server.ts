/**
 * `npm start` exactly as a developer types it, for the demo and end-to-end
 * tests: spawned with free ports, its printed URL read back, and the whole
 * process group stopped afterwards.
 */
import { spawnServer, type SpawnedServer } from './spawned-server.js';

export type RunningDemo = SpawnedServer;

export const startDemo = (): Promise<RunningDemo> =>
  spawnServer('npm', ['start'], {
    printed: /Embedded wallet demo: (http:\/\/localhost:\d+\/)/,
    env: { PORT: '0', SANDBOX_PORT: '0' },
    timeoutMs: 90_000,
  });
