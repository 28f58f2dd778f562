/**
 * A local stand-in for the payments service's embedded-wallet sandbox,
 * for demos and tests: real HTTP on 127.0.0.1,
 * real HPKE, real stamp and passkey checks, OTP code 000000, state in memory.
 *
 * ```ts
 * const sandbox = await startSandbox();
 * // sandbox.baseUrl, sandbox.credentials, sandbox.enclaveKeys
 * await sandbox.close();
 * ```
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError } from './client-error.js';
import { createClock, type SandboxClock } from './clock.js';
import type { SandboxConfig, SandboxContext, WebAuthnConfig } from './context.js';
import { createEnclaveKey } from './enclave.js';
import { Faults } from './faults.js';
import { Router } from './router.js';
import { controlRoutes } from './routes/control.js';
import { credentialRoutes } from './routes/credentials.js';
import { customerRoutes } from './routes/customers.js';
import { externalAccountRoutes } from './routes/external-accounts.js';
import { quoteRoutes } from './routes/quotes.js';
import { sandboxMoneyRoutes } from './routes/sandbox-money.js';
import { sessionRoutes } from './routes/sessions.js';
import { transactionRoutes } from './routes/transactions.js';
import { transferRoutes } from './routes/transfers.js';
import { walletRoutes } from './routes/wallet.js';
import { API_VERSION, handle, type HttpLayer } from './server.js';
import { Store } from './store.js';

export type { FaultKind, FaultRule } from './faults.js';
export type { SandboxClock } from './clock.js';
export { API_VERSION } from './server.js';

import { SANDBOX_OIDC_ISSUER } from './oidc.js';
export { SANDBOX_OIDC_ISSUER };
export { standInAuthorization, type StandInAnswer, type StandInOptions } from './oidc-stand-in.js';

export interface SandboxOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Platform credentials for HTTP Basic; random when omitted. */
  credentials?: { username: string; password: string };
  /**
   * WebAuthn relying party: RP id(s), the allowed origins (default `localhost`, any http://localhost
   * port is NOT implied), and the top-level pages a cross-origin frame's ceremony may run under.
   */
  webauthn?: WebAuthnConfig;
  /** Supported OIDC issuers (default: the sandbox's test issuer and Google's). */
  oidcIssuers?: string[];
  /** Enclave keys as 32-byte hex scalars, to keep pins stable across restarts; random when omitted. */
  enclaveKeys?: { otpTarget?: string; export?: string };
  /** Start time of the sandbox clock (ms since epoch); the real time when omitted. */
  now?: number;
  /** Overrides of timing rules, in milliseconds. */
  timing?: Partial<
    Pick<
      SandboxConfig,
      'sessionLifetimeMs' | 'requestIdLifetimeMs' | 'otpLifetimeMs' | 'otpResendIntervalMs' | 'quoteLifetimeMs'
    >
  >;
  /** Keeps the process alive while the server runs (default false: tests exit even if a close is missed). */
  keepAlive?: boolean;
  /** Receives internal-error diagnostics. */
  log?: (line: string) => void;
  /** Sees every request the sandbox handles: method, path below the version, status. */
  onRequest?: (entry: { method: string; path: string; status: number }) => void;
}

export interface Sandbox {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The service base address, `url` + `/2025-10-13`: what a relay's `serviceUrl` takes. */
  baseUrl: string;
  credentials: { username: string; password: string };
  /** Public keys (uncompressed hex) to pin: OTP target bundles and export bundles. */
  enclaveKeys: { otpTarget: string; export: string };
  clock: SandboxClock;
  faults: Faults;
  /** The in-memory state, for tests that check what the sandbox applied. */
  store: Store;
  close(): Promise<void>;
}

/** The sandbox's state, clock, rules and enclave keys, from the options. */
function createContext(options: SandboxOptions): SandboxContext {
  const config: SandboxConfig = {
    otpCode: '000000',
    sessionLifetimeMs: 15 * 60_000,
    requestIdLifetimeMs: 5 * 60_000,
    otpLifetimeMs: 10 * 60_000,
    otpMaxAttempts: 5,
    otpResendIntervalMs: 30_000,
    quoteLifetimeMs: 5 * 60_000,
    ...options.timing,
    webauthn: options.webauthn ?? { rpId: 'localhost', origins: ['http://localhost'] },
    oidcIssuers: options.oidcIssuers ?? [SANDBOX_OIDC_ISSUER, 'https://accounts.google.com'],
  };
  const clock = createClock(options.now);
  return {
    store: new Store(clock.now, config.requestIdLifetimeMs),
    clock,
    config,
    keys: {
      otpTarget: createEnclaveKey(options.enclaveKeys?.otpTarget),
      export: createEnclaveKey(options.enclaveKeys?.export),
    },
  };
}

/** The service API's routes, in the order they are matched. */
function apiRoutes(ctx: SandboxContext): Router {
  const api = new Router();
  // Before customerRoutes: /customers/external-accounts must not be read as /customers/{customerId}.
  externalAccountRoutes(api, ctx);
  customerRoutes(api, ctx);
  credentialRoutes(api, ctx);
  sessionRoutes(api, ctx);
  walletRoutes(api, ctx);
  quoteRoutes(api, ctx);
  transactionRoutes(api, ctx);
  transferRoutes(api, ctx);
  sandboxMoneyRoutes(api, ctx);
  return api;
}

/** Starts a sandbox on 127.0.0.1. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const credentials = options.credentials ?? {
    username: `sandbox-${randomBytes(4).toString('hex')}`,
    password: randomBytes(18).toString('base64url'),
  };
  const ctx = createContext(options);
  const api = apiRoutes(ctx);
  const faults = new Faults();
  const control = new Router();
  controlRoutes(control, ctx, faults);
  const layer: HttpLayer = {
    api,
    control,
    faults,
    credentials,
    hangs: new Set(),
    now: ctx.clock.now,
    ...(options.log ? { log: options.log } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
  };

  const server = createServer(
    {
      // Seconds, not Node's minutes: a wallet call's headers and body are small, and a client that
      // trickles them holds a connection for nothing. Both bound only receiving the request, so a
      // `hang` fault (after the request is in) still holds the answer as long as it was told to.
      headersTimeout: 10_000,
      requestTimeout: 20_000,
      // Node checks those timeouts on this interval (default 30 s, which would stretch them).
      connectionsCheckingInterval: 1_000,
    },
    (request, response) => void handle(layer, request, response),
  );
  // Node would send `100 Continue` before the handler runs; readBody sends it only for a body it will read.
  server.on('checkContinue', (request, response) => void handle(layer, request, response));
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  if (!options.keepAlive) server.unref();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrl: `${url}/${API_VERSION}`,
    credentials,
    enclaveKeys: { otpTarget: ctx.keys.otpTarget.publicKeyHex, export: ctx.keys.export.publicKeyHex },
    clock: ctx.clock,
    faults,
    store: ctx.store,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of layer.hangs) clearTimeout(timer);
        layer.hangs.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
