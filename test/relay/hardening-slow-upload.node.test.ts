/**
 * The relay on node:http against a slow or bodied upload (docs/relay.md, "What
 * it guarantees"): cut off in seconds, not minutes.
 */
import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { createRelay, toNodeHandler } from '../../src/relay/index.js';
import { rawExchange, WALLET } from './hardening-stack.js';

describe('relay on node:http: a slow upload is cut off in seconds, not minutes', () => {
  it('refuses a GET that carries a body at once, and closes the connection', async () => {
    const relay = createRelay({
      serviceUrl: 'http://127.0.0.1:9/v',
      credentials: { username: 'u', password: 'p' },
      authorize: () => true,
    });
    const server = createServer(toNodeHandler(relay));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const started = Date.now();
    const answer = await rawExchange(
      port,
      `GET /auth/sessions?accountId=${WALLET} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{`,
      5_000,
    );
    expect(answer).to.match(/^HTTP\/1.1 400/);
    expect(Date.now() - started).to.be.below(2_500);
    server.closeAllConnections();
    server.close();
  });

  it('answers 408 to a body dripped one byte at a time', async () => {
    const relay = createRelay({
      serviceUrl: 'http://127.0.0.1:9/v',
      credentials: { username: 'u', password: 'p' },
      authorize: () => true,
    });
    const server = createServer(toNodeHandler(relay, { bodyTimeoutMs: 300 }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
      socket.write(
        'POST /auth/credentials HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      );
      const drip = setInterval(() => socket.writable && socket.write('{'), 50);
      socket.on('close', () => clearInterval(drip));
    });
    expect(answer).to.match(/^HTTP\/1.1 408/);
    expect(Date.now() - started).to.be.below(2_500);
    server.closeAllConnections();
    server.close();
  });
});
