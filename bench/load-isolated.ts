/**
 * Isolated mode's load figure: from the host script starting to download to
 * the frame's wallet ready for a sign-in (`ew-ready`, re-dispatched on the host
 * page), frame page, bundle and frame.json included, on the host page's clock;
 * a new browser context per load (cold cache, no storage), the partner page and
 * frame of test/helpers/isolated-site.ts (built relay and sandbox) on loopback.
 * The goal is the recommended set-up's, a frame on a subdomain of the page's site
 * (same-site: the engine need not start a process for another site); a frame on
 * another site is measured beside it. Beside them, the host script's size
 * (min+gzip), which the host page loads instead of the bundle.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright';
import type { IsolatedModules } from '../test/helpers/isolated-site.js';
import { isolatedSite, SITE_HOSTS } from '../test/helpers/isolated-site.js';
import { GOALS, LOADS } from './settings.js';
import { fmt, median } from './stats.js';

export interface IsolatedLoad {
  /** The recommended set-up: the frame on a subdomain of the page's site. */
  samples: number[];
  median: number;
  /** Its steps: the median of each, ms after the host script started downloading (ISOLATED_STEPS). */
  breakdown: Record<string, number>;
  /** The frame on another site. */
  crossSite: { samples: number[]; median: number };
  /** The host script, min+gzip, in bytes. */
  hostScriptGzip: number;
}

const HOST_SCRIPT = 'dist/browser/embedded-wallet-host.js';

/** The steps of an isolated load, in the order it meets them, with what each is. */
export const ISOLATED_STEPS = [
  ['hostScript', 'host script downloaded'],
  ['frameNavigation', "frame's navigation started (the host script ran, its element made the iframe)"],
  ['frameResponse', "frame page's HTML received"],
  [
    'frameDocument',
    "frame's document started, asking for its scripts (once its own process is ready: Origin-Agent-Cluster)",
  ],
  ['frameScripts', "frame's two scripts received"],
  ['frameParsed', "frame's page parsed, its scripts run (DOMContentLoaded)"],
  ['ready', "the frame's wallet ready for sign-in, heard on the host page (the figure)"],
] as const;
type Step = (typeof ISOLATED_STEPS)[number][0];

export async function measureIsolatedLoad(browser: Browser, modules: IsolatedModules): Promise<IsolatedLoad> {
  const sameSite = await loads(browser, modules, SITE_HOSTS.sameSite);
  const crossSite = (await loads(browser, modules, SITE_HOSTS.crossSite)).map((load) => load.ready);
  const breakdown: Record<string, number> = {};
  for (const [step] of ISOLATED_STEPS) breakdown[step] = median(sameSite.map((load) => load[step]));
  return {
    samples: sameSite.map((load) => load.ready),
    median: breakdown['ready']!,
    breakdown,
    crossSite: { samples: crossSite, median: median(crossSite) },
    hostScriptGzip: gzipSync(readFileSync(HOST_SCRIPT), { level: 9 }).length,
  };
}

/** LOADS cold loads of the site on `hosts`: each step in ms from the host script's start (`ready`: `ew-ready`). */
async function loads(
  browser: Browser,
  modules: IsolatedModules,
  hosts: typeof SITE_HOSTS.sameSite,
): Promise<Record<Step, number>[]> {
  const site = await isolatedSite(modules, hosts);
  const samples: Record<Step, number>[] = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext(); // cold cache every time
      const page = await context.newPage();
      await page.goto(`${site.page}/`);
      await page.waitForFunction(() => (window as unknown as { __readyAt?: number }).__readyAt !== undefined);
      const host = await page.evaluate(() => {
        const script = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
          e.name.endsWith('/embedded-wallet-host.js'),
        );
        const ready = (window as unknown as { __readyAt: number }).__readyAt;
        return {
          timeOrigin: performance.timeOrigin,
          start: script?.startTime ?? 0,
          end: script?.responseEnd ?? 0,
          ready,
        };
      });
      // The frame's own clock, moved onto the host page's (each page's times count from its timeOrigin).
      const frame = await page.frames()[1]!.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((e) => /embedded-wallet-(frame|elements)\.js$/.test(e.name));
        return {
          timeOrigin: performance.timeOrigin,
          response: nav.responseEnd,
          // The parser asks for the scripts as soon as the document has started.
          document: Math.min(...scripts.map((e) => e.startTime)),
          scripts: Math.max(...scripts.map((e) => (e as PerformanceResourceTiming).responseEnd)),
          parsed: nav.domContentLoadedEventEnd,
        };
      });
      const onHost = (t: number) => frame.timeOrigin - host.timeOrigin + t - host.start;
      samples.push({
        hostScript: host.end - host.start,
        frameNavigation: onHost(0),
        frameResponse: onHost(frame.response),
        frameDocument: onHost(frame.document),
        frameScripts: onHost(frame.scripts),
        frameParsed: onHost(frame.parsed),
        ready: host.ready - host.start,
      });
      await context.close();
    }
  } finally {
    await site.close();
  }
  return samples;
}

export function reportIsolatedLoad(load: IsolatedLoad, inPageMedian: number | undefined): void {
  const beside = inPageMedian === undefined ? '' : `; in-page, above: ${fmt(inPageMedian).trim()} ms`;
  console.log(
    `\nisolated mode: host script tag to the frame's wallet ready for sign-in (cold cache, ${LOADS} loads, frame load included), frame on a subdomain of the page's site (recommended): median ${fmt(load.median).trim()} ms (goal <= ${GOALS.isolatedInteractiveMs} ms, reported, not enforced: ${load.median <= GOALS.isolatedInteractiveMs ? 'met' : 'missed'}${beside})`,
  );
  console.log('  breakdown (median of each step over the loads, ms after the host script started downloading):');
  for (const [step, label] of ISOLATED_STEPS) console.log(`  ${fmt(load.breakdown[step]!)}  ${label}`);
  console.log(`  frame on another site: median ${fmt(load.crossSite.median).trim()} ms`);
  console.log(`  host script: ${(load.hostScriptGzip / 1000).toFixed(1)} KB min+gzip (budget 6 KB, npm run size)`);
}
