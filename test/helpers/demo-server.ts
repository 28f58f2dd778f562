/**
 * `npm start` exactly as a developer types it, for the demo and end-to-end
 * tests: spawned with free ports, its printed URL read back, and the whole
 * process group stopped afterwards.
 */
import { spawn } from 'node:child_process';

export interface RunningDemo {
  url: string;
  output(): string;
  stop(): void;
}

export async function startDemo(): Promise<RunningDemo> {
  let output = '';
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: '0', SANDBOX_PORT: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL in 90 s:\n${output}`)), 90_000);
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Embedded wallet demo: (http:\/\/localhost:\d+\/)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    stop: () => {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    },
  };
}
