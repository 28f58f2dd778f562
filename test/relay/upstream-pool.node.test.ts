/**
 * The relay's way to the service in Node (src/relay/node-transport.ts): one
 * pool of kept-alive connections, a reused connection the service had closed
 * retried only for a read, and the same typed 502/504s as ever.
 * The service here is a real `node:http` server that counts its connections.
 */
import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createRelay, type RelayOptions } from '../../src/relay/index.js';
import { exchange } from '../../src/relay/node-transport.js';
import { PassThrough } from 'node:stream';
import type { IncomingMessage as Incoming } from 'node:http';

const WALLET = 'InternalAccount:00000000-0000-4000-8000-000000000001';
const CREDENTIAL = 'AuthMethod:00000000-0000-4000-8000-000000000000';

describe('relay upstream pool (node:http, keep-alive)', () => {
  let service: Server;
  let serviceUrl: string;
  let connections = 0;
  /** What the service saw: method, path, and which request on its connection it was (1-based). */
  let seen: { method: string; path: string; onConnection: number }[] = [];
  let behaviour: (req: IncomingMessage, res: ServerResponse, onConnection: number) => void;
  const json = (res: ServerResponse, body: unknown, status = 200) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  before(async () => {
    const perSocket = new WeakMap<object, number>();
    service = createServer((req, res) => {
      const onConnection = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, onConnection);
      seen.push({ method: req.method ?? '', path: req.url ?? '', onConnection });
      behaviour(req, res, onConnection);
    });
    service.keepAliveTimeout = 30_000;
    service.on('connection', () => connections++);
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/2025-10-13`;
  });
  after(() => {
    service.closeAllConnections();
    service.close();
  });
  beforeEach(() => {
    connections = 0;
    seen = [];
    behaviour = (_req, res) => json(res, { data: [], hasMore: false });
  });

  const relay = (extra: Partial<RelayOptions> = {}) =>
    createRelay({
      serviceUrl,
      credentials: { username: 'u', password: 'p' },
      authorize: () => true,
      timeoutMs: 1_000,
      ...extra,
    });
  const list = async (handler: (request: Request) => Promise<Response>) => {
    const answer = await handler(new Request(`http://relay/auth/sessions?accountId=${WALLET}`));
    return { status: answer.status, body: (await answer.json()) as { code?: string } };
  };
  const register = async (handler: (request: Request) => Promise<Response>) => {
    const answer = await handler(
      new Request('http://relay/auth/credentials', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'EMAIL_OTP', accountId: WALLET }),
      }),
    );
    return { status: answer.status, body: (await answer.json()) as { code?: string } };
  };

  it('reuses its connections: 50 calls one after another use one, 8 at a time use at most 8', async () => {
    const handler = relay();
    for (let i = 0; i < 50; i++) expect((await list(handler)).status).to.equal(200);
    expect(connections).to.equal(1);
    expect(seen.at(-1)!.onConnection).to.equal(50);
    connections = 0;
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => list(handler)));
      expect(answers.map((a) => a.status)).to.deep.equal(Array(8).fill(200));
    }
    expect(connections).to.be.at.most(8);
  });

  it('sends a read again on a fresh connection when a kept-alive one turns out closed', async () => {
    const handler = relay();
    // The service drops every connection on its second request, as one closing an idle socket would.
    behaviour = (req, res, onConnection) =>
      onConnection === 2 ? req.socket.destroy() : json(res, { data: [], hasMore: false });
    expect((await list(handler)).status).to.equal(200);
    const retried = await list(handler);
    expect(retried.status).to.equal(200);
    expect(seen.map((s) => [s.method, s.onConnection])).to.deep.equal([
      ['GET', 1],
      ['GET', 2], // dropped
      ['GET', 1], // the same call, on a new connection
    ]);
  });

  it('does not repeat a write on a closed connection (POST, nor a signed DELETE): 502 UPSTREAM_UNAVAILABLE, sent once', async () => {
    const handler = relay();
    behaviour = (req, res, onConnection) =>
      onConnection === 2 ? req.socket.destroy() : json(res, { data: [], hasMore: false });
    expect((await list(handler)).status).to.equal(200);
    const posted = await register(handler);
    expect([posted.status, posted.body.code]).to.deep.equal([502, 'UPSTREAM_UNAVAILABLE']);
    expect(seen.filter((s) => s.method === 'POST')).to.have.length(1);
    // The pool recovers: the next call gets a fresh connection.
    expect((await register(handler)).status).to.equal(200);
    // The ownership lookup (a GET, retried) finds the credential; the DELETE after it is dropped.
    behaviour = (req, res, onConnection) =>
      onConnection === 2 ? req.socket.destroy() : json(res, { data: [{ id: CREDENTIAL }], hasMore: false });
    const revoked = await handler(
      new Request(`http://relay/auth/credentials/${CREDENTIAL}`, {
        method: 'DELETE',
        headers: { 'ew-account-id': WALLET },
      }),
    );
    expect([revoked.status, ((await revoked.json()) as { code: string }).code]).to.deep.equal([
      502,
      'UPSTREAM_UNAVAILABLE',
    ]);
    expect(seen.filter((s) => s.method === 'DELETE')).to.have.length(1);
  });

  it('a service that never answers on a pooled connection is 504 within the timeout, and the pool goes on', async () => {
    const handler = relay({ timeoutMs: 300 });
    expect((await list(handler)).status).to.equal(200);
    behaviour = () => undefined; // holds the request
    const started = Date.now();
    const held = await list(handler);
    expect([held.status, held.body.code]).to.deep.equal([504, 'UPSTREAM_TIMEOUT']);
    expect(Date.now() - started).to.be.within(250, 1_000);
    behaviour = (_req, res) => json(res, { data: [], hasMore: false });
    expect((await list(handler)).status).to.equal(200);
  });

  it('an answer cut off mid-body is 502 at once, not at the timeout, and the pool goes on', async () => {
    const handler = relay({ timeoutMs: 5_000 });
    behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
      res.write('{"data":[', () => setTimeout(() => res.socket?.destroy(), 20));
    };
    const started = Date.now();
    const cut = await list(handler);
    expect([cut.status, cut.body.code]).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
    expect(Date.now() - started).to.be.below(1_000);
    behaviour = (_req, res) => json(res, { data: [], hasMore: false });
    expect((await list(handler)).status).to.equal(200);
  });

  it('a service that is not there is 502 UPSTREAM_UNAVAILABLE', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const answer = await list(relay({ serviceUrl: `http://127.0.0.1:${port}/2025-10-13` }));
    expect([answer.status, answer.body.code]).to.deep.equal([502, 'UPSTREAM_UNAVAILABLE']);
  });

  it('asks for no content coding, and refuses a compressed answer it did not ask for (502)', async () => {
    let asked: string | undefined;
    behaviour = (req, res) => {
      asked = req.headers['accept-encoding'];
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end('\x1f\x8b garbage');
    };
    const answer = await list(relay());
    expect(asked).to.equal('identity');
    expect([answer.status, answer.body.code]).to.deep.equal([502, 'UPSTREAM_INVALID_RESPONSE']);
  });

  it('an injected fetch is used instead of the pool', async () => {
    let calls = 0;
    const handler = relay({
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
    });
    expect((await list(handler)).status).to.equal(200);
    expect(calls).to.equal(1);
  });

  // Node ends a cut-off answer with 'aborted', 'error', then 'close'; a runtime that only closes
  // must fail the read too, and a whole answer's own 'close' must not.
  it("reading an answer: a 'close' without 'end' rejects; 'end' then 'close' resolves with the body", async () => {
    const answer = () => {
      const stream = new PassThrough() as PassThrough & Incoming;
      Object.assign(stream, { statusCode: 200, headers: {} });
      return stream;
    };
    const cut = answer();
    const cutRead = exchange({ destroy: () => cut as never }, cut).read(1024);
    cut.write('{"da');
    cut.emit('close');
    let refused: unknown = 'still waiting after 1 s';
    await Promise.race([cutRead, new Promise((resolve) => setTimeout(resolve, 1_000))]).catch(
      (e: unknown) => (refused = e),
    );
    expect(String(refused)).to.include('closed before the answer was complete');

    const whole = answer();
    const wholeRead = exchange({ destroy: () => whole as never }, whole).read(1024);
    whole.end('{"data":[]}');
    const body = await wholeRead;
    whole.emit('close');
    expect(Buffer.from(body as Uint8Array).toString()).to.equal('{"data":[]}');
  });
});
