/** The request a fetch handler was given, as the relay reads it (`Inbound`). */
import type { Inbound } from './answer.js';
import { BODY_READ_FIRST, sayOnce, type SayOnce } from './setup-mistakes.js';
import { readCapped } from './bytes.js';
import { refuse, tooLarge } from './relay-error.js';

/** Where a request read outside a relay (a test's) tells of a setup mistake. */
const unrelayed = sayOnce();

/** The request as the relay reads it; `say` tells the server's console of a setup mistake. */
export function inboundOf(request: Request, say: SayOnce = unrelayed): Inbound {
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    request,
    async body(limit) {
      if (!request.body) return undefined;
      if (request.bodyUsed) {
        say(BODY_READ_FIRST.fetch);
        refuse(500, 'RELAY_MISCONFIGURED', BODY_READ_FIRST.fetch);
      }
      const bytes = await readCapped(request.body, limit);
      return bytes === 'too-large' ? tooLarge(limit) : bytes;
    },
  };
}
