/**
 * The last step: the checked request sent on to the service, with only the
 * wallet's own headers, and the service's answer as the browser gets it.
 */
import type { Answer, Inbound } from './answer.js';
import type { Deadline } from './transport.js';
import { toBrowser, type Upstream } from './upstream.js';

/** Request headers passed upstream; everything else (cookies, Authorization, ...) stays behind. */
const FORWARDED_REQUEST_HEADERS = ['service-wallet-signature', 'request-id', 'idempotency-key'];

/** What is sent: the path below the mount point, the checked query, the body text as re-serialised. */
export interface Outbound {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string | undefined;
}

export async function forward(
  upstream: Upstream,
  deadline: Deadline,
  request: Inbound,
  { method, path, query, body }: Outbound,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.header(name);
    if (value !== null) headers[name] = value;
  }
  const search = query.size ? `?${query}` : '';
  const answer = await upstream.call(deadline, method, `${path}${search}`, {
    ...(body !== undefined ? { body } : {}),
    headers,
  });
  return toBrowser(answer);
}
