/**
 * What the relay's mount tests (test/relay/*-mount.node.test.ts, setup-mistakes) share: a
 * sandbox with one wallet for the suite, the relay they mount in front of it, and the lines
 * the relay says on the server's console.
 */
import { after, afterEach, before, beforeEach, mock } from 'node:test';
import { createRelay } from '../../src/relay/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createWalletCustomer } from './stack.js';

export interface MountStack {
  sandbox: Sandbox;
  accountId: string;
  /** Closes what a test started (its server or app) after the suite, before the sandbox. */
  closeAfter(close: () => unknown): void;
  /** A relay on the sandbox that lets every visitor act on every wallet. */
  relay(basePath?: string): ReturnType<typeof createRelay>;
}

/** Registers the suite's sandbox and wallet (made before, closed after). */
export function mountStack(email: string): MountStack {
  const closers: (() => unknown)[] = [];
  const stack: MountStack = {
    sandbox: undefined as unknown as Sandbox,
    accountId: '',
    closeAfter: (close) => void closers.push(close),
    relay: (basePath = '/api/wallet') =>
      createRelay({
        serviceUrl: stack.sandbox.baseUrl,
        credentials: stack.sandbox.credentials,
        basePath,
        authorize: () => true,
      }),
  };
  before(async () => {
    stack.sandbox = await startSandbox();
    ({ accountId: stack.accountId } = await createWalletCustomer(stack.sandbox, { email }));
  });
  after(async () => {
    for (const close of closers) await close();
    await stack.sandbox?.close();
  });
  return stack;
}

/** The server console's error lines in each test of the suite (console.error, mocked per test). */
export function serverConsole(): { lines: string[] } {
  const heard = { lines: [] as string[] };
  beforeEach(() => {
    heard.lines = [];
    mock.method(console, 'error', (line: string) => heard.lines.push(line));
  });
  afterEach(() => mock.restoreAll());
  return heard;
}
