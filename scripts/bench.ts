/**
 * `npm run bench`: timings in the system Chromium (headless), printed as a
 * table and written to bench-results/bench.json. Never fails on timing.
 *   1. crypto: our core next to Turnkey's @turnkey/crypto and
 *      @turnkey/api-key-stamper in the same page (first call and warm median);
 *   2. load: from the script tag starting to download to a rendered,
 *      interactive <ew-wallet> (fresh page each time, sandbox on loopback);
 *   3. relay overhead: requests per second and p50/p99 of a wallet call
 *      through the relay vs straight to the sandbox, from a second process,
 *      in alternating rounds after a warm-up round.
 * Each figure is printed with its goal (issue 17). The ratio goals (relay
 * throughput >= 70% of direct, relay p50 - direct p50 <= 1 ms) fail the run
 * (exit 1) when missed by more than the spread the rounds themselves showed;
 * absolute times are reported, never enforced.
 * Env: BENCH_RUNS (default 200), BENCH_LOADS (default 15), BENCH_SECONDS (default 3),
 * BENCH_ROUNDS (default 3), BENCH_ONLY=relay (the relay comparison alone, no browser, nothing written).
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
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 3));
const ONLY_RELAY = process.env['BENCH_ONLY'] === 'relay';

/** Issue 17's goals. */
const GOALS = { relayShare: 0.7, relayAddedP50Ms: 1, firstCallMs: 1.5, interactiveMs: 80 };
/** Warm medians, Turnkey / ours, before issue 17: not to get worse. */
const TURNKEY_RATIO_FLOOR: Record<string, number> = {
  stamp: 4.6,
  'OTP seal': 3.4,
  'session bundle open': 2.2,
  'export bundle open': 5.8,
};
/** Operations whose first call on a fresh page has the 1.5 ms goal. */
const FIRST_CALL_GOAL = ['stamp', 'OTP seal', 'session bundle open'];

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

/** The relay comparison over its rounds: each round's figures, their medians, and their spread (the noise). */
interface RelayComparison {
  rounds: { direct: LoadResult; relayed: LoadResult; share: number; addedP50: number }[];
  direct: LoadResult;
  relayed: LoadResult;
  share: number;
  addedP50: number;
  /** max - min over the rounds. */
  spread: { share: number; addedP50: number };
}

const medianOf = (rounds: LoadResult[]): LoadResult => ({
  rps: median(rounds.map((r) => r.rps)),
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
});
const spreadOf = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

/** `met`, `within noise` (missed by no more than the spread), or `MISSED`. */
function verdict(met: boolean, withinNoise: boolean): 'met' | 'within noise' | 'MISSED' {
  return met ? 'met' : withinNoise ? 'within noise' : 'MISSED';
}

/** The README's "Performance" tables and lines, from this run. */
function readmeSection(timings: Timing[], loadMs: number, relay: RelayComparison): string {
  const { direct, relayed } = relay;
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
    `A wallet call through the relay: ${line(relayed)}; straight to the sandbox: ${line(direct)}:`,
    `the relay keeps ${(relay.share * 100).toFixed(0)}% of the throughput and adds ${relay.addedP50.toFixed(2)} ms at the median`,
    `(medians of ${ROUNDS} alternating rounds of ${SECONDS} s after a warm-up, 8 in flight from a second process;`,
    `relay and sandbox share one Node process; round-to-round spread ${(relay.spread.share * 100).toFixed(0)} points and ${relay.spread.addedP50.toFixed(2)} ms).`,
    '',
  ].join('\n');
}

/** Relay vs direct: a child process hammers one URL for SECONDS with 8 in flight; returns rps and percentiles. */
function loadTest(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<LoadResult> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(resolve('bench/load.mjs'), [url, JSON.stringify(headers), String(seconds)], { stdio: 'pipe' });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolvePromise(JSON.parse(out)) : reject(new Error(`load test exit ${code}`)),
    );
  });
}

/** Direct and relayed, alternating, after one short warm-up pair (JIT, connection pools). */
async function compareRelay(directUrl: string, relayUrl: string, basic: string): Promise<RelayComparison> {
  await loadTest(directUrl, { authorization: basic }, 1);
  await loadTest(relayUrl, {}, 1);
  const rounds: RelayComparison['rounds'] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const direct = await loadTest(directUrl, { authorization: basic });
    const relayed = await loadTest(relayUrl, {});
    rounds.push({ direct, relayed, share: relayed.rps / direct.rps, addedP50: relayed.p50 - direct.p50 });
  }
  return {
    rounds,
    direct: medianOf(rounds.map((r) => r.direct)),
    relayed: medianOf(rounds.map((r) => r.relayed)),
    share: median(rounds.map((r) => r.share)),
    addedP50: median(rounds.map((r) => r.addedP50)),
    spread: { share: spreadOf(rounds.map((r) => r.share)), addedP50: spreadOf(rounds.map((r) => r.addedP50)) },
  };
}

