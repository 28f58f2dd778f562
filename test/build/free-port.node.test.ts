/**
 * The port the test runner's dev server and WebKitWebDriver are told to use is
 * found before they start. It must come from outside the kernel's ephemeral
 * range, or a connection opened meanwhile can be given it (CI met EADDRINUSE).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { freePort, isFree } from '../../scripts/free-port.mjs';

const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);

test('freePort: outside the ephemeral range, and free on every address', async () => {
  for (let i = 0; i < 20; i++) {
    const port = await freePort();
    assert.ok(port < low! || port > high!, `${port} is inside ${low}-${high}`);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, exclusive: true }, resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  }
});

test('isFree: false for a port bound on 127.0.0.1 or on localhost, true once it is let go', async () => {
  for (const host of ['127.0.0.1', 'localhost']) {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host }, resolve);
    });
    assert.equal(await isFree(port), false, `${host}:${port} is taken`);
    await new Promise((resolve) => server.close(resolve));
    assert.equal(await isFree(port), true, `${host}:${port} was let go`);
  }
});

test('freePort: never the same port twice in one process, even before the first is bound', async () => {
  const ports = await Promise.all(Array.from({ length: 300 }, () => freePort()));
  assert.equal(new Set(ports).size, ports.length);
  assert.ok(!ports.includes(10_080), 'a port browsers refuse');
});
