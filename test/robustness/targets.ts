/**
 * The three servers the robustness suite attacks, each a child process of
 * its own so that a crash shows as an exit: the relay as a partner mounts it
 * (`relay-server.ts`), the sandbox's own CLI, and `npm start`. Each target
 * knows how to reach its handlers (auth headers, routes, a harmless valid
 * request) and how to complete a real email OTP sign-in through itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TurnkeyWalletClient } from '../helpers/turnkey-wallet-client.js';
import { registerOtpCredentials } from '../helpers/otp-credentials.js';
import type { FuzzSeed } from './fuzz.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./exit-with-parent.ts', import.meta.url));
/** The user relay-server.ts's `authorize` accepts. */
const TEST_USER = 'robustness';
const SERVICE_VERSION = '/2025-10-13';

export interface Wallet {
  customerId: string;
  accountId: string;
  emailCredentialId: string;
}

export interface Route {
  method: string;
  path: string;
}

export interface Target {
  name: string;
  port: number;
  /** Where the wallet API is mounted: `/api` or the sandbox's version segment. */
  api: string;
  /** Header lines that get a request past authentication to the handlers. */
  auth: string[];
  /** A wallet made at start, whose ids the routes below use. */
  wallet: Wallet;
  /** Every route known to take a JSON body. */
  jsonRoutes: Route[];
  /** A harmless request that succeeds (2xx), as a path. */
  validGet: string;
  /** More such paths served by other handlers of the same server (npm start: demo backend, page). */
  otherGets: string[];
  /** Valid requests for the fuzzer to mutate. */
  fuzzSeeds: FuzzSeed[];
  /** Completes an email OTP sign-in for a fresh customer through this target; throws if it does not. */
  signIn(): Promise<void>;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Exit status and the tail of the output, for failure messages. */
  describe(): string;
  stop(): Promise<void>;
}

/** A server child: `node --import tsx` with the parent-watch preload, its output kept. */
class ServerProcess {
  readonly child: ChildProcess;
  private output = '';

  constructor(script: string, args: string[], env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, ['--import', 'tsx', '--import', PRELOAD, script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      // stdin stays an open pipe: its end tells the child we are gone (exit-with-parent.ts).
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000));
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
  }

  /** Resolves with the first match of `pattern` in the output; rejects if the child exits first. */
  waitFor(pattern: RegExp, timeoutMs = 90_000): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(this.output);
        if (!match) return false;
        cleanup();
        resolve(match);
        return true;
      };
      const onExit = () => {
        cleanup();
        reject(new Error(`the server exited before it was ready:\n${this.describe()}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`the server was not ready in ${timeoutMs} ms:\n${this.describe()}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.child.stdout!.off('data', check);
        this.child.off('exit', onExit);
      };
      this.child.stdout!.on('data', check);
      this.child.once('exit', onExit);
      check();
    });
  }

  alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  describe(): string {
    const status = this.alive()
      ? 'running'
      : `exited (code ${String(this.child.exitCode)}, signal ${String(this.child.signalCode)})`;
    return `${status}; last output:\n${this.output.slice(-4_000)}`;
  }

  async stop(): Promise<void> {
    if (!this.alive()) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

const basicAuth = (credentials: { username: string; password: string }) =>
  `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;

async function json(response: Response): Promise<{ status: number; body: any }> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A customer with a wallet, made with the platform credentials directly at the sandbox. */
async function platformWallet(baseUrl: string, authorization: string): Promise<Wallet> {
  const call = async (method: string, path: string, body?: unknown) =>
    json(
      await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
  const email = `robust-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const customer = await call('POST', '/customers', { customerType: 'INDIVIDUAL', email });
  if (customer.status !== 201) throw new Error(`customer: ${customer.status} ${JSON.stringify(customer.body)}`);
  const accounts = await call('GET', `/customers/internal-accounts?customerId=${customer.body.id}`);
  const accountId = accounts.body.data[0].id as string;
  await registerOtpCredentials(call, accountId, { email });
  const credentials = await call('GET', `/auth/credentials?accountId=${accountId}`);
  return {
    customerId: customer.body.id,
    accountId,
    emailCredentialId: credentials.body.data.find((c: { type: string }) => c.type === 'EMAIL_OTP').id,
  };
}

