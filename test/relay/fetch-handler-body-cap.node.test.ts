/**
 * The relay's own body cap (`maxBodyBytes`) holds when `createRelay`'s fetch
 * handler is called directly, as on Hono or an edge runtime, not only behind
 * `toNodeHandler` (which has a cap of its own): a body past it is 413
 * PAYLOAD_TOO_LARGE and nothing reaches the service, whether the size is
 * declared, undeclared, or streamed without a Content-Length; a streamed one
 * is not read far past the cap.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createRelay } from '../../src/relay/index.js';

const WALLET = 'InternalAccount:00000000-0000-4000-8000-000000000001';
const EXPORT = `http://relay/internal-accounts/${WALLET}/export`;
const CAP = 1024;

/** A relay whose service is a stub that counts the calls reaching it. */
function relayWith(maxBodyBytes?: number) {
  const upstream: string[] = [];
  const relay = createRelay({
    serviceUrl: 'http://service.invalid/v1',
    credentials: { username: 'u', password: 'p' },
    authorize: () => true,
    ...(maxBodyBytes !== undefined ? { maxBodyBytes } : {}),
    fetch: async (input) => {
      upstream.push(String(input));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  return { relay, upstream };
}

/** An export body of exactly `size` bytes (JSON the relay would otherwise forward). */
const exportBody = (size: number) => {
  const frame = JSON.stringify({ clientPublicKey: '' });
  return JSON.stringify({ clientPublicKey: 'a'.repeat(size - frame.length) });
};

/** `text` as a stream of 4 KiB chunks, each made when pulled; `pulled` counts the bytes handed out. */
function streamOf(text: string) {
  const bytes = new TextEncoder().encode(text);
  const source = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (source.pulled >= bytes.length) return controller.close();
        const chunk = bytes.subarray(source.pulled, source.pulled + 4096);
        source.pulled += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, source };
}

async function post(
  relay: (request: Request) => Promise<Response>,
  body: BodyInit,
  headers: Record<string, string> = {},
) {
  const answer = await relay(
    new Request(EXPORT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit),
  );
  return { status: answer.status, body: (await answer.json()) as { code?: string; message?: string } };
}

describe('the relay body cap on its fetch handler (no toNodeHandler in front)', () => {
  it('takes a body of exactly maxBodyBytes and forwards it', async () => {
    const { relay, upstream } = relayWith(CAP);
    const answer = await post(relay, exportBody(CAP));
    expect(answer.status).to.equal(200);
    expect(upstream).to.have.length(1);
  });

  it('refuses a body one byte past the cap with 413, declared or not, before the service', async () => {
    const { relay, upstream } = relayWith(CAP);
    const body = exportBody(CAP + 1);
    for (const headers of [{ 'content-length': String(CAP + 1) }, {}] as Record<string, string>[]) {
      const answer = await post(relay, body, headers);
      expect([answer.status, answer.body.code], JSON.stringify(headers)).to.deep.equal([413, 'PAYLOAD_TOO_LARGE']);
    }
    expect(upstream).to.deep.equal([]);
  });

  it('refuses a streamed body without Content-Length (or one that understates it), reading little past the cap', async () => {
    const { relay, upstream } = relayWith(CAP);
    for (const headers of [{}, { 'content-length': '10' }] as Record<string, string>[]) {
      const { stream, source } = streamOf(exportBody(1024 * 1024));
      const answer = await post(relay, stream, headers);
      expect([answer.status, answer.body.code], JSON.stringify(headers)).to.deep.equal([413, 'PAYLOAD_TOO_LARGE']);
      // One chunk past the cap is read (that is how it knows), not the megabyte.
      expect(source.pulled, JSON.stringify(headers)).to.be.at.most(CAP + 2 * 4096);
    }
    expect(upstream).to.deep.equal([]);
  });

  it('holds the default cap, 64 KiB, the same way', async () => {
    const { relay, upstream } = relayWith();
    const { stream } = streamOf(exportBody(64 * 1024 + 1));
    const streamed = await post(relay, stream);
    const whole = await post(relay, exportBody(64 * 1024 + 1));
    expect([streamed.status, whole.status]).to.deep.equal([413, 413]);
    expect(upstream).to.deep.equal([]);
    expect((await post(relay, exportBody(64 * 1024))).status).to.equal(200);
  });
});
