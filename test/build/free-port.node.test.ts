/**
 * The port the test runner's dev server and WebKitWebDriver are told to use is
 * found before they start. It must come from outside the kernel's ephemeral
 * range, or a connection opened meanwhile can be given it (CI met EADDRINUSE).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { freePort } from '../../scripts/free-port.mjs';

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

test('freePort: never a port something listens on', async () => {
  const taken = await Promise.all(
    Array.from({ length: 200 }, async () => {
      const port = await freePort();
      const server = createServer();
      await new Promise<void>((resolve) => server.listen({ port, host: '127.0.0.1' }, resolve));
      return { port, server };
    }),
  );
  try {
    const ports = new Set(taken.map((t) => t.port));
    for (let i = 0; i < 50; i++) assert.ok(!ports.has(await freePort()));
  } finally {
    await Promise.all(taken.map((t) => new Promise((resolve) => t.server.close(resolve))));
  }
});
