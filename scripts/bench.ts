/**
 * `npm run bench`: timings in the system Chromium (headless), printed as a
 * table and written to bench-results/bench.json. Never fails on timing.
 *   1. crypto: our core next to Turnkey's @turnkey/crypto and
 *      @turnkey/api-key-stamper in the same page (first call and warm median);
 *   2. load: from the script tag starting to download to a rendered,
 *      interactive <ew-wallet> (fresh page each time, sandbox on loopback);
 *   3. relay overhead: requests per second and p50/p99 of a wallet call
 *      through the relay vs straight to the sandbox, from a second process.
 * Env: BENCH_RUNS (default 200), BENCH_LOADS (default 15), BENCH_SECONDS (default 3).
 */
import { fork } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { browserCrypto } from './browser-crypto.mjs';
import { launchChromium, startPageServer } from '../test/helpers/page-server.js';
import type { Fixtures, Timing } from '../bench/page.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 200);
const LOADS = Number(process.env['BENCH_LOADS'] ?? 15);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 3);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => (ms < 1 ? ms.toFixed(3) : ms < 10 ? ms.toFixed(2) : ms.toFixed(1)).padStart(8);

async function buildBenchPage(): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'ew-bench-'));
  await build({
    configFile: false,
    // Turnkey's stamper carries a Node code path it never takes in a browser; its build warnings are noise here.
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [browserCrypto],
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

/** The Turnkey timing to compare one of ours with: same operation ("key pair" serves both of ours). */
function turnkeyOf(ours: Timing, timings: Timing[]): Timing | undefined {
  if (ours.impl !== 'ours') return undefined;
  return timings.find((t) => t.impl === 'turnkey' && (t.op === ours.op || ours.op.startsWith(`${t.op} (`)));
}

type LoadResult = { rps: number; p50: number; p99: number };

/** The README's "Performance" tables and lines, from this run. */
function readmeSection(timings: Timing[], loadMs: number, direct: LoadResult, relayed: LoadResult): string {
  const ms = (x: number | undefined) => (x === undefined ? '' : fmt(x).trim());
  const rows = timings
    .filter((t) => t.impl === 'ours')
    .map((t) => {
      const other = turnkeyOf(t, timings);
      const ratio = other ? `${(other.medianMs / t.medianMs).toFixed(1)}x` : '';
      return `| ${t.op} | ${ms(t.firstMs)} | ${ms(t.medianMs)} | ${ms(other?.firstMs)} | ${ms(other?.medianMs)} | ${ratio} |`;
    });
  const line = (r: LoadResult) => `${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms`;
  return [
    '| crypto in Chromium, ms | ours first | ours median | Turnkey first | Turnkey median | Turnkey / ours (median) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `Script tag to an interactive \`<ew-wallet>\` (cold cache, sandbox on loopback): median ${ms(loadMs)} ms.`,
    `A wallet call through the relay: ${line(relayed)}; straight to the sandbox: ${line(direct)}`,
    `(8 in flight for ${SECONDS} s from a second process; relay and sandbox share one Node process).`,
    '',
  ].join('\n');
}

/** Relay vs direct: a child process hammers one URL for SECONDS with 8 in flight; returns rps and percentiles. */
function loadTest(url: string, headers: Record<string, string>): Promise<LoadResult> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(resolve('bench/load.mjs'), [url, JSON.stringify(headers), String(SECONDS)], { stdio: 'pipe' });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolvePromise(JSON.parse(out)) : reject(new Error(`load test exit ${code}`)),
    );
  });
}

