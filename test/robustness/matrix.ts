/**
 * The raw-socket matrix: requests no HTTP client
 * would send, each with the answer a robust server may give. Every case names
 * the bytes it sent, so a failure (or a crash) can be replayed by hand.
 */
import type { Socket } from 'node:net';
import { exchange, sleep, write, type Exchange, type ExchangeOptions } from './raw-client.js';
import type { Route, Target } from './targets.js';

/** One request of a case and what came back. */
export interface Probe {
  /** The bytes sent (long runs shortened), JSON-escaped for the report. */
  sent: string;
  exchange: Exchange;
}

/**
 * What a case accepts besides staying alive:
 * - `refused`: every final answer (after `skip` legitimate ones) is 4xx/5xx, or
 *   there is none and the server closed the connection (or, with `mayWait`,
 *   is still waiting for bytes the client never sent);
 * - `client-error`: a 4xx answer (bad input is the client's fault, never a 500);
 * - `alive`: nothing can be observed (the client vanished); only the process counts.
 */
export type Expectation = 'refused' | 'client-error' | 'alive';

export interface MatrixCase {
  name: string;
  expect: Expectation;
  /** Leading answers to legitimate requests, before the garbage (pipelining). */
  skip?: number;
  /** The server may still be waiting for the body when the client gives up. */
  mayWait?: boolean;
  run(target: Target): Promise<Probe[]>;
}

/** Shortens long runs of one character so a report stays readable. */
export function describeBytes(data: string | Buffer): string {
  const text = typeof data === 'string' ? data : data.toString('latin1');
  return JSON.stringify(text.replace(/(.)\1{40,}/gs, (run, c: string) => `${c.repeat(8)}…×${run.length}…`));
}

/** Sends `data` and waits for the answer. */
async function probe(target: Target, data: string | Buffer, options?: ExchangeOptions): Promise<Probe> {
  return { sent: describeBytes(data), exchange: await exchange(target.port, (s) => void s.write(data), options) };
}

/** Runs `drive`, describing what it wrote by `sent`. */
async function drive(
  target: Target,
  sent: string,
  steps: (socket: Socket) => Promise<void>,
  options?: ExchangeOptions,
): Promise<Probe> {
  return { sent, exchange: await exchange(target.port, steps, options) };
}

const host = (t: Target) => `127.0.0.1:${t.port}`;