/** Prints the relay comparison with its goals; true when a ratio goal is missed by more than the noise. */
function reportRelay(relay: RelayComparison): boolean {
  const row = (name: string, r: LoadResult) =>
    `  ${name.padEnd(24)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms`;
  console.log(
    `\nwallet call (GET /auth/credentials), ${ROUNDS} alternating rounds of ${SECONDS} s after a warm-up, 8 in flight, from a second process:`,
  );
  relay.rounds.forEach((round, i) => {
    console.log(row(`round ${i + 1}: direct`, round.direct));
    console.log(
      `${row(`round ${i + 1}: relay`, round.relayed)}  share ${(round.share * 100).toFixed(0)}%  added p50 ${round.addedP50.toFixed(2)} ms`,
    );
  });
  console.log(row('median: direct', relay.direct));
  console.log(row('median: relay', relay.relayed));
  const share = verdict(relay.share >= GOALS.relayShare, relay.share >= GOALS.relayShare - relay.spread.share);
  const added = verdict(
    relay.addedP50 <= GOALS.relayAddedP50Ms,
    relay.addedP50 <= GOALS.relayAddedP50Ms + relay.spread.addedP50,
  );
  console.log(
    `  relay throughput / direct: ${(relay.share * 100).toFixed(0)}% (goal >= ${GOALS.relayShare * 100}%, spread ${(relay.spread.share * 100).toFixed(0)} points): ${share}`,
  );
  console.log(
    `  relay p50 - direct p50:    ${relay.addedP50.toFixed(2)} ms (goal <= ${GOALS.relayAddedP50Ms} ms, spread ${relay.spread.addedP50.toFixed(2)} ms): ${added}`,
  );
  return share === 'MISSED' || added === 'MISSED';
}

const basicOf = (credentials: { username: string; password: string }) =>
  `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;

/** A wallet customer on the sandbox; its wallet id. */
async function benchWallet(baseUrl: string, basic: string): Promise<string> {
  const customer = await fetch(`${baseUrl}/customers`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify({ customerType: 'INDIVIDUAL', email: 'bench@example.com' }),
  }).then((r) => r.json() as Promise<{ id: string }>);
  const accounts = await fetch(`${baseUrl}/customers/internal-accounts?customerId=${customer.id}`, {
    headers: { authorization: basic },
  }).then((r) => r.json() as Promise<{ data: { id: string }[] }>);
  return accounts.data[0]!.id;
}

const server = await startPageServer();
if (ONLY_RELAY) {
  try {
    const basic = basicOf(server.sandbox.credentials);
    const path = `/auth/credentials?accountId=${encodeURIComponent(await benchWallet(server.sandbox.baseUrl, basic))}`;
    const relay = await compareRelay(`${server.sandbox.baseUrl}${path}`, `${server.origin}/api${path}`, basic);
    process.exitCode = reportRelay(relay) ? 1 : 0;
  } finally {
    await server.close();
  }
  process.exit();
}
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
  console.log(
    'operation                          impl      first    median      p90   turnkey/ours (median)   goals (reported, not enforced)',
  );
  for (const t of timings) {
    const other = turnkeyOf(t, timings);
    const ratio = other ? `${(other.medianMs / t.medianMs).toFixed(1)}x` : '';
    const goals: string[] = [];
    if (t.impl === 'ours' && FIRST_CALL_GOAL.includes(t.op))
      goals.push(`first <= ${GOALS.firstCallMs} ms: ${t.firstMs <= GOALS.firstCallMs ? 'met' : 'missed'}`);
    const floor = TURNKEY_RATIO_FLOOR[t.op];
    if (other && floor !== undefined)
      goals.push(`ratio >= ${floor}x: ${other.medianMs / t.medianMs >= floor ? 'met' : 'missed'}`);
    console.log(
      `${t.op.padEnd(34)} ${t.impl.padEnd(8)} ${fmt(t.firstMs)} ${fmt(t.medianMs)} ${fmt(t.p90Ms)}   ${ratio.padEnd(22)}${goals.join('; ')}`,
    );
  }

  // 2. load to interactive
  const basic = basicOf(server.sandbox.credentials);
  const wallet = await benchWallet(server.sandbox.baseUrl, basic);
  const query = new URLSearchParams({
    account: wallet,
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
    `\nscript tag to an interactive <ew-wallet> (cold cache, ${LOADS} loads): median ${fmt(median(loads)).trim()} ms (goal <= ${GOALS.interactiveMs} ms, reported, not enforced: ${median(loads) <= GOALS.interactiveMs ? 'met' : 'missed'})`,
  );

  // 3. relay overhead
  const path = `/auth/credentials?accountId=${encodeURIComponent(wallet)}`;
  const relay = await compareRelay(`${server.sandbox.baseUrl}${path}`, `${server.origin}/api${path}`, basic);
  const missed = reportRelay(relay);

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
        relay: { seconds: SECONDS, goals: GOALS, ...relay },
      },
      null,
      2,
    ),
  );
  await writeFile('bench-results/bench.md', readmeSection(timings, median(loads), relay));
  console.log('\nwritten: bench-results/bench.json, bench-results/bench.md (the README table)');
  if (missed) {
    console.log('\na relay ratio goal was missed by more than the noise measured: exit 1');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.close();
  await rm(benchDir, { recursive: true, force: true });
}
