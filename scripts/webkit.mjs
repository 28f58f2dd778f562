// WebKit for the browser tests: Debian's WebKitGTK, driven over WebDriver by
// WebKitWebDriver (package webkit2gtk-driver) and run under a virtual X
// display (xvfb-run, package xvfb), with the MiniBrowser of libwebkit2gtk-4.1
// as the browser; installed with apt-get when missing and possible.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { freePort } from './free-port.mjs';
import { ensureSystemPackage } from './system-package.mjs';

// xauth is only a Recommends of xvfb, and xvfb-run stops without it.
const PACKAGES = ['webkit2gtk-driver', 'xvfb', 'xauth', 'libwebkit2gtk-4.1-0'];

function miniBrowser() {
  const lib = '/usr/lib';
  for (const dir of existsSync(lib) ? readdirSync(lib) : []) {
    const path = `${lib}/${dir}/webkit2gtk-4.1/MiniBrowser`;
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** WebKitGTK: its MiniBrowser (with WebKitWebDriver and Xvfb), found or installed from Debian. */
export const WEBKIT = {
  what: 'WebKit (WebKitGTK with its WebDriver, under Xvfb)',
  envVar: 'WEBKIT_MINIBROWSER',
  find: () =>
    ['/usr/bin/WebKitWebDriver', '/usr/bin/xvfb-run', '/usr/bin/xauth'].every((path) => existsSync(path))
      ? miniBrowser()
      : undefined,
  packages: PACKAGES,
  hint: '/path/to/MiniBrowser',
};
export const ensureWebKit = () => ensureSystemPackage(WEBKIT);

/** Starts WebKitWebDriver on a free loopback port under xvfb-run; it stops with this process. */
export async function startWebKitDriver() {
  const port = await freePort();
  const driver = spawn('xvfb-run', ['-a', '/usr/bin/WebKitWebDriver', `--port=${port}`, '--host=127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
    // WebKitGTK takes navigator.language from the environment; a bare container's `C`
    // becomes the POSIX locale ("$ 10.00"). A browser on a user's machine has a real one.
    env: { ...process.env, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US' },
  });
  let stderr = '';
  driver.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2_000)));
  let failed;
  driver.on('error', (error) => (failed = error));
  // A driver that could not bind its port exits; whatever answers there then is not ours.
  driver.on('exit', (code, signal) => (failed ??= new Error(`it exited (${signal ?? `code ${code}`})`)));
  // Detached, so a signal to this process's group does not reach it: stop it on every way out.
  // Stopping also drops those hooks, so a process that starts many drivers keeps none of theirs.
  const onSignal = Object.fromEntries(
    ['SIGTERM', 'SIGHUP', 'SIGINT'].map((signal) => [
      signal,
      () => {
        stop();
        process.exit(128 + (signal === 'SIGHUP' ? 1 : signal === 'SIGINT' ? 2 : 15));
      },
    ]),
  );
  const stop = () => {
    process.off('exit', stop);
    for (const [signal, handler] of Object.entries(onSignal)) process.off(signal, handler);
    try {
      process.kill(-driver.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);
  for (const [signal, handler] of Object.entries(onSignal)) process.once(signal, handler);
  for (let waited = 0; waited < 10_000 && !failed; waited += 100) {
    try {
      const status = await fetch(`http://127.0.0.1:${port}/status`, { signal: AbortSignal.timeout(1_000) });
      if (status.ok) return { port, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`WebKitWebDriver did not start${failed ? `: ${failed.message}` : ''}\n${stderr}`);
}

/**
 * The WebDriver session capabilities for MiniBrowser. Classic WebDriver:
 * WebKitWebDriver refuses a session that asks for BiDi (webdriverio's default).
 */
export const webkitCapabilities = (binary) => ({
  'wdio:enforceWebDriverClassic': true,
  browserName: 'MiniBrowser',
  'webkitgtk:browserOptions': { binary, args: ['--automation'] },
});
