/**
 * The relay-overhead benchmark: requests per second and p50/p99 of a wallet
 * call through the relay vs straight to the sandbox, from a second process
 * (bench/relay-load.mjs), in alternating rounds after a warm-up round.
 */
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { GOALS, ROUNDS, SECONDS } from './settings.js';
import { fmt, median, spreadOf, verdict } from './stats.js';

/** A load test's figures; `serverUs`: CPU time of this process (relay and sandbox) per call, in µs. */
export type LoadResult = { rps: number; p50: number; p99: number; serverUs: number };

/** The relay comparison over its rounds: each round's figures, their medians, and their spread (the noise). */
export interface RelayComparison {
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

/** Relay vs direct: a child process hammers one URL for SECONDS with 8 in flight; returns rps and percentiles. */
function loadTest(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<LoadResult> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(resolve('bench/relay-load.mjs'), [url, JSON.stringify(headers), String(seconds)], {
      stdio: 'pipe',
    });
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
export async function compareRelay(directUrl: string, relayUrl: string, basic: string): Promise<RelayComparison> {
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
export function reportRelay(relay: RelayComparison): boolean {
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
