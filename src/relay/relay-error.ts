/** Error answers of the relay, in the service's Part 7 shape so the widget reads one format. */
export function relayError(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ status, code, message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** Thrown anywhere in a request's handling to end it with `response`. */
export class Refusal extends Error {
  constructor(readonly response: Response) {
    super('refused');
  }
}

/** Throws a Refusal with a relay error answer. */
export function refuse(status: number, code: string, message: string, headers?: Record<string, string>): never {
  throw new Refusal(relayError(status, code, message, headers));
}
