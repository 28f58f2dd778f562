/** The request a fetch handler was given, as the relay reads it (`Inbound`). */
import type { Inbound } from './answer.js';
import { BODY_READ_FIRST, sayOnce } from './setup-mistakes.js';
import { readCapped } from './bytes.js';
import { refuse, tooLarge } from './relay-error.js';

export function inboundOf(request: Request): Inbound {
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    request,
    async body(limit) {
      if (!request.body) return undefined;
      if (request.bodyUsed) {
        sayOnce(BODY_READ_FIRST.fetch);
        refuse(500, 'RELAY_MISCONFIGURED', BODY_READ_FIRST.fetch);
      }
      const bytes = await readCapped(request.body, limit);
      return bytes === 'too-large' ? tooLarge(limit) : bytes;
    },
  };
}