/** A request head with the target's auth headers; `hostLine` replaces the Host line (null: none). */
function head(
  t: Target,
  method: string,
  path: string,
  extra: string[] = [],
  hostLine: string | null = `Host: ${host(t)}`,
): string {
  const lines = [`${method} ${path} HTTP/1.1`, ...(hostLine === null ? [] : [hostLine]), ...t.auth, ...extra];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The head of a JSON request to `route`, with its declared body length. */
const jsonHead = (t: Target, route: Route, framing: string) =>
  head(t, route.method, route.path, ['content-type: application/json', framing]);

const firstJsonRoute = (t: Target) => t.jsonRoutes[0]!;

const hostCase = (label: string, hostLine: string | null): MatrixCase => ({
  name: `a malformed Host header (${label}) is refused`,
  expect: 'refused',
  run: async (t) => {
    const probes: Probe[] = [];
    for (const path of [t.validGet, ...t.otherGets]) probes.push(await probe(t, head(t, 'GET', path, [], hostLine)));
    return probes;
  },
});

/** A body that never ends: `declared` bytes promised, `sent` bytes written, then the client goes. */
const vanishing = (label: string, reset: boolean): MatrixCase => ({
  name: `a client that ${label} mid-body does not take the server down`,
  expect: 'alive',
  run: async (t) => {
    const data = `${jsonHead(t, firstJsonRoute(t), 'content-length: 100')}{"accountId":`;
    return [
      await drive(t, describeBytes(data) + (reset ? ' then RST' : ' then FIN'), async (socket) => {
        await write(socket, data);
        await sleep(50);
        if (reset) socket.resetAndDestroy();
        else socket.destroy();
      }),
    ];
  },
});

/** A chunked body to the first JSON route: `chunks` as written on the wire. */
const chunkedCase = (name: string, chunks: string, then: 'wait' | 'half-close' | 'vanish'): MatrixCase => ({
  name,
  expect: then === 'vanish' ? 'alive' : 'refused',
  run: async (t) => {
    const data = jsonHead(t, firstJsonRoute(t), 'transfer-encoding: chunked') + chunks;
    return [
      await drive(t, `${describeBytes(data)} then ${then}`, async (socket) => {
        await write(socket, data);
        if (then === 'half-close') socket.end();
        if (then === 'vanish') {
          await sleep(50);
          socket.destroy();
        }
      }),
    ];
  },
});

const framingCase = (name: string, framing: string[], body: string): MatrixCase => ({
  name,
  expect: 'refused',
  run: async (t) => [await probe(t, head(t, firstJsonRoute(t).method, firstJsonRoute(t).path, framing) + body)],
});

/** Everything a server must survive, in the order the issue lists them. */
export const MATRIX: MatrixCase[] = [
  hostCase('a b', 'Host: a b'),
  hostCase('empty', 'Host: '),
  hostCase('a:99999', 'Host: a:99999'),
  hostCase('[::1', 'Host: [::1'),
  hostCase('a%zz', 'Host: a%zz'),
  hostCase('missing', null),
  {
    name: 'an absolute-URI request line with a bad host is refused',
    expect: 'refused',
    run: async (t) => [
      await probe(t, head(t, 'GET', `http://a b${t.api}/auth/sessions`)),
      await probe(t, head(t, 'GET', `http://a:99999${t.validGet}`)),
      await probe(t, head(t, 'GET', `http://[::1${t.validGet}`)),
      ...(await Promise.all(t.otherGets.map((path) => probe(t, head(t, 'GET', `http://a b${path}`))))),
    ],
  },
  vanishing('closes (FIN)', false),
  vanishing('resets (RST)', true),
  chunkedCase('a chunked body cut off mid-chunk by a vanishing client', '10\r\n{"accountId":', 'vanish'),
  chunkedCase('a truncated chunked body then a half-close is refused', '10\r\n{"accountId":', 'half-close'),
  chunkedCase('a chunked body without its last chunk then a half-close is refused', '2\r\n{}\r\n', 'half-close'),
  chunkedCase('an invalid chunk size is refused', 'zz\r\n{}\r\n0\r\n\r\n', 'wait'),
  chunkedCase('an overflowing chunk size is refused', 'ffffffffffffffffffff\r\n{}\r\n0\r\n\r\n', 'wait'),
  chunkedCase('a chunk longer than its size is refused', '2\r\n{"a":1}\r\n0\r\n\r\n', 'wait'),
  chunkedCase('a negative chunk size is refused', '-2\r\n{}\r\n0\r\n\r\n', 'wait'),
  framingCase(
    'Content-Length with Transfer-Encoding is refused',
    ['content-length: 2', 'transfer-encoding: chunked'],
    '{}',
  ),
  framingCase('two different Content-Lengths are refused', ['content-length: 2', 'content-length: 3'], '{} '),
  framingCase('a negative Content-Length is refused', ['content-length: -1'], '{}'),
  framingCase('an overflowing Content-Length is refused', ['content-length: 99999999999999999999999'], '{}'),
  {
    name: 'a huge declared Content-Length is answered or cut off promptly, not read',
    expect: 'refused',
    run: async (t) => {
      const data = `${jsonHead(t, firstJsonRoute(t), 'content-length: 1000000000')}{"accountId":"${'x'.repeat(1000)}`;
      return [await probe(t, data, { waitMs: 3_000 })];
    },
  },
  {
    name: 'a flood of 5,000 headers is refused',
    expect: 'refused',
    run: async (t) => {
      const flood = Array.from({ length: 5_000 }, (_, i) => `x-flood-${i}: ${i}`);
      return [await probe(t, head(t, 'GET', t.validGet, flood))];
    },
  },
  {
    name: 'a 100 KB header and a 100 KB request target are refused',
    expect: 'refused',
    run: async (t) => [
      await probe(t, head(t, 'GET', t.validGet, [`x-big: ${'a'.repeat(100_000)}`])),
      await probe(t, head(t, 'GET', `${t.api}/${'a'.repeat(100_000)}`)),
    ],
  },
  {
    name: 'garbage pipelined after a valid request is refused (the valid one may succeed)',
    expect: 'refused',
    skip: 1,
    run: async (t) => {
      const valid = head(t, 'GET', t.validGet);
      return [
        await probe(t, `${valid}\x00\x01\x02garbage\r\n\r\n`, { answers: Infinity, waitMs: 2_000 }),
        await probe(t, `${valid}GET ${t.validGet} HTTP/1.1\r\nHost: a b\r\n\r\n`, { answers: Infinity, waitMs: 2_000 }),
        await probe(t, `${valid}${jsonHead(t, firstJsonRoute(t), 'transfer-encoding: chunked')}zz\r\n`, {
          answers: Infinity,
          waitMs: 2_000,
        }),
      ];
    },
  },
  {
    name: 'TRACE and CONNECT are refused',
    expect: 'refused',
    run: async (t) => [
      await probe(t, head(t, 'TRACE', t.validGet)),
      await probe(t, head(t, 'TRACE', `${t.api}/auth/sessions`, ['max-forwards: 0'])),
      await probe(t, 'CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n'),
      await probe(t, head(t, 'CONNECT', host(t))),
    ],
  },
  {
    name: 'an Upgrade whose target is not a URL is refused (it crashed Vite under npm start)',
    expect: 'refused',
    run: async (t) => [
      await probe(
        t,
        head(t, 'GET', '*%zz', ['upgrade: websocket', 'connection: Upgrade', 'sec-websocket-protocol: vite-hmr']),
      ),
      await probe(t, head(t, 'GET', '*:99999', ['upgrade: websocket', 'connection: Upgrade'])),
    ],
  },
  {
    name: 'an Upgrade to something the server does not serve is refused, not held open',
    expect: 'refused',
    run: async (t) => {
      const websocket = ['sec-websocket-version: 13', 'sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ=='];
      return [
        await probe(
          t,
          head(t, 'GET', `${t.api}/quotes/%zz`, ['upgrade: websocket', 'connection: Upgrade', ...websocket]),
        ),
        await probe(
          t,
          head(t, 'GET', `${t.api}/quotes/%zz`, [
            'upgrade: h2c',
            'connection: Upgrade, HTTP2-Settings',
            'http2-settings: AAMAAABkAARAAAAAAAIAAAAA',
          ]),
        ),
      ];
    },
  },
  {
    name: 'Expect: 100-continue with a body never sent leaves the server waiting, not hurt',
    expect: 'refused',
    mayWait: true,
    run: async (t) => [
      await probe(t, jsonHead(t, firstJsonRoute(t), 'content-length: 20\r\nexpect: 100-continue'), { waitMs: 1_500 }),
    ],
  },
  {
    name: 'Expect: 100-continue followed by more body than declared is refused',
    expect: 'refused',
    run: async (t) => {
      const data = `${jsonHead(t, firstJsonRoute(t), 'content-length: 10\r\nexpect: 100-continue')}${'x'.repeat(200)}`;
      return [await probe(t, data, { answers: Infinity, waitMs: 2_000 })];
    },
  },
  {
    name: 'an Expect the server does not know is refused',
    expect: 'refused',
    run: async (t) => [await probe(t, jsonHead(t, firstJsonRoute(t), 'content-length: 2\r\nexpect: teapot') + '{}')],
  },
  {
    name: 'bad percent escapes in the path are refused',
    expect: 'refused',
    run: async (t) => {
      const probes: Probe[] = [];
      for (const escape of ['%zz', '%0A', '%00', '%', '%E0%A4%A', '%C0%AF'])
        probes.push(await probe(t, head(t, 'GET', `${t.api}/quotes/${escape}`)));
      return probes;
    },
  },
  {
    name: 'null bytes in the target, a header name or a header value are refused',
    expect: 'refused',
    run: async (t) => [
      await probe(t, head(t, 'GET', `${t.validGet}\x00`)),
      await probe(t, head(t, 'GET', t.validGet, ['x-a\x00b: c'])),
      await probe(t, head(t, 'GET', t.validGet, ['x-a: b\x00c'])),
    ],
  },
  {
    name: 'HTTP/0.9-style and other versionless or unknown-version lines are refused',
    expect: 'refused',
    run: async (t) => [
      await probe(t, `GET ${t.validGet}\r\n\r\n`),
      await probe(t, `GET ${t.validGet}\r\n${t.auth.join('\r\n')}\r\n\r\n`, { answers: Infinity, waitMs: 1_500 }),
      await probe(t, 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'),
      await probe(t, head(t, 'GET', t.validGet).replace('HTTP/1.1', 'HTTP/9.9')),
    ],
  },
];

/** Bodies no route may accept: each must be a 4xx, never a 2xx or a 500. */
export const BAD_JSON_BODIES: { label: string; body: string }[] = [
  { label: 'invalid JSON', body: '{"accountId": "a",' },
  { label: '20,000-deep array', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  { label: '20,000-deep object', body: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}` },
  { label: 'a raw null byte', body: '{"accountId":"\x00"}' },
];

/** Sends `body` as JSON to `route`, with the target's auth. */
export const sendJson = (t: Target, route: Route, body: string) =>
  probe(t, jsonHead(t, route, `content-length: ${Buffer.byteLength(body)}`) + body);

/** A request whose body arrives one byte every half second: the server must cut it off within `boundMs`. */
export function slowBody(t: Target, boundMs: number): Promise<Probe> {
  const data = jsonHead(t, firstJsonRoute(t), 'content-length: 2000');
  return drive(
    t,
    `${describeBytes(data)} then one body byte every 500 ms`,
    async (socket) => {
      await write(socket, data);
      while (!socket.destroyed) {
        await write(socket, ' ');
        await sleep(500);
      }
    },
    { waitMs: boundMs },
  );
}

/** A request whose head arrives one byte every half second: cut off within `boundMs`. */
export function slowHeaders(t: Target, boundMs: number): Promise<Probe> {
  const data = `GET ${t.validGet} HTTP/1.1\r\nHost: ${host(t)}\r\nx-slow: `;
  return drive(
    t,
    `${describeBytes(data)} then one header byte every 500 ms`,
    async (socket) => {
      await write(socket, data);
      while (!socket.destroyed) {
        await write(socket, 'a');
        await sleep(500);
      }
    },
    { waitMs: boundMs },
  );
}

/** Why `probe` breaks `expectation`, or undefined when it does not. */
export function verdict(
  probe: Probe,
  expectation: Expectation,
  options: { skip?: number; mayWait?: boolean } = {},
): string | undefined {
  const { statuses, closed, timedOut } = probe.exchange;
  const judged = statuses.slice(options.skip ?? 0);
  if (expectation === 'alive') return undefined;
  if (expectation === 'client-error') {
    if (!statuses.length) return `no answer (${closed ? 'closed' : 'timed out'}) to ${probe.sent}`;
    const wrong = statuses.filter((s) => s < 400 || s >= 500);
    return wrong.length ? `answered ${wrong.join(', ')} (expected 4xx) to ${probe.sent}` : undefined;
  }
  const accepted = judged.filter((s) => s < 400);
  if (accepted.length) return `answered ${accepted.join(', ')} to garbage: ${probe.sent}`;
  if (!statuses.length && timedOut && !closed && !options.mayWait)
    return `neither answered nor closed within ${probe.exchange.elapsedMs} ms: ${probe.sent}`;
  return undefined;
}