/** The wallet client with the platform's Basic credentials: the sandbox has no relay in front. */
class PlatformWalletClient extends TurnkeyWalletClient {
  constructor(
    baseUrl: string,
    accountId: string,
    pins: { otpTarget: string; export: string },
    private readonly authorization: string,
  ) {
    super(baseUrl, 'platform', accountId, pins);
  }

  override call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.call(method, path, body, { authorization: this.authorization, ...headers });
  }
}

async function completeSignIn(client: TurnkeyWalletClient, wallet: Wallet): Promise<void> {
  const result = await client.otpSignIn(wallet.emailCredentialId, 'EMAIL_OTP');
  if (!result.session || typeof result.session['id'] !== 'string')
    throw new Error(`sign-in failed: ${JSON.stringify(result.error?.status)} ${JSON.stringify(result.error?.body)}`);
}

const NO_QUOTE = 'Quote:00000000-0000-4000-8000-000000000000';
const NO_SESSION = 'Session:00000000-0000-4000-8000-000000000000';

/** Fuzz seeds from `[method, path, body]`, with the target's Host and auth header lines. */
function seeds(port: number, auth: string[], mount: string, requests: [string, string, unknown?][]): FuzzSeed[] {
  const headers = auth.map((line) => line.split(/: (.*)/s).slice(0, 2) as [string, string]);
  return requests.map(([method, path, body]) => ({
    method,
    path,
    keep: mount.length,
    headers: [
      ['Host', `127.0.0.1:${port}`],
      ['user-agent', 'robustness-fuzz'],
      ...headers,
      ...(body === undefined ? [] : ([['content-type', 'application/json']] as [string, string][])),
    ],
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }));
}

/** The wallet calls through a relay mounted at `api`, as fuzz seeds. */
const relayRequests = (api: string, w: Wallet): [string, string, unknown?][] => [
  ['GET', `${api}/auth/credentials?accountId=${w.accountId}`],
  ['GET', `${api}/auth/sessions?accountId=${w.accountId}&limit=5`],
  ['GET', `${api}/customers/internal-accounts?customerId=${w.customerId}`],
  ['GET', `${api}/quotes/${NO_QUOTE}`],
  ['DELETE', `${api}/auth/sessions/${NO_SESSION}`],
  ['POST', `${api}/auth/credentials/${w.emailCredentialId}/challenge`, {}],
  ['POST', `${api}/auth/credentials`, { type: 'EMAIL_OTP', accountId: w.accountId, email: 'fuzz@example.com' }],
  ['POST', `${api}/passkeys/registration-options`, { accountId: w.accountId }],
  ['PATCH', `${api}/internal-accounts/${w.accountId}`, { privateEnabled: true }],
];

/** Routes of the relay that take a JSON body, for `wallet` (and a session of it). */
function relayJsonRoutes(api: string, wallet: Wallet): Route[] {
  const sessionId = NO_SESSION;
  return [
    { method: 'POST', path: `${api}/auth/credentials` },
    { method: 'POST', path: `${api}/passkeys/registration-options` },
    { method: 'POST', path: `${api}/auth/credentials/${wallet.emailCredentialId}/challenge` },
    { method: 'POST', path: `${api}/auth/credentials/${wallet.emailCredentialId}/verify` },
    { method: 'POST', path: `${api}/auth/sessions/${sessionId}/refresh` },
    { method: 'POST', path: `${api}/internal-accounts/${wallet.accountId}/export` },
    { method: 'PATCH', path: `${api}/internal-accounts/${wallet.accountId}` },
    { method: 'PATCH', path: `${api}/customers/${wallet.customerId}` },
  ];
}

function base(server: ServerProcess, fields: Omit<Target, 'alive' | 'describe' | 'stop'>): Target {
  return {
    ...fields,
    alive: () => server.alive(),
    describe: () => server.describe(),
    stop: () => server.stop(),
  };
}

/**
 * Readies a target on a started server; if that fails, the server is stopped
 * (a live child would keep the test process from ever exiting).
 */
