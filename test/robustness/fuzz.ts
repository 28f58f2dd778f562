/**
 * Seeded fuzzing over raw sockets: mutations of a target's valid requests
 * (methods, targets, header names and values with control characters,
 * framing, bodies, truncations, random bytes). Every generated request carries
 * at least one mutation that makes it malformed for every target, so any 2xx
 * or 3xx answer is a finding; a few harmless mutations ride along to reach
 * different code paths. The same seed always generates the same requests.
 */
import type { Socket } from 'node:net';
import { exchange, write } from './raw-client.js';
import { describeBytes } from './matrix.js';

/** A valid request to mutate; `keep` is how much of the path must stay (the mount, e.g. `/api/`). */
export interface FuzzSeed {
  method: string;
  path: string;
  keep: number;
  headers: [string, string][];
  body?: string;
}

/** mulberry32: a tiny, well-mixed 32-bit PRNG, enough to replay a run from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Draft {
  method: string;
  target: string;
  version: string;
  headers: [string, string][];
  body: Buffer;
  /** Framing headers left as the mutation set them (else Content-Length is computed). */
  framed: boolean;
  /** Bytes to send instead of the serialized draft (random bytes, a truncation). */
  raw?: Buffer;
  /** The request is incomplete on purpose: the client half-closes after writing. */
  incomplete: boolean;
  /** Garbage written after the request. */
  trailer?: Buffer;
}

type Rand = () => number;
const int = (rand: Rand, n: number) => Math.floor(rand() * n);
const pick = <T>(rand: Rand, items: readonly T[]): T => items[int(rand, items.length)]!;
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const word = (rand: Rand, min: number, max: number) =>
  Array.from({ length: min + int(rand, max - min + 1) }, () => pick(rand, [...ALNUM])).join('');
const randomBytes = (rand: Rand, n: number) => Buffer.from(Array.from({ length: n }, () => int(rand, 256)));
/** Control characters the HTTP grammar forbids in a header (tab, CR and LF excluded). */
const CONTROLS = [...Array.from({ length: 32 }, (_, c) => c).filter((c) => c !== 9 && c !== 10 && c !== 13), 127];
/** Methods the parser knows that no target serves, and tokens it does not know. */
const ODD_METHODS = ['PUT', 'TRACE', 'PROPFIND', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'SEARCH', 'PURGE', 'REPORT', 'LINK'];
const BAD_METHODS = ['get', 'G T', 'GE\x00T', '', 'P\x7fST', 'FROB', 'POST\t', '\x16\x03\x01'];

