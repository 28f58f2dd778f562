/** The request a fetch handler was given, as the relay reads it (`Inbound`). */
import type { Inbound } from './answer.js';
import { readCapped } from './bytes.js';
import { tooLarge } from './relay-error.js';

export function inboundOf(request: Request): Inbound {
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    request,
    async body(limit) {
      if (!request.body) return undefined;
      const bytes = await readCapped(request.body, limit);
      return bytes === 'too-large' ? tooLarge(limit) : bytes;
    },
  };
}
