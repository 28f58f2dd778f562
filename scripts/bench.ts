/**
 * `npm run bench`: timings in the system Chromium (headless), printed as a
 * table and written to bench-results/bench.json. Never fails on timing.
 *   1. crypto: our core next to Turnkey's @turnkey/crypto and
 *      @turnkey/api-key-stamper: warm medians in one cross-origin isolated
 *      page (5 µs timer), and the first stamp, seal and open each alone on
 *      fresh pages, cold and after the pre-warm the client runs;
 *   2. load: from the script tag starting to download to a painted,
 *      interactive <ew-wallet> (fresh context each time, sandbox on loopback),
 *      with the steps on the way (bench/load-probe.ts);
 *   3. relay overhead: requests per second and p50/p99 of a wallet call
 *      through the relay vs straight to the sandbox, from a second process,
 *      in alternating rounds after a warm-up round (measured first, before
 *      Chromium starts; printed last).
 * Each figure is printed with its goal (issue 17). The ratio goals (relay
 * throughput >= 70% of direct, relay p50 - direct p50 <= 1 ms) fail the run
 * (exit 1) when missed by more than the spread the rounds themselves showed;
 * absolute times are reported, never enforced.
 * Env: BENCH_RUNS (default 200), BENCH_LOADS (default 15), BENCH_SECONDS (default 3),
 * BENCH_ROUNDS (default 3), BENCH_FIRST_PAGES (default 9), BENCH_ONLY=relay|crypto|load
 * (that part alone, nothing written; relay needs no browser).
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { browserCrypto } from './browser-crypto.mjs';
import { launchChromium, startPageServer, type ServerModules } from '../test/helpers/page-server.js';
import { generateP256KeyPair } from '@turnkey/crypto';
import type { Browser, BrowserContext, Page } from 'playwright';
import { installLoadProbe, type LoadMarks } from '../bench/load-probe.js';
import type { FirstCall, FirstCallData, FirstCallOp, Fixtures, Timing } from '../bench/page.js';
import { makeBundle, makeEnclave, p256, randomKeyHex } from '../test/helpers/enclave.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 200);
const LOADS = Number(process.env['BENCH_LOADS'] ?? 15);
const FIRST_PAGES = Number(process.env['BENCH_FIRST_PAGES'] ?? 9);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 3);
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 3));
/** `relay`, `crypto` or `load`: that part alone (nothing written); unset: all three. */
const ONLY = process.env['BENCH_ONLY'];
if (ONLY !== undefined && !['relay', 'crypto', 'load'].includes(ONLY)) {
  throw new Error(`BENCH_ONLY=${ONLY}: expected relay, crypto or load`);
}

/** Issue 17's goals. */
const GOALS = { relayShare: 0.7, relayAddedP50Ms: 1, firstCallMs: 1.5, interactiveMs: 80 };
/**
 * The code issue 17 was filed on. Its crypto is built into a second bench page and timed by this
 * same harness beside today's, so "warm ratios not worse than today's" compares like with like.
 * The issue's own figures (below) are one run of the bench as it was then (a 100 µs timer, one
 * page run): that bench, run again on that code, gives a stamp ratio of 2.3x to 3.0x, not 4.6x.
 * BENCH_BASELINE=<git revision> picks another baseline, `none` skips it.
 */
const BASELINE = process.env['BENCH_BASELINE'] ?? '1a2d8f2';
/** Alternating page runs of today's crypto and the baseline's: their medians are reported. */
const CRYPTO_ROUNDS = Math.max(1, Number(process.env['BENCH_CRYPTO_ROUNDS'] ?? 3));
/** Warm medians, Turnkey / ours, as the issue gives them (one run of the bench of the time). */
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

/**
 * The bench page, built into `out` (a new temporary folder by default). With
 * `cryptoEntry`, the page's `../src/crypto/index.js` is that module instead.
 */
