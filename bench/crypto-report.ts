/** Prints the crypto benchmark's figures, each beside its goal (reported, never enforced). */
import { turnkeyOf, type CryptoTimings, type FirstCallTiming, type RatioComparison } from './crypto.js';
import type { Timing } from './page.js';
import { BASELINE, CRYPTO_ROUNDS, FIRST_PAGES, GOALS, RUNS } from './settings.js';
import { fmt, verdict } from './stats.js';

function printWarm(warm: Timing[]): void {
  console.log(
    `\ncrypto in Chromium, warm (medians of ${CRYPTO_ROUNDS} page runs of ${RUNS} calls in batches of 10 after a warm-up, cross-origin isolated page: 5 µs timer), ms`,
  );
  console.log('operation                          impl     median      p90   turnkey/ours (median)');
  for (const t of warm) {
    const other = turnkeyOf(t, warm);
    const ratio = other ? `${(other.medianMs / t.medianMs).toFixed(1)}x` : '';
    console.log(`${t.op.padEnd(34)} ${t.impl.padEnd(8)} ${fmt(t.medianMs)} ${fmt(t.p90Ms)}   ${ratio}`);
  }
}

function printRatios(ratios: RatioComparison[]): void {
  const baseline = ratios.some((r) => r.baseline !== undefined);
  console.log(
    baseline
      ? `\nwarm ratios, turnkey/ours: now and in the baseline code (${BASELINE}), both timed by this bench in` +
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
}

function printFirstCalls(first: FirstCallTiming[]): void {
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

export function reportCrypto({ warm, first, ratios }: CryptoTimings): void {
  printWarm(warm);
  printRatios(ratios);
  printFirstCalls(first);
}