async function launch(server: ServerProcess, ready: (server: ServerProcess) => Promise<Target>): Promise<Target> {
  try {
    return await ready(server);
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** (a) The relay on a plain node:http server, over a sandbox, in one child. */
export const startRelayTarget = () =>
  launch(new ServerProcess(fileURLToPath(new URL('./relay-server.ts', import.meta.url)), []), relayTarget);

async function relayTarget(server: ServerProcess): Promise<Target> {
  const ready = JSON.parse((await server.waitFor(/^ROBUSTNESS-TARGET (.*)$/m))[1]!) as {
    port: number;
    relayUrl: string;
    sandbox: { baseUrl: string; credentials: { username: string; password: string }; enclaveKeys: any };
  };
  const authorization = basicAuth(ready.sandbox.credentials);
  const wallet = await platformWallet(ready.sandbox.baseUrl, authorization);
  const auth = [`x-test-user: ${TEST_USER}`, `ew-account-id: ${wallet.accountId}`];
  return base(server, {
    name: 'relay',
    port: ready.port,
    api: '/api',
    auth,
    wallet,
    jsonRoutes: relayJsonRoutes('/api', wallet),
    validGet: `/api/auth/credentials?accountId=${wallet.accountId}`,
    otherGets: [],
    fuzzSeeds: seeds(ready.port, auth, '/api/', relayRequests('/api', wallet)),
    async signIn() {
      const fresh = await platformWallet(ready.sandbox.baseUrl, authorization);
      const client = new TurnkeyWalletClient(ready.relayUrl, TEST_USER, fresh.accountId, ready.sandbox.enclaveKeys);
      await completeSignIn(client, fresh);
    },
  });
}

/** (b) The sandbox alone, as `npm run sandbox` runs it (src/sandbox/cli.ts). */
export const startSandboxTarget = () => launch(new ServerProcess('src/sandbox/cli.ts', ['--port', '0']), sandboxTarget);

async function sandboxTarget(server: ServerProcess): Promise<Target> {
  const banner = await server.waitFor(/Ctrl-C stops it\./);
  const field = (pattern: RegExp) => {
    const match = pattern.exec(banner.input);
    if (!match) throw new Error(`the sandbox banner lacks ${pattern}:\n${banner.input}`);
    return match[1]!;
  };
  const url = field(/Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/);
  const [username, password] = field(/platform credentials: +(\S+)/).split(/:(.*)/s) as [string, string];
  const baseUrl = `${url}${SERVICE_VERSION}`;
  const pins = { otpTarget: field(/OTP target bundles: +([0-9a-f]+)/), export: field(/export bundles: +([0-9a-f]+)/) };
  const authorization = basicAuth({ username, password });
  const wallet = await platformWallet(baseUrl, authorization);
  const api = SERVICE_VERSION;
  const quoteId = NO_QUOTE;
  const sessionId = NO_SESSION;
  const port = Number(new URL(url).port);
  const auth = [`authorization: ${authorization}`];
  return base(server, {
    name: 'sandbox',
    port,
    api,
    auth,
    wallet,
    jsonRoutes: [
      { method: 'POST', path: `${api}/customers` },
      { method: 'PATCH', path: `${api}/customers/${wallet.customerId}` },
      { method: 'POST', path: `${api}/customers/external-accounts` },
      { method: 'POST', path: `${api}/auth/credentials` },
      { method: 'POST', path: `${api}/auth/credentials/${wallet.emailCredentialId}/challenge` },
      { method: 'POST', path: `${api}/auth/credentials/${wallet.emailCredentialId}/verify` },
      { method: 'POST', path: `${api}/auth/sessions/${sessionId}/refresh` },
      { method: 'POST', path: `${api}/internal-accounts/${wallet.accountId}/export` },
      { method: 'PATCH', path: `${api}/internal-accounts/${wallet.accountId}` },
      { method: 'POST', path: `${api}/sandbox/internal-accounts/${wallet.accountId}/fund` },
      { method: 'POST', path: `${api}/quotes` },
      { method: 'POST', path: `${api}/quotes/${quoteId}/execute` },
      { method: 'POST', path: '/_sandbox/faults' },
      { method: 'POST', path: '/_sandbox/clock/advance' },
      { method: 'POST', path: `/_sandbox/sessions/${sessionId}/expire` },
    ],
    validGet: `${api}/auth/credentials?accountId=${wallet.accountId}`,
    otherGets: [],
    fuzzSeeds: seeds(port, auth, `${api}/`, [
      ...relayRequests(api, wallet).filter(([, path]) => !path.includes('/passkeys/')),
      ['GET', `${api}/customers?limit=1`],
      ['POST', `${api}/customers`, { customerType: 'INDIVIDUAL', email: 'fuzz@example.com' }],
      ['POST', `${api}/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: 100 }],
    ]),
    async signIn() {
      const fresh = await platformWallet(baseUrl, authorization);
      await completeSignIn(new PlatformWalletClient(baseUrl, fresh.accountId, pins, authorization), fresh);
    },
  });
}

/** (c) `npm start` (scripts/start.ts) on free ports: relay at /api, demo backend at /demo-api. */
export const startDemoTarget = () =>
  launch(new ServerProcess('scripts/start.ts', [], { PORT: '0', SANDBOX_PORT: '0' }), demoTarget);

async function demoTarget(server: ServerProcess): Promise<Target> {
  const port = Number((await server.waitFor(/Embedded wallet demo: http:\/\/localhost:(\d+)\//))[1]);
  await server.waitFor(/Ctrl-C stops everything\./);
  const origin = `http://127.0.0.1:${port}`;
  const config = await json(await fetch(`${origin}/demo-api/config`));
  const pins = config.body.enclaveKeys as { otpTarget: string; export: string };
  /** A customer made through the demo backend, its email credential found through the relay. */
  const demoWallet = async (): Promise<Wallet> => {
    const email = `robust-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const customer = await json(
      await fetch(`${origin}/demo-api/customers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      }),
    );
    if (customer.status !== 201) throw new Error(`customer: ${customer.status} ${JSON.stringify(customer.body)}`);
    const accountId = customer.body.wallet.id as string;
    // The wallet starts bare: its first credential is registered through the relay, as the widget does.
    const registered = await json(
      await fetch(`${origin}/api/auth/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ type: 'EMAIL_OTP', accountId }),
      }),
    );
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
    const credentials = await json(await fetch(`${origin}/api/auth/credentials?accountId=${accountId}`));
    return {
      customerId: customer.body.id,
      accountId,
      emailCredentialId: credentials.body.data.find((c: { type: string }) => c.type === 'EMAIL_OTP').id,
    };
  };
  const wallet = await demoWallet();
  const demo = (path: string): Route => ({ method: 'POST', path: `/demo-api${path}` });
  const auth = [`ew-account-id: ${wallet.accountId}`];
  return base(server, {
    name: 'npm start',
    port,
    api: '/api',
    auth,
    wallet,
    jsonRoutes: [
      ...relayJsonRoutes('/api', wallet),
      ...[
        '/customers',
        '/fund',
        '/receive',
        '/external-accounts',
        '/quotes',
        '/execute',
        '/oidc-token',
        '/scenario',
      ].map(demo),
    ],
    validGet: `/api/auth/credentials?accountId=${wallet.accountId}`,
    otherGets: ['/demo-api/config', '/'],
    fuzzSeeds: [
      ...seeds(port, auth, '/api/', relayRequests('/api', wallet)),
      ...seeds(port, [], '/demo-api/', [
        ['GET', '/demo-api/config'],
        ['GET', `/demo-api/quote?id=${NO_QUOTE}`],
        ['POST', '/demo-api/customers', { email: 'fuzz@example.com' }],
        ['POST', '/demo-api/fund', { accountId: wallet.accountId, amount: 100 }],
        ['POST', '/demo-api/oidc-token', { nonce: 'n', subject: wallet.accountId }],
        ['POST', '/demo-api/scenario', { name: 'advance-clock', ms: 1_000 }],
      ]),
    ],
    async signIn() {
      const fresh = await demoWallet();
      await completeSignIn(new TurnkeyWalletClient(`${origin}/api`, TEST_USER, fresh.accountId, pins), fresh);
    },
  });
}