async function buildBenchPage(out?: string, cryptoEntry?: string): Promise<string> {
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
 * page; undefined (said once) when BENCH_BASELINE is `none` or the revision
 * cannot be had (a shallow clone, say).
 */
async function baselinePage(benchDir: string): Promise<string | undefined> {
  if (BASELINE === 'none') return undefined;
  try {
    await buildBenchPage(join(benchDir, 'baseline'), await baselineCrypto(BASELINE));
    return `${server.origin}/bench/baseline/bench.html`;
  } catch (error) {
    console.log(
      `baseline ${BASELINE} not built (${(error as Error).message.split('\n')[0]}): ratios against the issue's figures only`,
    );
    return undefined;
  }
}

/** The Turnkey timing to compare one of ours with: same operation ("key pair" serves both of ours). */
function turnkeyOf(ours: Timing, timings: Timing[]): Timing | undefined {
  if (ours.impl !== 'ours') return undefined;
  return timings.find((t) => t.impl === 'turnkey' && (t.op === ours.op || ours.op.startsWith(`${t.op} (`)));
}

/** A load test's figures; `serverUs`: CPU time of this process (relay and sandbox) per call, in µs. */
type LoadResult = { rps: number; p50: number; p99: number; serverUs: number };

/** A first-call figure: the median over fresh pages, cold and after the product's pre-warm. */
interface FirstCallTiming {
  op: FirstCallOp;
  impl: Timing['impl'];
  coldMs: number;
  prewarmedMs: number;
  /** How long the pre-warm itself took (ours, where there is one). */
  prewarmMs?: number;
}

/** A browser context whose bench pages are cross-origin isolated: performance.now() then ticks in 5 µs, not 100 µs. */
async function isolatedContext(browser: Browser): Promise<BrowserContext> {
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

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The inputs of the first calls, made here so that making them warms nothing in the page. */
function firstCallData(fixtures: Fixtures): FirstCallData {
  const enclave = makeEnclave();
  const apiKey = generateP256KeyPair();
  const secret = Buffer.from(fixtures.credentialBundle.recipientPrivateKeyHex, 'hex');
  const point = p256.getPublicKey(secret, false);
  return {
    payload: JSON.stringify({
      type: 'ACTIVITY_TYPE_STAMP_LOGIN',
      timestampMs: String(Date.now()),
      organizationId: 'bench',
      parameters: { publicKey: '02'.padEnd(66, 'a') },
    }),
    apiKey: { publicKey: apiKey.publicKey, privateKey: apiKey.privateKey },
    otp: {
      targetBundle: makeBundle(enclave, { targetPublic: randomKeyHex().uncompressed }),
      pinnedKey: enclave.publicKeyHex,
      tek: randomKeyHex().compressed,
    },
    credential: {
      ...fixtures.credentialBundle,
      recipientJwk: {
        kty: 'EC',
        crv: 'P-256',
        x: b64url(point.subarray(1, 33)),
        y: b64url(point.subarray(33)),
        d: b64url(secret),
      },
    },
  };
}

/** Turnkey / ours for one operation with a ratio goal: now, at the baseline, and as the issue gives it. */
interface RatioComparison {
  op: string;
  now: number;
  /** Undefined when no baseline page was built. */
  baseline?: number;
  /** The largest round-to-round spread of either ratio: the noise of the comparison. */
  spread: number;
  issue: number;
}

/** What the crypto part measured. */
interface CryptoTimings {
  warm: Timing[];
  first: FirstCallTiming[];
  ratios: RatioComparison[];
}

/** One page run of every warm operation at `url`. */
async function warmRun(page: Page, url: string, fixtures: Fixtures): Promise<Timing[]> {
  await page.goto(url);
  if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error(`${url} is not cross-origin isolated`);
  return (await page.evaluate(
    ([fx, runs]) => (window as unknown as { runBench(f: unknown, r: number): Promise<unknown> }).runBench(fx, runs),
    [fixtures, RUNS] as const,
  )) as Timing[];
}

/** Each figure's median over the runs (the first call: the first run's). */
function combined(runs: Timing[][]): Timing[] {
  return runs[0]!.map((timing) => {
    const same = runs.map((run) => run.find((t) => t.op === timing.op && t.impl === timing.impl)!);
    return {
      ...timing,
      medianMs: median(same.map((t) => t.medianMs)),
      p90Ms: median(same.map((t) => t.p90Ms)),
      runs: same.reduce((sum, t) => sum + t.runs, 0),
    };
  });
}

/** Turnkey / ours for `op` in one run. */
function ratioIn(run: Timing[], op: string): number {
  const ours = run.find((t) => t.impl === 'ours' && t.op === op);
  const theirs = ours && turnkeyOf(ours, run);
  return ours && theirs ? theirs.medianMs / ours.medianMs : NaN;
}

/**
 * The crypto figures: warm medians of every operation over CRYPTO_ROUNDS page
 * runs (alternating with the baseline's page when `baselineUrl` is given),
 * and the first stamp, seal and open each timed alone on FIRST_PAGES fresh
 * pages, cold and after the product's pre-warm.
 */
async function measureCrypto(browser: Browser, origin: string, baselineUrl?: string): Promise<CryptoTimings> {
  const fixtures = JSON.parse(await readFile('test/vectors/turnkey-fixtures.json', 'utf8')) as Fixtures;
  const context = await isolatedContext(browser);
  const page = await context.newPage();
  const nowRuns: Timing[][] = [];
  const baselineRuns: Timing[][] = [];
  for (let i = 0; i < CRYPTO_ROUNDS; i++) {
    nowRuns.push(await warmRun(page, `${origin}/bench/bench.html`, fixtures));
    if (baselineUrl) baselineRuns.push(await warmRun(page, baselineUrl, fixtures));
  }
  const warm = combined(nowRuns);
  const ratios = Object.entries(TURNKEY_RATIO_FLOOR).map(([op, issue]) => {
    const now = nowRuns.map((run) => ratioIn(run, op));
    const then = baselineRuns.map((run) => ratioIn(run, op));
    return {
      op,
      now: median(now),
      ...(then.length ? { baseline: median(then) } : {}),
      spread: Math.max(spreadOf(now), then.length ? spreadOf(then) : 0),
      issue,
    };
  });
  const data = firstCallData(fixtures);
  const first: FirstCallTiming[] = [];
  for (const op of FIRST_CALL_GOAL as FirstCallOp[]) {
    for (const impl of ['ours', 'turnkey'] as const) {
      const cold: number[] = [];
      const prewarmed: number[] = [];
      const prewarm: number[] = [];
      for (let i = 0; i < FIRST_PAGES; i++) {
        for (const warmFirst of [false, true]) {
          if (!warmFirst || impl === 'ours') {
            await page.goto(`${origin}/bench/bench.html`); // a fresh page: nothing compiled, nothing cached
            const result = (await page.evaluate(
              ([o, m, w, d]) =>
                (window as unknown as { firstCall(...a: unknown[]): Promise<unknown> }).firstCall(o, m, w, d),
              [op, impl, warmFirst, data] as const,
            )) as FirstCall;
            (warmFirst ? prewarmed : cold).push(result.ms);
            if (result.prewarmMs !== undefined) prewarm.push(result.prewarmMs);
          }
        }
      }
      // Without a pre-warm (the stamp) both runs of a page are cold ones: one figure from all of them.
      const pooled = prewarm.length ? undefined : median([...cold, ...prewarmed]);
      first.push({
        op,
        impl,
        coldMs: pooled ?? median(cold),
        prewarmedMs: pooled ?? median(prewarmed),
        ...(prewarm.length ? { prewarmMs: median(prewarm) } : {}),
      });
    }
  }
  await context.close();
  return { warm, first, ratios };
}

function reportCrypto({ warm, first, ratios }: CryptoTimings): void {
  console.log(
    `\ncrypto in Chromium, warm (medians of ${CRYPTO_ROUNDS} page runs of ${RUNS} calls in batches of 10 after a warm-up, cross-origin isolated page: 5 µs timer), ms`,
  );
  console.log('operation                          impl     median      p90   turnkey/ours (median)');
  for (const t of warm) {
    const other = turnkeyOf(t, warm);
    const ratio = other ? `${(other.medianMs / t.medianMs).toFixed(1)}x` : '';
    console.log(`${t.op.padEnd(34)} ${t.impl.padEnd(8)} ${fmt(t.medianMs)} ${fmt(t.p90Ms)}   ${ratio}`);
  }
  const baseline = ratios.some((r) => r.baseline !== undefined);
  console.log(
    baseline
      ? `\nwarm ratios, turnkey/ours: now and in the code issue 17 was filed on (${BASELINE}), both timed by this bench in` +
          `\nalternating page runs; the goal is "not worse than then". The issue's own figures are one run of the` +
          `\nbench of the time (100 µs timer, one page run) and are shown beside them.`
      : `\nwarm ratios, turnkey/ours, against the issue's figures (no baseline page: BENCH_BASELINE=${BASELINE}).`,
  );
  console.log(
    `operation                    now   ${baseline ? `at ${BASELINE.slice(0, 8)}`.padEnd(12) : ''}in the issue   goal (reported, not enforced)`,
  );
  for (const r of ratios) {
    const then = r.baseline ?? r.issue;
    const goal = verdict(r.now >= then, r.now >= then - r.spread);
    const thenColumn = r.baseline === undefined ? '' : `${r.baseline.toFixed(1)}x`.padStart(8).padEnd(12);
    console.log(
      `${r.op.padEnd(26)} ${`${r.now.toFixed(1)}x`.padStart(5)}   ${thenColumn}${`${r.issue.toFixed(1)}x`.padStart(8)}       not worse than ${then.toFixed(1)}x (spread ${r.spread.toFixed(1)}): ${goal}`,
    );
  }
  console.log(
    `\nfirst call on a fresh page (median of ${FIRST_PAGES} fresh pages, each call timed alone), ms.` +
      '\n  cold: nothing ran before it but making its inputs.' +
      '\n  after pre-warm: what a user meets. The client runs the pre-warm off the critical path (OTP: when the code' +
      '\n  form shows, while the user types; session bundle: once sign-in has started, while the request is out);' +
      '\n  here it is awaited before the timed call, which assumes the user (or the network) takes longer than it.' +
      '\n  The stamp has no pre-warm (its first call is the cold one).',
  );
  console.log(
    'operation                          impl         cold  after pre-warm  pre-warm took   goal (reported, not enforced)',
  );
  for (const f of first) {
    const goal =
      f.impl === 'ours'
        ? `first <= ${GOALS.firstCallMs} ms: ${f.prewarmedMs <= GOALS.firstCallMs ? 'met' : 'missed'}`
        : '';
    const prewarmed = f.prewarmMs === undefined ? '       -' : fmt(f.prewarmedMs);
    const took = f.prewarmMs === undefined ? '       -' : fmt(f.prewarmMs);
    console.log(`${f.op.padEnd(34)} ${f.impl.padEnd(8)} ${fmt(f.coldMs)}        ${prewarmed}       ${took}   ${goal}`);
  }
}

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
  serverUs: median(rounds.map((r) => r.serverUs)),
});
const spreadOf = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

