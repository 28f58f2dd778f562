/**
 * Idempotency-Key on quote execution: repeating a key returns the first
 * response. Keys belong to the platform, not to a quote:
 * a key repeated on any execute call, even of another quote, gets the first
 * answer given for it, success or error (the service's documented rule, taken
 * as it stands; docs/sandbox.md, "Idempotency"). A repeat that arrives while the
 * first is still being answered waits for it rather than racing it.
 *
 * Not remembered: 401s and 404s. A call whose wallet signature is missing or
 * not valid, or that names no quote, was never processed; remembering it
 * would lock the key (the widget derives one key per quote) out of the
 * signed call that follows.
 */
import type { SandboxContext } from './context.js';
import { ApiError } from './http-error.js';
import type { ApiResponse } from './router.js';

/** Whether an answer is the outcome of processing the request (see above). */
const processed = (response: ApiResponse): boolean => response.status !== 401 && response.status !== 404;

/** Answers `run()` once per key: the first processed answer is replayed for every repeat of `key`. */
export async function once(
  ctx: SandboxContext,
  key: string | undefined,
  run: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  if (key === undefined) return run();
  const { idempotentAnswers: answers, idempotentInFlight: inFlight } = ctx.store;
  for (;;) {
    const first = answers.get(key);
    if (first) return first;
    const running = inFlight.get(key);
    if (!running) break;
    await running.catch(() => undefined);
  }
  const answer = (async () => {
    try {
      return await run();
    } catch (error) {
      // The router would turn the error into this answer; it is turned here so that it can be kept.
      if (!(error instanceof ApiError)) throw error;
      return { status: error.status, body: error.toBody(), headers: error.extra.headers ?? {} };
    }
  })();
  inFlight.set(key, answer);
  try {
    const response = await answer;
    if (processed(response)) answers.set(key, response);
    return response;
  } finally {
    inFlight.delete(key);
  }
}
