/**
 * Request bodies for the demo backend: read within a size cap, parsed as one
 * JSON object of modest depth, and every failure a `BadRequest` the backend
 * answers as JSON. A body cut off by the client, a flood or a 20,000-deep
 * array is a 4xx, never an unhandled rejection that takes `npm start` down.
 */
import type { IncomingMessage } from 'node:http';
import { jsonDepthExceeds } from '../src/sandbox/json-depth.js';

/** Largest body the demo's own calls need, with room to spare (they are a few hundred bytes). */
export const MAX_BODY_BYTES = 64 * 1024;
/** The demo's bodies nest two levels; deeper is junk that recursive code could choke on. */
const MAX_DEPTH = 32;

/** A request the demo backend refuses; `status` is the 4xx it answers. */
export class BadRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The body as a JSON object (`{}` when empty), or a BadRequest. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const tooLarge = () => new BadRequest(413, `Request bodies are limited to ${MAX_BODY_BYTES} bytes`);
  // Refused before reading: a client declaring a huge body gets its answer at once.
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    // Anything else here is the stream failing: the client broke off mid-body.
    throw error instanceof BadRequest ? error : new BadRequest(400, 'The request body was cut off');
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  if (jsonDepthExceeds(text, MAX_DEPTH)) throw new BadRequest(400, `JSON nested deeper than ${MAX_DEPTH} levels`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadRequest(400, 'The request body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadRequest(400, 'The request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** `body[name]` as a non-empty string, or a 400 naming the field. */
export function requiredText(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || !value) throw new BadRequest(400, `"${name}" must be a non-empty string`);
  return value;
}

/** `body[name]` as a string when present (undefined when absent), or a 400 naming the field. */
export function optionalText(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new BadRequest(400, `"${name}" must be a string`);
  return value;
}
