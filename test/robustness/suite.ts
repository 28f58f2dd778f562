/**
 * The robustness suite run against one target (relay and sandbox): the
 * raw-socket matrix, malformed JSON to every route, slow drips, then a seeded
 * fuzz run. After every case the server process must still be running and
 * complete a real email OTP sign-in. A case that kills the process fails with
 * the bytes it sent and the process's last output; the next case starts a
 * fresh process, so one crash does not hide the rest.
 *
 * Environment: ROBUSTNESS_SEED (fuzz seed, decimal or 0x-hex; random when
 * unset, printed either way), ROBUSTNESS_FUZZ_COUNT (default 5000).
 */
import { randomInt } from 'node:crypto';
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { runFuzz } from './fuzz.js';
import { BAD_JSON_BODIES, MATRIX, sendJson, slowBody, slowHeaders, verdict, type Probe } from './matrix.js';
import { send, sleep } from './raw-client.js';
import type { Target } from './targets.js';

/**
 * How long a dripping client may hold a connection: seconds, not Node's
 * default five minutes (the relay allows a body 10 s, the sandbox a request 20 s).
 */
const DRIP_BOUND_MS = 30_000;
const FUZZ_COUNT = Number(process.env['ROBUSTNESS_FUZZ_COUNT'] ?? 5_000);
const SEED = process.env['ROBUSTNESS_SEED'] ? Number(process.env['ROBUSTNESS_SEED']) >>> 0 : randomInt(2 ** 32);

export interface SuiteOptions {
  /** The project configures this server's own timeouts (the relay's node:http server is the partner's). */
  headerTimeout: boolean;
  /** It answers loopback names only (the demo: its relay lets anyone act on every sandbox wallet). */
  loopbackOnly?: boolean;
}

