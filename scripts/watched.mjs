// Runs a child process under a silence watchdog: one that prints nothing for
// `silenceMs` is taken as hung and killed with everything it started. npm test
// uses it for each step and each Node test file: on Node 20 a process can
// deadlock on the thread tsx's module hooks run on, and nothing inside it can
// notice.
import { spawn } from 'node:child_process';

const running = new Set();
const killGroup = (child) => {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
};
// The children lead groups of their own, so a signal to ours does not reach them: pass it on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.once(signal, () => {
    running.forEach(killGroup);
    process.exit(1);
  });

/**
 * Runs `command` with `args`; `onData` sees each chunk of stdout and stderr as it comes.
 * Resolves to {code, output, silent}; `silent` when the watchdog ended it (code 1).
 */
export function runWatched(command, args, { env = process.env, silenceMs, onData = () => {} }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    let output = '';
    let silent = false;
    let watchdog;
    const wake = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        silent = true;
        killGroup(child);
      }, silenceMs);
    };
    for (const [stream, name] of [
      [child.stdout, 'stdout'],
      [child.stderr, 'stderr'],
    ])
      stream.on('data', (chunk) => {
        output += chunk;
        onData(chunk, name);
        wake();
      });
    wake();
    child.on('close', (code) => {
      clearTimeout(watchdog);
      running.delete(child);
      resolve({ code: silent ? 1 : (code ?? 1), output, silent });
    });
  });
}
