/**
 * What a relay step refused with: the relay's steps end a request by throwing
 * a Refusal, and a test asserts on the answer it carries.
 */
import { Refusal } from '../../src/relay/relay-error.js';

export interface Refused {
  status: number;
  code: string;
  message: string;
  headers: Record<string, string>;
}

/** The refusal `run` ends with; fails the test when it returns or throws anything else. */
export async function refusalOf(run: () => unknown): Promise<Refused> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const { status, headers, body } = error.answer;
    const text = typeof body === 'string' ? body : new TextDecoder().decode(body ?? new Uint8Array());
    const { code, message } = JSON.parse(text) as { code: string; message: string };
    return { status, code, message, headers };
  }
  throw new Error('expected a refusal, but the step went on');
}