/** `met`, `within noise` (missed by no more than the spread), or `MISSED`. */
function verdict(met: boolean, withinNoise: boolean): 'met' | 'within noise' | 'MISSED' {
  return met ? 'met' : withinNoise ? 'within noise' : 'MISSED';
}

/** The README's "Performance" tables and lines, from this run. */
function readmeSection({ warm, first, ratios }: CryptoTimings, load: LoadTiming, relay: RelayComparison): string {
  const { direct, relayed } = relay;
  const ms = (x: number | undefined) => (x === undefined ? '' : fmt(x).trim());
  const rows = warm
    .filter((t) => t.impl === 'ours')
    .map((t) => {
      const other = turnkeyOf(t, warm);
      const ratio = other ? `${(other.medianMs / t.medianMs).toFixed(1)}x` : '';
      return `| ${t.op} | ${ms(t.medianMs)} | ${ms(other?.medianMs)} | ${ratio} |`;
    });
  const firstRows = first
    .filter((f) => f.impl === 'ours')
    .map((f) => {
      const theirs = first.find((t) => t.impl === 'turnkey' && t.op === f.op);
      return `| ${f.op} | ${ms(f.coldMs)} | ${f.prewarmMs === undefined ? '-' : ms(f.prewarmedMs)} | ${ms(theirs?.coldMs)} |`;
    });
  const line = (r: LoadResult) => `${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms`;
  const steps = LOAD_STEPS.filter(([key]) => load.breakdown[key] !== undefined).map(
    ([key, label]) => `${label} ${ms(load.breakdown[key])}`,
  );
  return [
    '| crypto in Chromium, warm median, ms | ours | Turnkey | Turnkey / ours |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    '',
    ...(ratios.some((r) => r.baseline !== undefined)
      ? [
          `| warm ratio, Turnkey / ours | now | in the code issue 17 was filed on (${BASELINE}), same bench | in the issue (one run of the bench of the time) |`,
          '| --- | ---: | ---: | ---: |',
          ...ratios.map(
            (r) => `| ${r.op} | ${r.now.toFixed(1)}x | ${r.baseline!.toFixed(1)}x | ${r.issue.toFixed(1)}x |`,
          ),
          '',
        ]
      : []),
    '| first call on a fresh page, ms | ours cold | ours after pre-warm | Turnkey cold |',
    '| --- | ---: | ---: | ---: |',
    ...firstRows,
    '',
    `Script tag to an interactive \`<ew-wallet>\` (cold cache, sandbox on loopback): median ${ms(load.median)} ms`,
    `(ms after the script starts downloading: ${steps.join('; ')}).`,
    `A wallet call through the relay: ${line(relayed)}; straight to the sandbox: ${line(direct)}:`,
    `the relay keeps ${(relay.share * 100).toFixed(0)}% of the throughput and adds ${relay.addedP50.toFixed(2)} ms at the median`,
    `and ${(relayed.serverUs - direct.serverUs).toFixed(0)} µs of server CPU per call (the sandbox takes ${direct.serverUs.toFixed(0)} µs; in the direct rounds`,
    `the load generator, Node's \`fetch\`, is the busier process, so direct req/s is partly its limit)`,
    `(medians of ${ROUNDS} alternating rounds of ${SECONDS} s after a warm-up, 8 in flight from a second process;`,
    `relay and sandbox as built, in one Node process, before the browser starts; round-to-round spread ${(relay.spread.share * 100).toFixed(0)} points and ${relay.spread.addedP50.toFixed(2)} ms).`,
    '',
  ].join('\n');
}

