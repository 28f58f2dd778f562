/**
 * A failure that is the site's setup, not the user's doing (no relay at
 * api-base, a relay set up wrongly, a missing attribute): the user sees a
 * plain message, the `ew-error` event carries the details, and the developer
 * gets one console line naming the fix, once per problem per page.
 */
import type { ErrorInfo } from './error-info.js';

const SETUP_CODES = /^(CONFIG_|RELAY_NOT_FOUND$|RELAY_MISCONFIGURED$|RELAY_UNREACHABLE$)/;
const said = new Set<string>();

/** Says a setup problem on the console (once); other errors are the page's to report. */
export function reportSetupProblem(info: ErrorInfo): void {
  if (!SETUP_CODES.test(info.code)) return;
  const line = `embedded-wallet-elements: ${info.code}: ${info.message}`;
  if (said.has(line)) return;
  said.add(line);
  console.error(line);
}
