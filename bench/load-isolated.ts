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
  /** The frame on another site. */
  crossSite: { samples: number[]; median: number };
  /** The host script, min+gzip, in bytes. */
  hostScriptGzip: number;
}

const HOST_SCRIPT = 'dist/browser/embedded-wallet-host.js';

export async function measureIsolatedLoad(browser: Browser, modules: IsolatedModules): Promise<IsolatedLoad> {
  const sameSite = await loads(browser, modules, SITE_HOSTS.sameSite);
  const crossSite = await loads(browser, modules, SITE_HOSTS.crossSite);
  return {
    samples: sameSite,
    median: median(sameSite),
    crossSite: { samples: crossSite, median: median(crossSite) },
    hostScriptGzip: gzipSync(readFileSync(HOST_SCRIPT), { level: 9 }).length,
  };
}

/** LOADS cold loads of the site on `hosts`, each in ms from the host script's start to `ew-ready`. */
async function loads(browser: Browser, modules: IsolatedModules, hosts: typeof SITE_HOSTS.sameSite): Promise<number[]> {
  const site = await isolatedSite(modules, hosts);
  const samples: number[] = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext(); // cold cache every time
      const page = await context.newPage();
      await page.goto(`${site.page}/`);
      await page.waitForFunction(() => (window as unknown as { __readyAt?: number }).__readyAt !== undefined);
      samples.push(
        await page.evaluate(() => {
          const script = performance
            .getEntriesByType('resource')
            .find((e) => e.name.endsWith('/embedded-wallet-host.js'));
          return (window as unknown as { __readyAt: number }).__readyAt - (script?.startTime ?? 0);
        }),
      );
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
  console.log(`  frame on another site: median ${fmt(load.crossSite.median).trim()} ms`);
  console.log(`  host script: ${(load.hostScriptGzip / 1000).toFixed(1)} KB min+gzip (budget 6 KB, npm run size)`);
}
