/** Sizes the page's viewport (the `viewport` command in web-test-runner.config.js), checked in the page itself. */
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from './dom.js';

/**
 * Resizes the viewport to `width` × `height` CSS px. Resolves once the page
 * is that wide, or to the reason it cannot be (an automation without the
 * command, a window with a larger minimum: WebKitGTK's MiniBrowser is never
 * narrower than its toolbar).
 */
export async function setViewportSize(width: number, height = 900): Promise<string | undefined> {
  const answer = (await executeServerCommand('viewport', { width, height })) as { missing?: string };
  if (answer.missing) return answer.missing;
  const reached = () => document.documentElement.clientWidth === width;
  await waitFor(reached, `a viewport ${width} px wide`, 2_000).catch(() => undefined);
  return reached()
    ? undefined
    : `the viewport was asked to be ${width} px wide and is ${document.documentElement.clientWidth}`;
}