const server = await startPageServer();
const browser = await launchChromium();
const benchDir = await buildBenchPage();
server.mount('/bench/', benchDir);
try {
  // 1. crypto
  const fixtures = JSON.parse(await readFile('test/vectors/turnkey-fixtures.json', 'utf8')) as Fixtures;
  const page = await browser.newPage();
  await page.goto(`${server.origin}/bench/bench.html`);
  const timings = (await page.evaluate(
    ([fx, runs]) => (window as unknown as { runBench(f: unknown, r: number): Promise<unknown> }).runBench(fx, runs),
    [fixtures, RUNS] as const,
  )) as Timing[];
  await page.close();

  console.log(
    `\ncrypto in Chromium (${RUNS} warm calls in batches of 10 after warm-up; first = first call on a fresh page), ms`,
  );
  console.log('operation                          impl      first    median      p90   turnkey/ours (median)');
  for (const t of timings) {
    const other = turnkeyOf(t, timings);
    const ratio = other ? `${(other.medianMs / t.medianMs).toFixed(1)}x` : '';
    console.log(
      `${t.op.padEnd(34)} ${t.impl.padEnd(8)} ${fmt(t.firstMs)} ${fmt(t.medianMs)} ${fmt(t.p90Ms)}   ${ratio}`,
    );
  }

  // 2. load to interactive
  const customer = await fetch(`${server.sandbox.baseUrl}/customers`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${server.sandbox.credentials.username}:${server.sandbox.credentials.password}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ customerType: 'INDIVIDUAL', email: 'bench@example.com' }),
  }).then((r) => r.json() as Promise<{ id: string }>);
  const accounts = await fetch(`${server.sandbox.baseUrl}/customers/internal-accounts?customerId=${customer.id}`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${server.sandbox.credentials.username}:${server.sandbox.credentials.password}`).toString('base64')}`,
    },
  }).then((r) => r.json() as Promise<{ data: { id: string }[] }>);
  const query = new URLSearchParams({
    account: accounts.data[0]!.id,
    otpTarget: server.sandbox.enclaveKeys.otpTarget,
    exportKey: server.sandbox.enclaveKeys.export,
  });
  const loads: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext(); // cold cache every time
    const p = await context.newPage();
    await p.goto(`${server.origin}/plain.html?${query}`);
    await p.getByRole('button', { name: 'Email me a code' }).waitFor();
    loads.push(
      await p.evaluate(() => {
        const script = performance
          .getEntriesByType('resource')
          .find((e) => e.name.includes('embedded-wallet-elements'));
        return performance.now() - (script?.startTime ?? 0);
      }),
    );
    await context.close();
  }
  console.log(
    `\nscript tag to an interactive <ew-wallet> (cold cache, ${LOADS} loads): median ${fmt(median(loads)).trim()} ms`,
  );

  // 3. relay overhead
  const basic = `Basic ${Buffer.from(`${server.sandbox.credentials.username}:${server.sandbox.credentials.password}`).toString('base64')}`;
  const path = `/auth/credentials?accountId=${encodeURIComponent(accounts.data[0]!.id)}`;
  const direct = await loadTest(`${server.sandbox.baseUrl}${path}`, { authorization: basic });
  const relayed = await loadTest(`${server.origin}/api${path}`, {});
  console.log(`\nwallet call (GET /auth/credentials), ${SECONDS} s each, 8 in flight, from a second process:`);
  console.log(
    `  straight to the sandbox  ${direct.rps.toFixed(0).padStart(6)} req/s  p50 ${fmt(direct.p50)} ms  p99 ${fmt(direct.p99)} ms`,
  );
  console.log(
    `  through the relay        ${relayed.rps.toFixed(0).padStart(6)} req/s  p50 ${fmt(relayed.p50)} ms  p99 ${fmt(relayed.p99)} ms`,
  );

  await mkdir('bench-results', { recursive: true });
  await writeFile(
    'bench-results/bench.json',
    JSON.stringify(
      {
        date: new Date().toISOString(),
        chromium: browser.version(),
        runs: RUNS,
        crypto: timings,
        loadToInteractiveMs: { median: median(loads), samples: loads },
        relay: { seconds: SECONDS, direct, relayed },
      },
      null,
      2,
    ),
  );
  await writeFile('bench-results/bench.md', readmeSection(timings, median(loads), direct, relayed));
  console.log('\nwritten: bench-results/bench.json, bench-results/bench.md (the README table)');
} finally {
  await browser.close();
  await server.close();
  await rm(benchDir, { recursive: true, force: true });
}
