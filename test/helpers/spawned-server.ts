/**
 * A server started as its user starts it (`npm start`, `node server.js`):
 * spawned in its own process group, its printed URL read back, stopped with
 * the whole group.
 */
import { spawn } from 'node:child_process';

export interface SpawnedServer {
  /** The first capture of `printed` in the server's output. */
  url: string;
  output(): string;
  stop(): void;
}

export async function spawnServer(
  command: string,
  args: string[],
  options: { printed: RegExp; cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<SpawnedServer> {
  let output = '';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const timeoutMs = options.timeoutMs ?? 30_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} printed no URL in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      const match = options.printed.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code}:\n${output}`));
    });
  }).catch((error: unknown) => {
    stop();
    throw error;
  });
  return { url, output: () => output, stop };
}