/** Relay vs direct: a child process hammers one URL for SECONDS with 8 in flight; returns rps and percentiles. */
function loadTest(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<LoadResult> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(resolve('bench/load.mjs'), [url, JSON.stringify(headers), String(seconds)], { stdio: 'pipe' });
    // This process serves both the relay and the sandbox, and does nothing else meanwhile.
    const cpuBefore = process.cpuUsage();
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load test exit ${code}`));
      const cpu = process.cpuUsage(cpuBefore);
      const result = JSON.parse(out) as Omit<LoadResult, 'serverUs'> & { requests: number };
      resolvePromise({ ...result, serverUs: result.requests ? (cpu.user + cpu.system) / result.requests : NaN });
    });
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
    `  ${name.padEnd(24)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  server CPU ${r.serverUs.toFixed(0).padStart(3)} µs/call`;
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
  console.log(
    `  relay CPU per call:        ${(relay.relayed.serverUs - relay.direct.serverUs).toFixed(0)} µs (server CPU relayed - direct; reported, not a goal).` +
      `\n  The load generator (Node's fetch) is the busier process in the direct rounds, so direct req/s is partly its limit.`,
  );
  return share === 'MISSED' || added === 'MISSED';
}

/** The load figures: the time to interactive of each load, its median, and the median of each step. */
interface LoadTiming {
  samples: number[];
  median: number;
  /** In-page marks, ms after the script tag started downloading: the median of each over the loads. */
  breakdown: Record<string, number>;
}

/** The steps of the breakdown, in the order a load meets them. */
const LOAD_STEPS: [keyof LoadBreakdown, string][] = [
  ['scriptLoaded', 'script downloaded'],
  ['evaluated', 'bundle evaluated, elements defined'],
  ['walletRendered', '<ew-wallet> upgraded, first render'],
  ['idbList', 'IndexedDB asked whether the database exists (off the path: no session hinted)'],
  ['idbListed', 'IndexedDB answered'],
  ['idbOpen', 'IndexedDB open called (only with a session stored)'],
  ['idbOpened', 'IndexedDB opened'],
  ['firstCallStart', 'first wallet call sent'],
  ['firstCallEnd', 'first wallet call answered'],
  ['restored', 'session restore over (signed out)'],
  ['signInRendered', '<ew-sign-in> upgraded'],
  ['otpRendered', '<ew-otp-sign-in> upgraded'],
  ['interactiveInPage', 'sign-in button in the DOM, enabled, visible'],
  ['interactive', 'next frame: painted (the figure above)'],
  ['driver', 'seen by a Playwright waitFor (the measurement before: adds its polling and injected script)'],
];
type LoadBreakdown = {
  scriptLoaded: number;
  evaluated: number;
  walletRendered: number;
  idbList: number;
  idbListed: number;
  idbOpen: number;
  idbOpened: number;
  firstCallStart: number;
  firstCallEnd: number;
  restored: number;
  signInRendered: number;
  otpRendered: number;
  interactiveInPage: number;
  interactive: number;
  driver: number;
};

/**
 * Script tag to an interactive <ew-wallet>: a new browser context per load
 * (cold cache, no storage), the partner page of the page tests, the relay and
 * sandbox on loopback. The figure: from the start of the script's download to
 * the first frame after the "Email me a code" button is in the DOM, enabled
 * and visible, on the page's clock, taken by an in-page probe
 * (bench/load-probe.ts) that also times the steps on the way. The figure
 * before issue 17's part 2 was a Playwright waitFor for the button; it is
 * still printed, but it lags the page by its polling interval (20-100 ms
 * steps) and its injected script competes with the page while it loads.
 */
async function measureLoad(browser: Browser, origin: string, wallet: string): Promise<LoadTiming> {
  const query = new URLSearchParams({
    account: wallet,
    otpTarget: server.sandbox.enclaveKeys.otpTarget,
    exportKey: server.sandbox.enclaveKeys.export,
  });
  const samples: number[] = [];
  const steps: Partial<Record<keyof LoadBreakdown, number[]>> = {};
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext(); // cold cache every time
    // As source: tsx names inner functions with a `__name` helper the page does not have.
    await context.addInitScript({
      content: `var __name = (f) => f; (${installLoadProbe.toString()})(${JSON.stringify('Email me a code')});`,
    });
    const p = await context.newPage();
    await p.goto(`${origin}/plain.html?${query}`);
    // Resolves in the page when the frame after the button became usable starts; no polling from here.
    const painted = await p.evaluate(() => (window as unknown as { __painted: Promise<number> }).__painted);
    await p.getByRole('button', { name: 'Email me a code' }).waitFor();
    const seen = await p.evaluate(() => performance.now());
    const marks = await p.evaluate(() => (window as unknown as { __loadMarks(): LoadMarks }).__loadMarks());
    await context.close();
    const from = marks.scriptStart;
    const at = (t: number | undefined) => (t === undefined ? undefined : t - from);
    const first = marks.calls.sort((a, b) => a.start - b.start)[0];
    const one: Partial<LoadBreakdown> = {
      scriptLoaded: at(marks.scriptEnd),
      evaluated: at(marks.defined),
      walletRendered: at(marks.walletRendered),
      idbList: at(marks.idbList),
      idbListed: at(marks.idbListed),
      idbOpen: at(marks.idbOpen),
      idbOpened: at(marks.idbOpened),
      firstCallStart: at(first?.start),
      firstCallEnd: at(first?.end),
      restored: at(marks.restored),
      signInRendered: at(marks.signInRendered),
      otpRendered: at(marks.otpRendered),
      interactiveInPage: at(marks.interactive),
      interactive: painted - from,
      driver: seen - from,
    };
    samples.push(painted - from);
    for (const [key, value] of Object.entries(one) as [keyof LoadBreakdown, number | undefined][]) {
      if (value !== undefined) (steps[key] ??= []).push(value);
    }
  }
  const breakdown: Record<string, number> = {};
  for (const [key, values] of Object.entries(steps)) breakdown[key] = median(values);
  return { samples, median: median(samples), breakdown };
}

