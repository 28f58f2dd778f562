// WebKit for the browser tests: Debian's WebKitGTK, driven over WebDriver by
// WebKitWebDriver (package webkit2gtk-driver) and run under a virtual X
// display (xvfb-run, package xvfb), with the MiniBrowser of libwebkit2gtk-4.1
// as the browser; installed with apt-get when missing and possible.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { freePort } from './free-port.mjs';
import { ensureSystemPackage } from './system-package.mjs';

const PACKAGES = ['webkit2gtk-driver', 'xvfb', 'libwebkit2gtk-4.1-0'];

function miniBrowser() {
  const lib = '/usr/lib';
  for (const dir of existsSync(lib) ? readdirSync(lib) : []) {
    const path = `${lib}/${dir}/webkit2gtk-4.1/MiniBrowser`;
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** Returns the MiniBrowser path, installing Debian's WebKitGTK pieces if needed and possible. */
export const ensureWebKit = () =>
  ensureSystemPackage({
    what: 'WebKit (WebKitGTK with its WebDriver, under Xvfb)',
    envVar: 'WEBKIT_MINIBROWSER',
    find: () => (existsSync('/usr/bin/WebKitWebDriver') && existsSync('/usr/bin/xvfb-run') ? miniBrowser() : undefined),
    packages: PACKAGES,
    hint: '/path/to/MiniBrowser',
  });

/** Starts WebKitWebDriver on a free loopback port under xvfb-run; it stops with this process. */
export async function startWebKitDriver() {
  const port = await freePort();
  const driver = spawn('xvfb-run', ['-a', '/usr/bin/WebKitWebDriver', `--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    detached: true,
    // WebKitGTK takes navigator.language from the environment; a bare container's `C`
    // becomes the POSIX locale ("$ 10.00"). A browser on a user's machine has a real one.
    env: { ...process.env, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US' },
  });
  const stop = () => {
    try {
      process.kill(-driver.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);
  for (let waited = 0; waited < 10_000; waited += 100) {
    try {
      const status = await fetch(`http://127.0.0.1:${port}/status`);
      if (status.ok) return { port, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error('WebKitWebDriver did not start');
}
