/** Emulates `prefers-color-scheme` where the engine's automation can, or says why not (tests skip on it). */
import { executeServerCommand } from '@web/test-runner-commands';
import type { Need } from '#test-harness';

export async function emulateColorScheme(scheme: 'light' | 'dark'): Promise<Need> {
  const applies = () => matchMedia(`(prefers-color-scheme: ${scheme})`).matches;
  if (applies()) return {}; // the engine's own scheme already (light, headless)
  const answer = (await executeServerCommand('color-scheme', { scheme })) as Need;
  if (answer.missing) return answer;
  // The emulation must show in the page itself, or it is not there.
  return applies() ? {} : { missing: `prefers-color-scheme: ${scheme} was asked for but does not match in the page` };
}
