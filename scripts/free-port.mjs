import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1, for a server whose address must be known before it starts. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}