function reportLoad(load: LoadTiming): void {
  console.log(
    `\nscript tag to an interactive <ew-wallet> (cold cache, ${LOADS} loads): median ${fmt(load.median).trim()} ms (goal <= ${GOALS.interactiveMs} ms, reported, not enforced: ${load.median <= GOALS.interactiveMs ? 'met' : 'missed'})`,
  );
  console.log('  breakdown (median of each step over the loads, ms after the script tag started downloading):');
  for (const [key, label] of LOAD_STEPS) {
    const value = load.breakdown[key];
    console.log(
      `  ${value === undefined ? '       -' : fmt(value)}  ${label}${value === undefined ? ' (not in any load)' : ''}`,
    );
  }
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

// The relay and sandbox as built (dist/, made with the bundle the load part needs): what partners
// run, not the sources through tsx (whose per-closure helpers cost the relay a few percent).
// Paths in variables: the type check runs before the build, with no dist/ to resolve.
const built = (file: string): Promise<unknown> => import(pathToFileURL(resolve(file)).href);
const server = await startPageServer({
  relay: (await built('dist/relay/index.js')) as ServerModules['relay'],
  sandbox: (await built('dist/sandbox/index.js')) as ServerModules['sandbox'],
});
if (ONLY === 'relay') {
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
// A full run measures the relay first, before Chromium starts: a browser that ran (or is closing)
// and the page server's own heap after the loads left the Node process noisier for the two
// processes being compared (the share moved 64-76% after the browser part, 71-77% alone).
const basic = basicOf(server.sandbox.credentials);
const wallet = await benchWallet(server.sandbox.baseUrl, basic);
const relayPath = `/auth/credentials?accountId=${encodeURIComponent(wallet)}`;
const relayFirst =
  ONLY === undefined
    ? await compareRelay(`${server.sandbox.baseUrl}${relayPath}`, `${server.origin}/api${relayPath}`, basic)
    : undefined;
const browser = await launchChromium();
const benchDir = await buildBenchPage();
server.mount('/bench/', benchDir);
const baselineUrl = ONLY === 'load' ? undefined : await baselinePage(benchDir);
try {
  if (ONLY === 'crypto') {
    reportCrypto(await measureCrypto(browser, server.origin, baselineUrl));
  } else if (ONLY === 'load') {
    reportLoad(await measureLoad(browser, server.origin, wallet));
  } else {
    // 1. crypto
    const timings = await measureCrypto(browser, server.origin, baselineUrl);
    reportCrypto(timings);

    // 2. load to interactive
    const load = await measureLoad(browser, server.origin, wallet);
    reportLoad(load);

    // 3. relay overhead, measured before the browser started (above)
    const chromium = browser.version();
    const relay = relayFirst!;
    const missed = reportRelay(relay);

    await mkdir('bench-results', { recursive: true });
    await writeFile(
      'bench-results/bench.json',
      JSON.stringify(
        {
          date: new Date().toISOString(),
          chromium,
          runs: RUNS,
          crypto: timings.warm,
          firstCalls: timings.first,
          ratios: { baseline: BASELINE, rounds: CRYPTO_ROUNDS, byOperation: timings.ratios },
          loadToInteractiveMs: { median: load.median, samples: load.samples, breakdown: load.breakdown },
          relay: { seconds: SECONDS, goals: GOALS, ...relay },
        },
        null,
        2,
      ),
    );
    await writeFile('bench-results/bench.md', readmeSection(timings, load, relay));
    console.log('\nwritten: bench-results/bench.json, bench-results/bench.md (the README table)');
    if (missed) {
      console.log('\na relay ratio goal was missed by more than the noise measured: exit 1');
      process.exitCode = 1;
    }
  }
} finally {
  await browser.close();
  await server.close();
  await rm(benchDir, { recursive: true, force: true });
}
