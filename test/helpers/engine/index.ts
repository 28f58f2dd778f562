/** The engine page tests run in: `TEST_ENGINE` (chromium, the default, firefox or webkit). */
import { ENGINES, type Engine, type EngineName } from './driver.js';

export * from './driver.js';

export function testEngine(): EngineName {
  const name = (process.env['TEST_ENGINE'] ?? 'chromium') as EngineName;
  if (!ENGINES.includes(name)) throw new Error(`TEST_ENGINE=${name}: expected one of ${ENGINES.join(', ')}`);
  return name;
}

export async function launchEngine(name: EngineName = testEngine()): Promise<Engine> {
  if (name === 'firefox') return (await import('./firefox.js')).launchFirefox();
  if (name === 'webkit') return (await import('./webkit.js')).launchWebKit();
  return (await import('./chromium.js')).launchChromium();
}
