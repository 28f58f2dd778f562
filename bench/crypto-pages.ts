/**
 * The crypto benchmark's pages: bench/page.ts built for the browser (today's
 * src/crypto, and the baseline revision's beside it), and a browser context
 * that serves them cross-origin isolated.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright';
import { build } from 'vite';
import { browserCrypto } from '../scripts/browser-crypto.mjs';
import { BASELINE } from './settings.js';

/**
 * The bench page, built into `out` (a new temporary folder by default). With
 * `cryptoEntry`, the page's `../src/crypto/index.js` is that module instead.
 */
export async function buildBenchPage(out?: string, cryptoEntry?: string): Promise<string> {
  out ??= await mkdtemp(join(tmpdir(), 'ew-bench-'));
  await build({
    configFile: false,
    // Turnkey's stamper carries a Node code path it never takes in a browser; its build warnings are noise here.
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [browserCrypto],
    resolve: { alias: cryptoEntry ? [{ find: /^\.\.\/src\/crypto\/index\.js$/, replacement: cryptoEntry }] : [] },
    build: {
      outDir: out,
      emptyOutDir: true,
      minify: true,
      lib: { entry: resolve('bench/page.ts'), formats: ['iife'], name: '__bench', fileName: () => 'bench.js' },
    },
  });
  await writeFile(
    join(out, 'bench.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title><script src="bench.js"></script></head><body></body></html>',
  );
  return out;
}

/**
 * `src/crypto` as it was at `revision`, under node_modules/.cache (so that its
 * imports resolve to this checkout's packages), behind an entry that adds the
 * pre-warm functions an older revision lacks as no-ops: only warm medians are
 * taken from the baseline page. Returns the entry's path.
 */
async function baselineCrypto(revision: string): Promise<string> {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${revision}^{commit}`], { encoding: 'utf8' }).trim();
  const dir = resolve('node_modules/.cache/ew-bench-baseline', commit);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const archive = execFileSync('git', ['archive', commit, 'src/crypto'], { maxBuffer: 64 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const entry = join(dir, 'entry.ts');
  await writeFile(
    entry,
    [
      "export * from './src/crypto/index.ts';",
      '// Declared here, these win over any the revision exports; the baseline page times no first calls.',
      'export async function prewarmOtpSeal(): Promise<void> {}',
      'export async function prewarmSessionKeyOpen(): Promise<void> {}',
      '',
    ].join('\n'),
  );
  return entry;
}

/**
 * The baseline's bench page under `benchDir`/baseline, served with the bench
 * page at `origin`; undefined (said once) when BENCH_BASELINE is `none` or the
 * revision cannot be had (a shallow clone, say).
 */
export async function baselinePage(benchDir: string, origin: string): Promise<string | undefined> {
  if (BASELINE === 'none') return undefined;
  try {
    await buildBenchPage(join(benchDir, 'baseline'), await baselineCrypto(BASELINE));
    return `${origin}/bench/baseline/bench.html`;
  } catch (error) {
    console.log(
      `baseline ${BASELINE} not built (${(error as Error).message.split('\n')[0]}): ratios against the issue's figures only`,
    );
    return undefined;
  }
}

/** A browser context whose bench pages are cross-origin isolated: performance.now() then ticks in 5 µs, not 100 µs. */
export async function isolatedContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.route('**/bench/**', async (route) => {
    // A connection reset by the local preview server now and then must not end a ten-minute run.
    let response;
    for (let attempt = 1; ; attempt++) {
      try {
        response = await route.fetch();
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    await route.fulfill({
      response,
      headers: {
        ...response.headers(),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      },
    });
  });
  return context;
}
