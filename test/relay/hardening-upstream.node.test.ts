/**
 * The relay's pass-through against a service that misbehaves or answers out of
 * the protocol (docs/relay.md, "What it guarantees"): only bounded JSON goes
 * back, with typed 502/504s for everything else, one deadline per request,
 * exact framing on node:http, and no clock taken from a wild Date.
 */
import { expect } from 'chai';
import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createRelay, toNodeHandler, type RelayOptions } from '../../src/relay/index.js';
import { QUOTE, SESSION, WALLET } from './hardening-stack.js';

describe('relay pass-through against a misbehaving service', () => {
  let service: Server;
  let serviceUrl: string;
  let behaviour: (res: ServerResponse, path: string) => void = () => undefined;
  let sentBytes = 0;

  before(async () => {
    service = createServer((req, res) => behaviour(res, req.url ?? ''));
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/2025-10-13`;
  });
  after(() => {
    service.closeAllConnections();
    service.close();
  });

  const relay = (extra: Partial<RelayOptions> = {}) =>
    createRelay({
      serviceUrl,
      credentials: { username: 'u', password: 'p' },
      authorize: () => true,
      timeoutMs: 400,
      ...extra,
    });
  const get = async (path = `/auth/sessions?accountId=${WALLET}`, extra: Partial<RelayOptions> = {}) => {
    const answer = await relay(extra)(new Request(`http://relay${path}`, { headers: { 'ew-account-id': WALLET } }));
    const text = await answer.text();
    return { status: answer.status, headers: answer.headers, text, body: text ? JSON.parse(text) : undefined };
  };

  it('turns a body that is not JSON into 502 UPSTREAM_INVALID_RESPONSE', async () => {
    behaviour = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    const html = await get();
    expect([html.status, html.body.code]).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    expect(html.text).to.not.include('<script>');
    expect(html.headers.get('x-content-type-options')).to.equal('nosniff');
    behaviour = (res) => res.writeHead(200).end('{"data":[]}');
    expect((await get()).status).to.equal(502); // no content type at all
    behaviour = (res) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"data":[]}');
    expect((await get()).body).to.deep.equal({ data: [] });
    // A JSON type a browser would read as its last one is replaced by the relay's own.
    behaviour = (res) => res.writeHead(200, { 'content-type': 'application/json;x=y, text/html' }).end('{"data":[]}');
    expect((await get()).headers.get('content-type')).to.equal('application/json; charset=utf-8');
  });

  it('never buffers past the response cap: a 200 MiB answer is cut off and becomes 502', async () => {
    sentBytes = 0;
    behaviour = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (sentBytes < 200 * 1024 * 1024) {
          sentBytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => undefined);
      pump();
    };
    const rss = process.memoryUsage().rss;
    const answer = await get(undefined, { maxResponseBytes: 1024 * 1024 });
    expect([answer.status, answer.body.code]).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    const grown = (process.memoryUsage().rss - rss) / 1024 / 1024;
    console.log(
      `200 MiB upstream answer: service sent ${(sentBytes / 1024 / 1024).toFixed(1)} MiB before the relay cut it off; RSS +${grown.toFixed(1)} MiB`,
    );
    expect(sentBytes).to.be.below(64 * 1024 * 1024);
    const declared = (behaviour = (res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) }).end());
    void declared;
    expect((await get(undefined, { maxResponseBytes: 1024 * 1024 })).status).to.equal(502);
  });

  it('a slow body is 504, a reset body is 502, and a quote lookup with a slow body is 504 (not 404)', async () => {
    behaviour = (res) => res.writeHead(200, { 'content-type': 'application/json' }).write('{"data":'); // never ends
    const slow = await get();
    expect([slow.status, slow.body.code]).to.deep.equal([504, 'UPSTREAM_TIMEOUT']);
    behaviour = (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' }).write('{"data":');
      setTimeout(() => res.socket?.destroy(), 20);
    };
    const reset = await get();
    expect([reset.status, reset.body.code]).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    behaviour = (res) => res.writeHead(200, { 'content-type': 'application/json' }).write('{"source":');
    const quote = await get(`/quotes/${QUOTE}`);
    expect([quote.status, quote.body.code]).to.deep.equal([504, 'UPSTREAM_TIMEOUT']);
  });

  it('one deadline covers all the upstream calls of one request (ownership pages included)', async () => {
    behaviour = (res) =>
      setTimeout(
        () =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ data: [], hasMore: true, nextCursor: 'c' })),
        150,
      );
    const started = Date.now();
    const answer = await relay({ timeoutMs: 400 })(
      new Request(`http://relay/auth/sessions/${SESSION}/refresh`, {
        method: 'POST',
        headers: { 'ew-account-id': WALLET, 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect([answer.status, ((await answer.json()) as { code: string }).code]).to.deep.equal([504, 'UPSTREAM_TIMEOUT']);
    expect(Date.now() - started).to.be.below(700);
  });

  it('with publicOrigin set, same-origin means exactly that origin, scheme included', async () => {
    behaviour = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
    const strict = relay({ publicOrigin: 'https://app.example.com' });
    const revoke = (origin: string) =>
      strict(
        new Request(`http://internal:3000/auth/sessions/${SESSION}`, {
          method: 'DELETE',
          headers: { 'ew-account-id': WALLET, origin },
        }),
      );
    expect((await revoke('http://app.example.com')).status).to.equal(403);
    expect((await revoke('https://evil.example')).status).to.equal(403);
    expect((await revoke('https://app.example.com')).status).to.equal(404); // past the origin rule, to the lookup
  });

  it('on node:http, answers with the exact Content-Length of the body (no chunked framing), none without a body', async () => {
    const server = createServer(toNodeHandler(relay()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const fetchRaw = (method = 'GET') =>
      new Promise<{ status: number; headers: Record<string, unknown>; bytes: number }>((resolve, reject) => {
        const request = httpRequest(
          {
            method,
            port,
            host: '127.0.0.1',
            path: `/auth/sessions?accountId=${WALLET}`,
            headers: { 'ew-account-id': WALLET },
          },
          (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    try {
      // Chunked from the service, with a multi-byte character: the length counts bytes.
      behaviour = (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":[{"nickname":"Zoé"}],');
        res.end('"hasMore":false}');
      };
      const answer = await fetchRaw();
      expect(answer.status).to.equal(200);
      expect(answer.headers['transfer-encoding']).to.equal(undefined);
      expect(Number(answer.headers['content-length'])).to.equal(answer.bytes).and.to.be.greaterThan(0);

      behaviour = (res) => res.writeHead(204).end();
      const empty = await fetchRaw();
      expect([empty.status, empty.bytes, empty.headers['content-length']]).to.deep.equal([204, 0, undefined]);

      // HEAD: no body, and no length that is not the one a GET would get.
      const head = await fetchRaw('HEAD');
      expect([head.bytes, head.headers['content-length']]).to.deep.equal([0, undefined]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('passes 204 and 205 without a body, and refuses redirects and 304 with 502', async () => {
    for (const status of [204, 205]) {
      behaviour = (res) => res.writeHead(status).end();
      const answer = await get();
      expect([answer.status, answer.text]).to.deep.equal([status, '']);
    }
    for (const status of [301, 302, 304, 307]) {
      behaviour = (res) => res.writeHead(status, { location: 'http://evil.example/' }).end();
      const answer = await get();
      expect([answer.status, answer.body.code], String(status)).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
      expect(answer.headers.get('location')).to.equal(null);
    }
  });
});

describe('relay against a service that answers out of the protocol', () => {
  /** A service that writes `reply` (raw HTTP) to every request. */
  let reply = '';
  let service: ReturnType<typeof createNetServer>;
  let serviceUrl: string;
  before(async () => {
    service = createNetServer((socket) => {
      socket.once('data', () => socket.end(reply));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/2025-10-13`;
  });
  after(() => service.close());

  const options = { credentials: { username: 'u', password: 'p' }, authorize: () => true, timeoutMs: 1_000 };
  const path = `/auth/sessions?accountId=${WALLET}`;
  const json = (status: number, body: string, headers = '') =>
    `HTTP/1.1 ${status} Whatever\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${headers}connection: close\r\n\r\n${body}`;

  /** The same request through the fetch handler and through toNodeHandler on node:http. */
  async function both(): Promise<{ status: number; code: string; date: string | null }[]> {
    const relay = createRelay({ serviceUrl, ...options });
    const viaFetch = await relay(new Request(`http://relay${path}`, { headers: { 'ew-account-id': WALLET } }));
    const server = createServer(toNodeHandler(relay));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const viaNode = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'ew-account-id': WALLET } });
      return Promise.all(
        [viaFetch, viaNode].map(async (answer) => {
          const text = await answer.text();
          return { status: answer.status, code: text ? JSON.parse(text).code : '', date: answer.headers.get('date') };
        }),
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('a status outside 200-599 (101, 600, 999) is 502 through either handler, never a rejection or a pass-through', async () => {
    for (const status of [101, 600, 999]) {
      reply = json(status, '{}');
      for (const answer of await both())
        expect([answer.status, answer.code], String(status)).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    }
  });

  it('a JSON-labelled body that is not JSON (cut off, HTML, not UTF-8) is 502, not passed on', async () => {
    for (const body of ['{"data":[{"id":', '<html>not json</html>', '\u00ff\u00fe{}']) {
      reply = json(200, body);
      for (const answer of await both())
        expect([answer.status, answer.code], body).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    }
    reply = json(200, '{"data":[]}');
    expect((await both()).map((a) => a.status)).to.deep.equal([200, 200]);
  });

  it('a quote lookup answered 200 with something other than a JSON object is 502, not a misleading 404', async () => {
    const relay = createRelay({ serviceUrl, ...options });
    for (const body of ['[]', '"quote"', 'null']) {
      reply = json(200, body);
      const answer = await relay(new Request(`http://relay/quotes/${QUOTE}`, { headers: { 'ew-account-id': WALLET } }));
      expect([answer.status, (await answer.json()).code], body).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    }
  });

  it("a service Date years off is not taken as its clock: the relay's own answers keep a valid Date", async () => {
    const relay = createRelay({ serviceUrl, ...options });
    reply = json(200, '{"data":[]}', 'date: Sat, 13 Sep 275760 00:00:00 GMT\r\n');
    await relay(new Request(`http://relay${path}`, { headers: { 'ew-account-id': WALLET } }));
    // An answer the relay makes itself (404) carries its idea of the service's time.
    const own = await relay(new Request('http://relay/nowhere'));
    expect(own.status).to.equal(404);
    const date = Date.parse(own.headers.get('date') ?? '');
    expect(Math.abs(date - Date.now())).to.be.lessThan(5_000);
  });
});
