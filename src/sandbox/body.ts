/**
 * Reading a request's JSON body within bounds: at most 1 MiB (refused as soon
 * as `Content-Length` declares more or the stream passes it, without reading
 * the rest), at most 64 levels deep, and a JSON object. A client that goes
 * away mid-body is reported as such, not as a server failure.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, invalidInput } from './http-error.js';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth.js';

const MAX_BODY = 1024 * 1024;

/** The client closed or reset the connection before its body was complete: there is no one to answer. */
export class ClientGone extends Error {
  constructor() {
    super('The client went away before the request body was complete');
  }
}

// `Connection: close` makes Node end the connection once this answer is flushed, so the rest of
// an oversized body is never read and a client still sending sees the close promptly.
const tooLarge = (): ApiError =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MiB', {
    headers: { connection: 'close' },
  });

/** The body as a JSON object ({} when empty); throws ApiError (4xx) or ClientGone. */
export async function readBody(request: IncomingMessage, response: ServerResponse): Promise<Record<string, unknown>> {
  // Node has already checked that Content-Length is digits.
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY) throw tooLarge();
  // The server handles `checkContinue` itself, so a client waiting for the go-ahead gets it only here.
  if (request.headers.expect?.toLowerCase() === '100-continue') response.writeContinue();
  const text = (await collect(request)).toString('utf8');
  if (!text.trim()) return {};
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
    throw invalidInput(`The request body nests deeper than ${MAX_JSON_DEPTH}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidInput('The request body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidInput('The request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Collects the raw bytes, stopping (paused, unread) at the size cap. */
function collect(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // The error is made only when it settles: 'close' follows every 'end', and an Error's stack costs.
    const settle = (error: (() => Error) | undefined) => {
      if (settled) return;
      settled = true;
      request.off('data', onData);
      if (error) reject(error());
      else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        request.pause();
        settle(tooLarge);
      } else {
        chunks.push(chunk);
      }
    };
    request.on('data', onData);
    request.once('end', () => settle(undefined));
    // 'aborted' / 'error' / 'close' before 'end': the connection dropped mid-body.
    const gone = () => new ClientGone();
    request.once('error', () => settle(gone));
    request.once('close', () => settle(gone));
  });
}
