/**
 * What the relay hardening tests (`hardening-*.node.test.ts` here) share: ids
 * that exist nowhere, raw bytes on a socket, and the stack a
 * `relay hardening (<store> store)` suite runs against (the sandbox behind the
 * relay, with the memory or the Redis store), with two customers and a quote
 * on the other one's wallet.
 */
import { expect } from 'chai';
import { connect } from 'node:net';
import { after, before } from 'node:test';
import { startRedis, type TestRedis } from '../helpers/redis.js';
import { addExternalAccount, createWalletCustomer, platform, startStack, type Stack } from '../helpers/stack.js';

export const SESSION = 'Session:00000000-0000-4000-8000-000000000000';
export const QUOTE = 'Quote:00000000-0000-4000-8000-000000000000';
export const CREDENTIAL = 'AuthMethod:00000000-0000-4000-8000-000000000000';
export const WALLET = 'InternalAccount:00000000-0000-4000-8000-000000000001';

/** Sends raw bytes to a server and collects what comes back until it closes (or `waitMs`). */
export function rawExchange(port: number, bytes: string, waitMs = 2_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = () => resolve(text);
    socket.on('data', (d) => (text += d));
    socket.on('close', done);
    socket.on('error', done);
    socket.setTimeout(waitMs, () => socket.destroy());
    socket.write(bytes);
  });
}

export type Customer = Awaited<ReturnType<typeof createWalletCustomer>>;

/** The stack of one suite, filled in by its `before`. */
export interface HardeningWorld {
  stack: Stack;
  mine: Customer;
  theirs: Customer;
  theirQuote: string;
  relayHost: string;
}

/**
 * Registers, in the calling `describe`, the `before` that starts the stack
 * with the `adapter` store (customers `me` and `theirs`, a quote on theirs)
 * and the `after` that stops it. `current()` is the world once started;
 * `call` asks the relay as visitor `me` about my wallet unless told otherwise.
 */
export function hardeningStack(adapter: 'memory' | 'redis') {
  let world: HardeningWorld | undefined;
  let redis: TestRedis | undefined;
  const current = (): HardeningWorld => {
    if (!world) throw new Error('the hardening stack is not started yet');
    return world;
  };

  async function call(
    path: string,
    init: { method?: string; body?: unknown; user?: string; hint?: string; headers?: Record<string, string> } = {},
  ) {
    const { stack, mine } = current();
    const response = await fetch(`${stack.relayUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-test-user': init.user ?? 'me',
        'ew-account-id': init.hint ?? mine.accountId,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined
        ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }
        : {}),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : {} };
  }
  const upstreamCount = () => current().stack.sandboxRequests.length;

  before(async () => {
    redis = adapter === 'redis' ? await startRedis() : undefined;
    const stack = await startStack(redis ? { relay: { store: redis.store() } } : {});
    const relayHost = new URL(stack.relayUrl).host;
    const mine = await createWalletCustomer(stack.sandbox, { email: 'mine@example.com' });
    const theirs = await createWalletCustomer(stack.sandbox, { email: 'theirs@example.com' });
    stack.grant('me', mine.accountId);
    // A quote on their wallet, to ask about from mine.
    await platform(stack.sandbox, 'POST', `/sandbox/internal-accounts/${theirs.accountId}/fund`, { amount: 10_000 });
    const external = await addExternalAccount(stack.sandbox, theirs.customerId);
    const quote = await platform(stack.sandbox, 'POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: theirs.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: external.body.id },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    expect(quote.status).to.equal(201);
    world = { stack, mine, theirs, theirQuote: quote.body.id, relayHost };
  });
  after(async () => {
    await world?.stack.close();
    await redis?.close();
  });

  return { current, call, upstreamCount };
}
