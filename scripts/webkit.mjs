// WebKit for the browser tests: Debian's WebKitGTK, driven over WebDriver by
// WebKitWebDriver (package webkit2gtk-driver) and run under a virtual X
// display (xvfb-run, package xvfb), with the MiniBrowser of libwebkit2gtk-4.1
// as the browser. When a piece is missing and we are root with apt-get, the
// packages are installed; otherwise a message says how.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';

const PACKAGES = ['webkit2gtk-driver', 'xvfb', 'libwebkit2gtk-4.1-0'];

function miniBrowser() {
  if (process.env.WEBKIT_MINIBROWSER) return process.env.WEBKIT_MINIBROWSER;
  const lib = '/usr/lib';
  for (const dir of existsSync(lib) ? readdirSync(lib) : []) {
    const path = `${lib}/${dir}/webkit2gtk-4.1/MiniBrowser`;
    if (existsSync(path)) return path;
  }
  return undefined;
}

const present = () =>
  existsSync('/usr/bin/WebKitWebDriver') && existsSync('/usr/bin/xvfb-run') && miniBrowser() !== undefined;

function canApt() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/** Returns the MiniBrowser path, installing Debian's WebKitGTK pieces if needed and possible. */
export function ensureWebKit() {
  if (!present() && canApt()) {
    console.log(`WebKitGTK pieces missing: installing Debian's ${PACKAGES.join(', ')} with apt-get ...`);
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', ...PACKAGES], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (present()) return miniBrowser();
  console.error(
    'The browser tests also run in WebKit (WebKitGTK) and it was not found.\n' +
      `  Debian/Ubuntu: sudo apt-get install -y ${PACKAGES.join(' ')}`,
  );
  process.exit(1);
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

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
