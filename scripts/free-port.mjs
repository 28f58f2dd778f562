import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The kernel's ephemeral range: the ports it hands out for `listen(0)` and for
 * the local end of every outgoing connection. A port found free inside it can be
 * taken by any of those before our server binds it (seen: the test runner's dev
 * server met EADDRINUSE while WebKitWebDriver was starting), so we pick below it.
 */
function ephemeralRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return [low, high];
  } catch {
    // Not Linux: the IANA dynamic range, which macOS and Windows use.
  }
  return [49152, 65535];
}

/** True when nothing listens on `port` on any address (a bind without a host takes them all). */
export function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

// Ports browsers refuse to load (the Fetch standard's "bad ports"); the only one in our range.
const BLOCKED = new Set([10_080]);
// Handed out by this process but maybe not bound yet: a second pick must not get one again.
const given = new Set();

/**
 * A free TCP port for a server whose address must be known before it starts,
 * chosen outside the ephemeral range so no other socket is given it meanwhile.
 */
export async function freePort() {
  const [low, high] = ephemeralRange();
  // Below the range when there is room there (Linux: 10000-32767), else above it.
  const [start, last] = low > 11_000 ? [10_000, low - 1] : [high + 1, 65_535];
  if (last - start < 1_000) throw new Error(`no room for a port outside the ephemeral range ${low}-${high}`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = start + Math.floor(Math.random() * (last - start + 1));
    if (BLOCKED.has(port) || given.has(port)) continue;
    // Taken before the check, which awaits: a concurrent pick of the same port must not pass too.
    given.add(port);
    if (await isFree(port)) return port;
    given.delete(port);
  }
  throw new Error(`no free port found between ${start} and ${last}`);
}
