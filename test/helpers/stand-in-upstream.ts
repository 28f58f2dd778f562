/**
 * The relay's own upstream (createUpstream over fetchTransport) in front of a
 * stand-in service: `answer` gives the JSON body and status for each call,
 * and every call is recorded as the service saw it.
 */
import { fetchTransport } from '../../src/relay/transport.js';
import { createUpstream } from '../../src/relay/upstream.js';

export const SERVICE = 'http://service';

export interface Call {
  method: string;
  /** Path and query, below the service URL. */
  path: string;
  headers: Headers;
  body: string | undefined;
}

export function standInUpstream(answer: (call: Call) => { status?: number; json: unknown }) {
  const calls: Call[] = [];
  const upstream = createUpstream({
    authorization: 'Basic dTpw',
    timeoutMs: 5_000,
    maxResponseBytes: 1024 * 1024,
    transport: fetchTransport(SERVICE, async (input, init) => {
      const call: Call = {
        method: init?.method ?? 'GET',
        path: String(input).slice(SERVICE.length),
        headers: new Headers(init?.headers),
        body: init?.body === undefined || init.body === null ? undefined : String(init.body),
      };
      calls.push(call);
      const { status = 200, json } = answer(call);
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    }),
  });
  return { upstream, calls };
}
