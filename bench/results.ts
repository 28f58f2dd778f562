/**
 * A full run's results: bench-results/bench.json (every figure) and
 * bench-results/bench.md (the README's "Performance" tables and lines).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { turnkeyOf, type CryptoTimings } from './crypto.js';
import type { IsolatedLoad } from './load-isolated.js';
import { LOAD_STEPS, type LoadTiming } from './load-to-interactive.js';
import type { LoadResult, RelayComparison } from './relay.js';
import { BASELINE, CRYPTO_ROUNDS, GOALS, ROUNDS, RUNS, SECONDS } from './settings.js';
import { fmt } from './stats.js';

const ms = (x: number | undefined) => (x === undefined ? '' : fmt(x).trim());

/** The crypto tables: warm medians, warm ratios against the baseline (when built), first calls. */
function cryptoTables({ warm, first, ratios }: CryptoTimings): string[] {
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
  return [
    '| crypto in Chromium, warm median, ms | ours | Turnkey | Turnkey / ours |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    '',
    ...(ratios.some((r) => r.baseline !== undefined)
      ? [
          `| warm ratio, Turnkey / ours | now | in the baseline code (${BASELINE}), same bench | first recorded (one run of the bench of the time) |`,
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
  ];
}

/** The README's "Performance" tables and lines, from this run. */
export function readmeSection(crypto: CryptoTimings, load: LoadTiming, relay: RelayComparison): string {
  const { direct, relayed } = relay;
  const line = (r: LoadResult) => `${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms`;
  const steps = LOAD_STEPS.filter(([key]) => load.breakdown[key] !== undefined).map(
    ([key, label]) => `${label} ${ms(load.breakdown[key])}`,
  );
  return [
    ...cryptoTables(crypto),
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

/** Writes bench.json and bench.md under bench-results/, and says so. */
export async function writeResults(
  chromium: string,
  crypto: CryptoTimings,
  load: LoadTiming,
  relay: RelayComparison,
  isolated: IsolatedLoad,
): Promise<void> {
  await mkdir('bench-results', { recursive: true });
  await writeFile(
    'bench-results/bench.json',
    JSON.stringify(
      {
        date: new Date().toISOString(),
        chromium,
        runs: RUNS,
        crypto: crypto.warm,
        firstCalls: crypto.first,
        ratios: { baseline: BASELINE, rounds: CRYPTO_ROUNDS, byOperation: crypto.ratios },
        loadToInteractiveMs: { median: load.median, samples: load.samples, breakdown: load.breakdown },
        isolatedLoadToReadyMs: { median: isolated.median, samples: isolated.samples, breakdown: isolated.breakdown },
        isolatedCrossSiteLoadToReadyMs: isolated.crossSite,
        hostScriptGzipBytes: isolated.hostScriptGzip,
        relay: { seconds: SECONDS, goals: GOALS, ...relay },
      },
      null,
      2,
    ),
  );
  await writeFile('bench-results/bench.md', readmeSection(crypto, load, relay));
  console.log('\nwritten: bench-results/bench.json, bench-results/bench.md (the README table)');
}
