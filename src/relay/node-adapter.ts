/**
 * Mounts a fetch handler on `node:http` or Express:
 * `app.use('/api', toNodeHandler(relay))` or `http.createServer(toNodeHandler(relay))`.
 * Under Express, mount it before any body parser. The body is buffered up to
 * `maxBodyBytes` (default 1 MiB); past that the client gets 413 at once and
 * the rest of the upload is drained, not stored.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

type FetchHandler = (request: Request) => Promise<Response>;

function json(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ status, code, message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Reads the body; undefined when it grew past `limit`. */
async function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.resume(); // drain without keeping
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function toNodeHandler(
  handler: FetchHandler,
  options: { maxBodyBytes?: number } = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const limit = options.maxBodyBytes ?? 1024 * 1024;
  return async (req, res) => {
    // Express strips the mount path from req.url and keeps it in originalUrl.
    const path = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const url = new URL(path, `http://${req.headers.host ?? '127.0.0.1'}`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const method = req.method ?? 'GET';
    let response: Response;
    const body = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readLimited(req, limit);
    if (body === undefined) {
      response = json(413, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${limit} bytes`);
    } else {
      try {
        response = await handler(
          new Request(url, { method, headers, ...(body.length ? { body: new Uint8Array(body) } : {}) }),
        );
      } catch {
        response = json(500, 'INTERNAL_ERROR', 'The relay failed');
      }
    }
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
  };
}
