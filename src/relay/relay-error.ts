import type { Answer } from './answer.js';

/**
 * Error answers of the relay, in the service's own error shape
 * (`{status, code, message}`) so the widget reads one format.
 */
export function relayError(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify({ status, code, message }),
  };
}

/** Thrown anywhere in a request's handling to end it with `answer`. */
export class Refusal extends Error {
  constructor(readonly answer: Answer) {
    super('refused');
  }
}

/** Throws a Refusal with a relay error answer. */
export function refuse(status: number, code: string, message: string, headers?: Record<string, string>): never {
  throw new Refusal(relayError(status, code, message, headers));
}

/** Refuses a body past `limit` bytes (413). */
export const tooLarge = (limit: number): never =>
  refuse(413, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${limit} bytes`);
