/**
 * The partner guide's example app (examples/partner-app, the code
 * docs/partner-guide.md shows), run as a partner runs it: the package packed
 * and installed from the tarball with the app's own dependencies (Express 5,
 * Hono, Fastify 5, Next.js 16, vite) into a temporary directory, the ESM page built by vite
 * and the Next.js app by `next build`, the server started with `node server.js` (Express),
 * `node server.js --hono`, `--fastify` and `--next` against the local sandbox. In the engine `TEST_ENGINE` names, on the
 * script-tag page and the ESM page, under the strict CSP: sign in to the shop
 * -> email code in the wallet -> pay -> approve -> executed by the backend ->
 * "Payment completed.", with no page problem; and the same on the isolated-mode
 * page, with the code and Approve pressed in the wallet's frame on the app's
 * frame origin (where the engine's automation reaches into a frame; not on Next.js, whose
 * recipe leaves the frame origin to the others).
 */
import { expect } from 'chai';
import { confirmIfAsked } from '../../helpers/confirm-window.js';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { launchEngine, testEngine, type Device, type Engine, type Tab } from '../../helpers/engine/index.js';
import { spawnServer } from '../../helpers/spawned-server.js';

const run = promisify(execFile);
/** Next.js sends usage data unless told not to; a test sends nothing. */
const NEXT_ENV = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const EXAMPLE = 'examples/partner-app';
const SOURCES = [
  'package.json',
  'partner.js',
  'relay.js',
  'routes.js',
  'frame.js',
  'express.js',
  'hono.js',
  'fastify.js',
  'browser-files.js',
  'next-apps.js',
  'next.config.mjs',
  'app/api/wallet/[...path]/route.js',
  'app/[...route]/route.js',
  'app/assets/[...file]/route.js',
  'server.js',
  'vite.config.js',
];

/** Every file of the example (its built pages left out), for the install's cache key. */
async function exampleFiles(dir = EXAMPLE): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (['node_modules', '.next'].includes(entry.name) || path === join(EXAMPLE, 'public/esm')) continue;
    if (entry.isDirectory()) files.push(...(await exampleFiles(path)));
    else files.push(path);
  }
  return files.sort();
}

/**
 * The example installed from the packed tarball, its ESM page built. Cached by
 * the tarball's and the example's content, so the three engine runs of npm test
 * install once.
 */
async function installExample(): Promise<string> {
  if (!existsSync('dist/index.js')) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  const cache = resolve('node_modules/.cache/partner-app');
  await mkdir(cache, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', cache], { maxBuffer: 16 << 20 });
  const tarball = join(cache, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
  const hash = createHash('sha256').update(await readFile(tarball));
  for (const file of await exampleFiles()) hash.update(file).update(await readFile(file));
  const app = join(cache, hash.digest('hex').slice(0, 16));
  if (existsSync(join(app, '.installed'))) return app;
  await rm(app, { recursive: true, force: true });
  await cp(EXAMPLE, app, { recursive: true, filter: (source) => !/node_modules|\.next/.test(source) });
  const manifest = JSON.parse(await readFile(join(app, 'package.json'), 'utf8'));
  manifest.dependencies['embedded-wallet-elements'] = `file:${tarball}`;
  await writeFile(join(app, 'package.json'), JSON.stringify(manifest, null, 2));
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, maxBuffer: 16 << 20 });
  await run('npm', ['run', 'build', '--silent'], { cwd: app, maxBuffer: 16 << 20 });
  await run('npm', ['run', 'build:next', '--silent'], { cwd: app, maxBuffer: 16 << 20, env: NEXT_ENV });
  await writeFile(join(app, '.installed'), '');
  return app;
}