function serialize(d: Draft): Buffer {
  if (d.raw) return d.raw;
  const headers = d.framed
    ? d.headers
    : [...d.headers.filter(([n]) => !/^(content-length|transfer-encoding)$/i.test(n))].concat(
        d.body.length || d.method === 'POST' || d.method === 'PATCH' ? [['content-length', String(d.body.length)]] : [],
      );
  const headText = `${d.method} ${d.target} ${d.version}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(headText, 'latin1'), d.body, d.trailer ?? Buffer.alloc(0)]);
}

/** Changes `d`; false when it does not apply to this seed (then another is drawn). */
type Mutation = (rand: Rand, d: Draft, seed: FuzzSeed) => boolean;

/** A body that is not a JSON object (only where the route reads one). */
const notJsonObject: Mutation = (rand, d, seed) => {
  if (seed.body === undefined) return false;
  const valid = seed.body;
  d.body = Buffer.from(
    pick(rand, [
      () => valid.slice(0, int(rand, valid.length)) || '{',
      () => `{${word(rand, 1, 40)}`,
      () => `\x00${randomBytes(rand, 1 + int(rand, 64)).toString('latin1')}`,
      () => '['.repeat(1 + int(rand, 30_000)),
      () => pick(rand, ['null', '1', '"x"', '[]', 'true', '[{}]']),
      // JSON forbids raw U+0000-U+001F in strings (DEL is allowed).
      () => `{"a":"${String.fromCharCode(int(rand, 32))}"}`,
    ])(),
    'latin1',
  );
  return true;
};

/** A path below the mount that no route serves. */
const unknownPath: Mutation = (rand, d, seed) => {
  const [path, query] = d.target.split(/\?(.*)/s) as [string, string | undefined];
  if (path.length < seed.keep) return false;
  d.target = `${path}/${word(rand, 8, 12)}${query === undefined ? '' : `?${query}`}`;
  return true;
};

/** Mutations that make the request malformed for every target (a 4xx/5xx or a close, never a 2xx). */
const BREAKING: Mutation[] = [
  // A method nothing serves, or one the parser refuses.
  (rand, d) => ((d.method = rand() < 0.5 ? pick(rand, ODD_METHODS) : pick(rand, BAD_METHODS)), true),
  // A control character in a header name or value.
  (rand, d) => {
    const c = String.fromCharCode(pick(rand, CONTROLS));
    const i = int(rand, d.headers.length + 1);
    const name = i < d.headers.length ? d.headers[i]![0] : `x-${word(rand, 1, 8)}`;
    const value = i < d.headers.length ? d.headers[i]![1] : word(rand, 0, 8);
    const insert = (s: string, at = int(rand, s.length + 1)) => `${s.slice(0, at)}${c}${s.slice(at)}`;
    const entry: [string, string] = rand() < 0.5 ? [insert(name), value] : [name, insert(value)];
    if (i < d.headers.length) d.headers[i] = entry;
    else d.headers.push(entry);
    return true;
  },
  // A broken request line: a space in the target, no version, an unknown version.
  (rand, d) => {
    const kind = int(rand, 4);
    if (kind === 0) d.target = `${d.target.slice(0, 1 + int(rand, d.target.length))} ${word(rand, 1, 6)}`;
    else if (kind === 1)
      d.version = pick(rand, ['HTTP/1.7', 'HTTP/9.9', 'http/1.1', 'HTTP/1.10', 'HTTP/', 'HTTPS/1.1']);
    else if (kind === 2) d.target = `${d.target}\x00${word(rand, 0, 4)}`;
    else d.target = `${d.target}${String.fromCharCode(pick(rand, CONTROLS))}`;
    return true;
  },
  // Framing the parser must refuse.
  (rand, d) => {
    const length = String(d.body.length);
    const framing: [string, string][] = pick(rand, [
      [
        ['content-length', length],
        ['transfer-encoding', 'chunked'],
      ],
      [
        ['content-length', length],
        ['content-length', `${d.body.length + 1}`],
      ],
      [['content-length', `-${length}`]],
      [['content-length', `+${length}`]],
      [['content-length', `${length}x`]],
      [['content-length', '99999999999999999999999']],
      [['transfer-encoding', 'chunked, gzip']],
    ] as [string, string][][]);
    d.headers = d.headers.filter(([n]) => !/^(content-length|transfer-encoding)$/i.test(n)).concat(framing);
    d.framed = true;
    return true;
  },
  // A chunked body with a chunk size that is not one.
  (rand, d) => {
    d.headers = d.headers.filter(([n]) => !/^(content-length|transfer-encoding)$/i.test(n));
    d.headers.push(['transfer-encoding', 'chunked']);
    d.framed = true;
    // Sizes the parser must refuse. (A size merely larger than the data is not one: a
    // handler that answers without reading the body, as GET handlers do, may rightly succeed.)
    const size = pick(rand, ['zz', 'ffffffffffffffffffff', '-1', ' ', '1x', '0x5', ';']);
    d.body = Buffer.concat([Buffer.from(`${size}\r\n`), d.body, Buffer.from('\r\n0\r\n\r\n')]);
    return true;
  },
  // Weighted up: these reach the handlers rather than stopping at the parser.
  notJsonObject,
  notJsonObject,
  notJsonObject,
  unknownPath,
  unknownPath,
  // The request cut short (any trailer dropped, so the cut is inside the request); the client then half-closes.
  (rand, d) => {
    d.trailer = undefined;
    const whole = serialize(d);
    d.raw = whole.subarray(0, int(rand, whole.length));
    d.incomplete = true;
    return true;
  },
  // Random bytes instead of a request.
  (rand, d) => {
    d.raw = randomBytes(rand, 1 + int(rand, 2_000));
    return true;
  },
  // A header section past every server's limit.
  (rand, d) => {
    if (rand() < 0.5) d.headers.push(['x-big', 'a'.repeat(70_000 + int(rand, 40_000))]);
    else for (let i = 0; i < 3_000; i++) d.headers.push([`x-${i}`, word(rand, 1, 4)]);
    return true;
  },
];

/** Mutations that change nothing a target must refuse; they only vary the path taken. */
const HARMLESS: ((rand: Rand, d: Draft) => void)[] = [
  (rand, d) => void d.headers.push([`x-${word(rand, 1, 12)}`, word(rand, 0, 30)]),
  (rand, d) =>
    // obs-text: bytes 0x80-0xff, which a header value may carry.
    void d.headers.push([
      'x-obs',
      Buffer.from(Array.from({ length: 8 }, () => 0x80 + int(rand, 128))).toString('latin1'),
    ]),
  (rand, d) => {
    const host = d.headers.findIndex(([n]) => n.toLowerCase() === 'host');
    if (host >= 0) d.headers[host] = ['Host', pick(rand, ['a b', '', 'a:99999', '[::1', 'a%zz', word(rand, 1, 20)])];
  },
  (rand, d) => {
    const victims = d.headers.filter(([n]) => !/^(content-length|transfer-encoding)$/i.test(n));
    if (victims.length) d.headers.splice(d.headers.indexOf(pick(rand, victims)), 1);
  },
  (rand, d) => {
    const i = int(rand, d.headers.length);
    if (d.headers[i])
      d.headers[i] = [rand() < 0.5 ? d.headers[i]![0].toUpperCase() : d.headers[i]![0], d.headers[i]![1]];
  },
  (rand, d) => void (d.target += `${d.target.includes('?') ? '&' : '?'}${word(rand, 1, 6)}=${word(rand, 0, 6)}`),
  (rand, d) => void (d.target += pick(rand, ['%zz', '%0A', '%00', '%', '%2F..%2F'])),
  (rand, d) => void d.headers.push(['expect', pick(rand, ['100-continue', 'teapot'])]),
  (rand, d) => void d.headers.push(['connection', pick(rand, ['close', 'keep-alive', 'upgrade'])]),
  (rand, d) => void d.headers.push(['content-type', pick(rand, ['text/plain', 'application/json', '\x7f', ''])]),
  (rand, d) => void (d.trailer = Buffer.concat([Buffer.from('\r\n'), randomBytes(rand, 1 + int(rand, 64))])),
];

export interface FuzzRequest {
  bytes: Buffer;
  incomplete: boolean;
}

/** The `index`-th request of a run: generated from its own sub-seed, so any one can be regenerated alone. */
export function fuzzRequest(seed: number, index: number, seeds: readonly FuzzSeed[]): FuzzRequest {
  const rand = prng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const base = pick(rand, seeds);
  const d: Draft = {
    method: base.method,
    target: base.path,
    version: 'HTTP/1.1',
    headers: base.headers.map(([n, v]) => [n, v]),
    body: Buffer.from(base.body ?? '', 'latin1'),
    framed: false,
    incomplete: false,
  };
  for (let i = int(rand, 3); i > 0; i--) pick(rand, HARMLESS)(rand, d);
  // At least one breaking mutation; those that do not apply to this seed are redrawn.
  while (!pick(rand, BREAKING)(rand, d, base));
  return { bytes: serialize(d), incomplete: d.incomplete };
}

export interface FuzzTally {
  requests: number;
  '4xx': number;
  /** How often each status came first, e.g. { 400: 3100, 404: 800 }. */
  byStatus: Record<number, number>;
  '5xx': number;
  /** No answer: the server closed the connection. */
  closed: number;
  /** No answer and no close even after the client half-closed. */
  hung: number;
  /** 1xx-only, 2xx or 3xx answers to garbage, with what was sent. */
  accepted: string[];
  /** What was in flight when the server process died, if it did. */
  died?: string[];
  hungExamples: string[];
  ms: number;
}

/**
 * Sends `count` generated requests over `concurrency` sockets at a time. A
 * complete request gets up to 1.5 s to be answered; after that, or at once for
 * an incomplete one, the client half-closes and the server has 1.5 s more to
 * answer or close. Stops early if `alive()` turns false.
 */
export async function runFuzz(options: {
  port: number;
  seed: number;
  count: number;
  seeds: readonly FuzzSeed[];
  alive: () => boolean;
  concurrency?: number;
}): Promise<FuzzTally> {
  const started = Date.now();
  const tally: FuzzTally = {
    requests: 0,
    '4xx': 0,
    byStatus: {},
    '5xx': 0,
    closed: 0,
    hung: 0,
    accepted: [],
    hungExamples: [],
    ms: 0,
  };
  const inFlight = new Map<number, Buffer>();
  let next = 0;
  const label = (index: number, bytes: Buffer) => `#${index} ${describeBytes(bytes)}`;
  const worker = async () => {
    while (next < options.count && !tally.died) {
      const index = next++;
      const request = fuzzRequest(options.seed, index, options.seeds);
      inFlight.set(index, request.bytes);
      const result = await exchange(
        options.port,
        async (socket: Socket) => {
          await write(socket, request.bytes);
          if (request.incomplete) socket.end();
          else setTimeout(() => socket.end(), 1_500).unref();
        },
        { waitMs: 3_000, settleMs: 0 },
      );
      inFlight.delete(index);
      if (!options.alive()) {
        tally.died ??= [label(index, request.bytes), ...[...inFlight].map(([i, bytes]) => label(i, bytes))];
        return;
      }
      tally.requests++;
      const status = result.statuses[0];
      if (status === undefined) {
        if (result.closed) tally.closed++;
        else {
          tally.hung++;
          if (tally.hungExamples.length < 5) tally.hungExamples.push(label(index, request.bytes));
        }
        continue;
      }
      tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
      if (status >= 500) tally['5xx']++;
      else if (status >= 400) tally['4xx']++;
      else tally.accepted.push(`${status} to ${label(index, request.bytes)}`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  tally.ms = Date.now() - started;
  return tally;
}