export function robustnessSuite(label: string, start: () => Promise<Target>, options: SuiteOptions): void {
  describe(`${label}: malformed requests never take it down`, () => {
    let target: Target;
    /** The drips run alongside the matrix; judged near the end, on the process they started on. */
    let drips: Promise<{ on: Target; probes: Probe[] }>;

    before(
      async () => {
        target = await start();
        const on = target;
        drips = Promise.all([
          slowBody(on, DRIP_BOUND_MS),
          ...(options.headerTimeout ? [slowHeaders(on, DRIP_BOUND_MS)] : []),
        ]).then((probes) => ({ on, probes }));
      },
      { timeout: 120_000 },
    );
    after(async () => {
      await target?.stop();
    });

    /** The target, restarted if an earlier case killed it (that case has failed already). */
    async function running(): Promise<Target> {
      if (!target.alive()) target = await start();
      return target;
    }

    /** Fails unless the process lives and still signs a user in. */
    async function survives(t: Target, what: string): Promise<void> {
      // A crash from a request broken off mid-way surfaces a moment later.
      await sleep(100);
      assert.ok(t.alive(), `the ${label} process died after ${what}\n${t.describe()}`);
      try {
        await t.signIn();
      } catch (error) {
        assert.fail(`no sign-in through ${label} after ${what}: ${String(error)}\n${t.describe()}`);
      }
      assert.ok(t.alive(), `the ${label} process died after ${what}\n${t.describe()}`);
    }

    it('completes a real sign-in before the attack', { timeout: 30_000 }, async () => {
      await survives(await running(), 'nothing yet');
    });

    for (const c of MATRIX) {
      it(c.name, { timeout: 60_000 }, async () => {
        const t = await running();
        const probes = await c.run(t);
        await survives(t, probes.map((p) => p.sent).join(' and '));
        const problems = probes.map((p) => verdict(p, c.expect, c)).filter((p) => p !== undefined);
        assert.deepEqual(problems, []);
      });
    }

    if (options.loopbackOnly) {
      it('refuses a well-formed Host that is not a loopback name (a DNS-rebinding page)', async () => {
        const t = await running();
        for (const path of [t.validGet, ...t.otherGets]) {
          const answer = await send(
            t.port,
            `GET ${path} HTTP/1.1\r\nHost: attacker.example:${t.port}\r\n${t.auth.map((l) => `${l}\r\n`).join('')}\r\n`,
          );
          assert.deepEqual(answer.statuses, [400], path);
        }
        await survives(t, 'foreign Host names');
      });
    }

    it(
      'answers 4xx to invalid, 20,000-deep and null-byte JSON on every route that takes a body',
      { timeout: 60_000 },
      async () => {
        const t = await running();
        const problems: string[] = [];
        for (const route of t.jsonRoutes) {
          for (const { label: kind, body } of BAD_JSON_BODIES) {
            const probe = await sendJson(t, route, body);
            const problem = verdict(probe, 'client-error');
            if (problem) problems.push(`${route.method} ${route.path} with ${kind}: ${problem}`);
            assert.ok(t.alive(), `the ${label} process died after ${probe.sent}\n${t.describe()}`);
          }
        }
        await survives(t, 'the malformed JSON bodies');
        assert.deepEqual(problems, []);
      },
    );

    it(
      `cuts off a client that drips its body${options.headerTimeout ? ' or headers' : ''} within ${DRIP_BOUND_MS / 1000} s`,
      { timeout: 60_000 },
      async () => {
        const { on, probes } = await drips;
        assert.equal(on, target, `the ${label} process was restarted during the drip; see the failure that killed it`);
        await survives(on, 'the slow drips');
        console.log(
          `drip ${label}: ${probes.map((p) => `${p.exchange.statuses[0] ?? 'closed'} after ${(p.exchange.elapsedMs / 1000).toFixed(1)} s`).join(', ')}`,
        );
        const problems = probes.map((probe) => {
          const { statuses, closed, elapsedMs } = probe.exchange;
          if (!statuses.length && !closed) return `still connected after ${elapsedMs} ms: ${probe.sent}`;
          if (statuses.some((s) => s < 400)) return `answered ${statuses.join(', ')} to ${probe.sent}`;
          return undefined;
        });
        assert.deepEqual(
          problems.filter((p) => p !== undefined),
          [],
        );
      },
    );

    it(
      `fuzz: ${FUZZ_COUNT} seeded malformed requests get a 4xx/5xx or a closed socket`,
      { timeout: 180_000 },
      async () => {
        const t = await running();
        const tally = await runFuzz({
          port: t.port,
          seed: SEED,
          count: FUZZ_COUNT,
          seeds: t.fuzzSeeds,
          alive: () => t.alive(),
        });
        const seed = `0x${SEED.toString(16).padStart(8, '0')}`;
        console.log(
          `fuzz ${label}: ${tally.requests} requests, seed ${seed}, 4xx: ${tally['4xx']}, 5xx: ${tally['5xx']}, ` +
            `closed: ${tally.closed}, hung: ${tally.hung}, accepted: ${tally.accepted.length}, ${(tally.ms / 1000).toFixed(1)} s` +
            ` (by status: ${JSON.stringify(tally.byStatus)})` +
            ` (replay: ROBUSTNESS_SEED=${seed})`,
        );
        assert.equal(
          tally.died,
          undefined,
          `the ${label} process died (seed ${seed}) with in flight:\n${tally.died?.join('\n')}\n${t.describe()}`,
        );
        assert.deepEqual(tally.accepted.slice(0, 10), [], `garbage accepted (seed ${seed})`);
        assert.deepEqual(tally.hungExamples, [], `held open after the client's half-close (seed ${seed})`);
        assert.equal(tally.requests, FUZZ_COUNT);
        await survives(t, `the fuzz run (seed ${seed})`);
      },
    );

    it('still completes a real sign-in after all of it', { timeout: 30_000 }, async () => {
      await survives(await running(), 'the whole matrix and the fuzz run');
    });
  });
}