describe(`the partner guide's example app (${testEngine()})`, () => {
  let app: string;
  let engine: Engine;

  before(async () => {
    [app, engine] = await Promise.all([installExample(), launchEngine()]);
  });
  after(async () => {
    await engine?.close();
  });

  /** The whole purchase as a shopper does it, on the page at `path`. */
  async function buy(tab: Tab): Promise<void> {
    await tab.fill({ label: 'Email' }, `shopper-${crypto.randomUUID().slice(0, 8)}@example.com`);
    await tab.click({ role: 'button', name: 'Sign in to the shop' });
    await tab.click({ role: 'button', name: 'Email me a code' });
    // Typed once the code is on its way: the field shows while it is sent, and a re-render then could take a digit.
    await tab.waitFor({ text: /We sent a code to/ });
    await tab.type({ css: 'input[autocomplete="one-time-code"]' }, '000000');
    await tab.waitFor({ role: 'button', name: 'Sign out' });
    await tab.click({ role: 'button', name: 'Pay $10.00' });
    await tab.click({ role: 'button', name: 'Approve' }); // arms once in view for a moment
    await tab.waitFor({ role: 'status', text: 'Payment completed.' }, { timeout: 30_000 });
  }

  /**
   * The same purchase on the isolated-mode page: the code and Approve are pressed inside the wallet's
   * frame (another origin: the shop's page cannot reach them); the shop's page gets the signature.
   */
  async function buyIsolated(tab: Tab, wallet: Tab): Promise<void> {
    await tab.fill({ label: 'Email' }, `shopper-${crypto.randomUUID().slice(0, 8)}@example.com`);
    await tab.click({ role: 'button', name: 'Sign in to the shop' });
    await wallet.click({ role: 'button', name: 'Email me a code' });
    await wallet.waitFor({ text: /We sent a code to/ });
    await wallet.type({ css: 'input[autocomplete="one-time-code"]' }, '000000');
    await wallet.waitFor({ role: 'button', name: 'Sign out' });
    await tab.click({ role: 'button', name: 'Pay $10.00' });
    // Approve arms only while the whole card (payee, amounts, button) is in view: the user reads it first.
    await wallet.click({ role: 'button', name: 'Approve', reading: 'ew-approve-quote' });
    // Where the engine cannot tell a covered frame from a seen one, the payment is confirmed in a window of the frame's.
    // (Firefox has no IntersectionObserver v2; Chromium has, and WebKitGTK's automation does not reach the frame.)
    expect(await confirmIfAsked(tab), 'confirmed in the window').to.equal(tab.engine === 'firefox');
    await tab.waitFor({ role: 'status', text: 'Payment completed.' }, { timeout: 30_000 });
  }

  /**
   * The frame origin is the shop's site (another port of its host), so the frame's storage is
   * first-party: the session survives a reload, and a sign-out in one tab's frame reaches another's.
   */
  async function sessionsInTheFrame(device: Device, tab: Tab, page: string, frameOrigin: string): Promise<void> {
    await tab.goto(page);
    const reloaded = (await tab.frame(frameOrigin))!;
    await reloaded.waitFor({ role: 'button', name: 'Sign out' });
    const other = await device.newTab();
    await other.goto(page);
    const otherWallet = (await other.frame(frameOrigin))!;
    await otherWallet.waitFor({ role: 'button', name: 'Sign out' });
    await reloaded.click({ role: 'button', name: 'Sign out' });
    await otherWallet.waitFor({ role: 'button', name: 'Email me a code' });
    expect(await other.problems(), 'the other tab').to.deep.equal([]);
  }

  for (const [framework, flags] of [
    ['Express 5', []],
    ['Hono', ['--hono']],
    ['Fastify 5', ['--fastify']],
    ['Next.js', ['--next']],
  ] as const) {
    const isolated = framework !== 'Next.js';
    const pages = isolated
      ? 'the script-tag page, the ESM page and the isolated-mode page'
      : 'the script-tag page and the ESM page';
    it(`${framework}: ${pages} each pay, under the strict CSP`, async () => {
      const server = await spawnServer(process.execPath, ['server.js', ...flags], {
        cwd: app,
        env: { PORT: '0', FRAME_PORT: '0', NEXT_TELEMETRY_DISABLED: '1' },
        printed: /Partner app \([^)]+\): (http:\/\/localhost:\d+)\//,
      });
      const origin = server.url;
      try {
        for (const path of ['/', '/esm/']) {
          const tab = await (await engine.newDevice()).newTab();
          await tab.goto(`${origin}${path}`);
          const [csp, framing] = await tab.evaluate(async () => {
            const { headers } = await fetch(location.href);
            return [headers.get('content-security-policy'), headers.get('x-frame-options')];
          });
          expect(csp, path).to.include("require-trusted-types-for 'script'");
          // No other site may frame the payment page (clickjacking), in old browsers too.
          expect(csp, path).to.include("frame-ancestors 'self'");
          expect(framing, path).to.equal('SAMEORIGIN');
          await buy(tab);
          expect(await tab.problems(), path).to.deep.equal([]);
        }
        // Isolated mode: the wallet in a frame of the app's frame origin, which only the shop may frame.
        if (isolated) {
          const device = await engine.newDevice();
          const tab = await device.newTab();
          await tab.goto(`${origin}/isolated/`);
          const frameUrl = await tab.evaluate(() => document.querySelector('ew-wallet')!.getAttribute('frame')!);
          const frameOrigin = new URL(frameUrl).origin;
          expect(frameOrigin).to.not.equal(origin);
          const framing = (await fetch(frameUrl)).headers.get('content-security-policy');
          expect(framing).to.include(`frame-ancestors ${origin}`);
          const wallet = await tab.frame(frameOrigin);
          // WebKitGTK's WebDriver cannot reach into the frame (a closed shadow root holds it); the browser
          // suites drive isolated mode there by keyboard.
          expect(wallet !== undefined, 'the frame reached').to.equal(tab.engine !== 'webkit');
          if (wallet) {
            await buyIsolated(tab, wallet);
            await sessionsInTheFrame(device, tab, `${origin}/isolated/`, frameOrigin);
          }
          expect(await tab.problems(), '/isolated/').to.deep.equal([]);
        }
        // The relay is mounted where basePath says, and refuses what is not a wallet call.
        expect((await fetch(`${origin}/api/wallet/customers`, { method: 'POST' })).status).to.equal(404);
      } finally {
        server.stop();
      }
    });
  }

  it('the guide shows the example files as they are', async () => {
    const guide = await readFile('docs/partner-guide.md', 'utf8');
    for (const file of [
      ...SOURCES,
      'public/index.html',
      'isolated.html',
      'public/page.js',
      'public/shop.css',
      'public/favicon.svg',
      'esm/main.js',
      'esm/index.html',
    ]) {
      const source = (await readFile(join(EXAMPLE, file), 'utf8')).trim();
      expect(guide, `docs/partner-guide.md shows ${file}`).to.include(source);
    }
  });
});
