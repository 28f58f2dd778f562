/**
 * The crypto benchmark: our core next to Turnkey's @turnkey/crypto and
 * @turnkey/api-key-stamper, warm medians in one cross-origin isolated page,
 * and the first stamp, seal and open each alone on fresh pages, cold and
 * after the pre-warm the client runs.
 */
import { readFile } from 'node:fs/promises';
import { generateP256KeyPair } from '@turnkey/crypto';
import type { Browser, Page } from 'playwright';
import { makeBundle, makeEnclave, p256, randomKeyHex } from '../test/helpers/enclave.js';
import { isolatedContext } from './crypto-pages.js';
import type { FirstCall, FirstCallData, FirstCallOp, Fixtures, Timing } from './page.js';
import { CRYPTO_ROUNDS, FIRST_CALL_GOAL, FIRST_PAGES, RUNS, TURNKEY_RATIO_FLOOR } from './settings.js';
import { median, spreadOf } from './stats.js';

/** A first-call figure: the median over fresh pages, cold and after the product's pre-warm. */
export interface FirstCallTiming {
  op: FirstCallOp;
  impl: Timing['impl'];
  coldMs: number;
  prewarmedMs: number;
  /** How long the pre-warm itself took (ours, where there is one). */
  prewarmMs?: number;
}

/** Turnkey / ours for one operation with a ratio goal: now, at the baseline, and as the issue gives it. */
export interface RatioComparison {
  op: string;
  now: number;
  /** Undefined when no baseline page was built. */
  baseline?: number;
  /** The largest round-to-round spread of either ratio: the noise of the comparison. */
  spread: number;
  issue: number;
}

/** What the crypto part measured. */
export interface CryptoTimings {
  warm: Timing[];
  first: FirstCallTiming[];
  ratios: RatioComparison[];
}

/** The Turnkey timing to compare one of ours with: same operation ("key pair" serves both of ours). */
export function turnkeyOf(ours: Timing, timings: Timing[]): Timing | undefined {
  if (ours.impl !== 'ours') return undefined;
  return timings.find((t) => t.impl === 'turnkey' && (t.op === ours.op || ours.op.startsWith(`${t.op} (`)));
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
 * Warm medians of every operation over CRYPTO_ROUNDS page runs, alternating
 * with the baseline's page when `baselineUrl` is given, and the ratios with
 * their goals.
 */
async function measureWarm(page: Page, origin: string, fixtures: Fixtures, baselineUrl?: string) {
  const nowRuns: Timing[][] = [];
  const baselineRuns: Timing[][] = [];
  for (let i = 0; i < CRYPTO_ROUNDS; i++) {
    nowRuns.push(await warmRun(page, `${origin}/bench/bench.html`, fixtures));
    if (baselineUrl) baselineRuns.push(await warmRun(page, baselineUrl, fixtures));
  }
  const ratios = Object.entries(TURNKEY_RATIO_FLOOR).map(([op, issue]): RatioComparison => {
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
  return { warm: combined(nowRuns), ratios };
}

/** One first call on a fresh page: nothing compiled, nothing cached. */
async function firstCallOnce(page: Page, url: string, args: [FirstCallOp, Timing['impl'], boolean, FirstCallData]) {
  await page.goto(url);
  return (await page.evaluate(
    ([o, m, w, d]) => (window as unknown as { firstCall(...a: unknown[]): Promise<unknown> }).firstCall(o, m, w, d),
    args,
  )) as FirstCall;
}

/** The first stamp, seal and open, each timed alone on FIRST_PAGES fresh pages, cold and after the pre-warm. */
async function measureFirstCalls(page: Page, origin: string, data: FirstCallData): Promise<FirstCallTiming[]> {
  const first: FirstCallTiming[] = [];
  for (const op of FIRST_CALL_GOAL as FirstCallOp[]) {
    for (const impl of ['ours', 'turnkey'] as const) {
      const cold: number[] = [];
      const prewarmed: number[] = [];
      const prewarm: number[] = [];
      for (let i = 0; i < FIRST_PAGES; i++) {
        for (const warmFirst of [false, true]) {
          if (!warmFirst || impl === 'ours') {
            const result = await firstCallOnce(page, `${origin}/bench/bench.html`, [op, impl, warmFirst, data]);
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
  return first;
}

/**
 * The crypto figures: warm medians of every operation over CRYPTO_ROUNDS page
 * runs (alternating with the baseline's page when `baselineUrl` is given),
 * and the first stamp, seal and open each timed alone on FIRST_PAGES fresh
 * pages, cold and after the product's pre-warm.
 */
export async function measureCrypto(browser: Browser, origin: string, baselineUrl?: string): Promise<CryptoTimings> {
  const fixtures = JSON.parse(await readFile('test/vectors/turnkey-fixtures.json', 'utf8')) as Fixtures;
  const context = await isolatedContext(browser);
  const page = await context.newPage();
  const { warm, ratios } = await measureWarm(page, origin, fixtures, baselineUrl);
  const first = await measureFirstCalls(page, origin, firstCallData(fixtures));
  await context.close();
  return { warm, first, ratios };
}
