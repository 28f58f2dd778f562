/** The engine page tests run in: `TEST_ENGINE` (chromium, the default, firefox or webkit). */
import { ENGINES, type Engine, type EngineName } from './driver.js';

export * from './driver.js';

export function testEngine(): EngineName {
  const name = (process.env['TEST_ENGINE'] ?? 'chromium') as EngineName;
  if (!ENGINES.includes(name)) throw new Error(`TEST_ENGINE=${name}: expected one of ${ENGINES.join(', ')}`);
  return name;
}

/**
 * `reducedMotion`: the browser's `prefers-reduced-motion: reduce`, where its automation can set
 * it at launch (Firefox; Chromium's is per page, WebKitGTK's follows the desktop's setting). The
 * gallery's checks measure colours at rest with it: headless Firefox can leave a transition
 * pending, its colour the old one, for as long as nothing repaints.
 */
export interface LaunchOptions {
  reducedMotion?: boolean;
}

export async function launchEngine(name: EngineName = testEngine(), options: LaunchOptions = {}): Promise<Engine> {
  if (name === 'firefox') return (await import('./firefox.js')).launchFirefox(options);
  if (name === 'webkit') return (await import('./webkit.js')).launchWebKit();
  return (await import('./chromium.js')).launchChromium();
}
