/**
 * The server side for browser tests: the sandbox and the relay, mounted on
 * the test runner's own dev server at `/api` (same origin as the tests, as a
 * partner mounts it), plus `/test-control/*` endpoints through which tests set
 * up customers, money and faults, and read what the sandbox applied. None of
 * this is shipped; it is the tests' stand-in for the partner's backend.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRelay, toNodeHandler, type RelayLogEntry, type RelayOptions } from '../../../src/relay/index.js';
import { standInAuthorization, startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { registerOtpCredentials } from '../otp-credentials.js';

export interface WalletStack {
  sandbox: Sandbox;
  /** Node-style handler for `/api/*` and `/test-control/*`; returns false for other paths. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * The test runner's server on a second port, for a frame on the test page's own site (another
 * port of `localhost`: cross-origin, same-site), whose storage browsers keep first-party; every
 * request is passed through to the first port as it came.
 */
async function secondPort(origin: string): Promise<string> {
  const first = new URL(origin);
  const proxy = createServer((req, res) => {
    const upstream = request(
      { host: '127.0.0.1', port: first.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxy.unref();
  return `http://localhost:${(proxy.address() as AddressInfo).port}`;
}

export async function startWalletStack(origin: string): Promise<WalletStack> {
  // Isolated mode's passkeys (test/host-elements/isolated-passkey): the frame on another host name,
  // `wallet.localhost`, whose RP id is its own host; its ceremonies run under this page (topOrigins).
  const walletOrigin = new URL(origin);
  walletOrigin.hostname = 'wallet.localhost';
  const sandbox = await startSandbox({
    webauthn: {
      rpId: ['localhost', walletOrigin.hostname],
      origins: [origin, walletOrigin.origin],
      topOrigins: [origin],
    },
  });
  const relayLog: RelayLogEntry[] = [];
  const relayOptions = {
    serviceUrl: sandbox.baseUrl,
    credentials: sandbox.credentials,
    basePath: '/api',
    authorize: () => true,
    passkeys: {
      rpId: 'localhost',
      rpName: 'Wallet tests',
      user: ({ accountId }: { accountId: string }) => ({ id: accountId, name: 'tester@example.com' }),
    },
    onRequest: (entry: RelayLogEntry) => relayLog.push(entry),
  } satisfies RelayOptions;
  const relay = toNodeHandler(createRelay(relayOptions));
  // Isolated mode's relay (/api-frame): the same service, sign-ins taken only from the frame's
  // origin, this server under its other host name (test/host-elements/).
  const frameOrigin = new URL(origin);
  frameOrigin.hostname = frameOrigin.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const frameRelay = toNodeHandler(
    createRelay({ ...relayOptions, basePath: '/api-frame', frameOrigin: frameOrigin.origin }),
  );
  const passkeyFrameRelay = toNodeHandler(
    createRelay({
      ...relayOptions,
      basePath: '/api-passkey-frame',
      passkeys: { ...relayOptions.passkeys, rpId: walletOrigin.hostname },
      frameOrigin: walletOrigin.origin,
    }),
  );
  // The frame on this page's own site (isolated-parts): its relay takes sign-ins from that origin only.
  const siteFrameOrigin = await secondPort(origin);
  const siteFrameRelay = toNodeHandler(
    createRelay({ ...relayOptions, basePath: '/api-site-frame', frameOrigin: siteFrameOrigin }),
  );
  const basic = `Basic ${Buffer.from(`${sandbox.credentials.username}:${sandbox.credentials.password}`).toString('base64')}`;
  const platform = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { authorization: basic, 'content-type': 'application/json', ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  /**
   * Relay calls held before they are served (`POST /test-control/hold {method, path, count}`), until
   * `DELETE /test-control/hold` lets them all go and forgets the rest: a slow relay, for presses that
   * must come first, however slow the machine.
   */
  let holds: { method: string; path: string; count: number }[] = [];
  let release = () => {};
  let released = new Promise<void>((resolve) => (release = resolve));
  const hold = async (req: IncomingMessage) => {
    const found = holds.find((h) => h.method === req.method && req.url?.startsWith(h.path));
    if (!found) return;
    if (--found.count === 0) holds = holds.filter((h) => h !== found);
    await released;
  };
  async function control(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = req.method === 'GET' ? {} : await readJson(req);
    switch (path) {
      case '/customer': {
        // `bootstrap: true` leaves the wallet without credentials, as the service creates it.
        const { bootstrap, ...contact } = body;
        const customer = await platform('POST', '/customers', { customerType: 'INDIVIDUAL', ...contact });
        if (customer.status !== 201) return json(res, customer.status, customer.body);
        const wallets = await platform('GET', `/customers/internal-accounts?customerId=${customer.body.id}`);
        const accountId = wallets.body.data[0].id;
        if (bootstrap !== true) await registerOtpCredentials(platform, accountId, contact);
        const credentials = await platform('GET', `/auth/credentials?accountId=${accountId}`);
        return json(res, 200, { customerId: customer.body.id, accountId, credentials: credentials.body.data });
      }
      case '/platform':
        return json(
          res,
          200,
          await platform(
            String(body['method']),
            String(body['path']),
            body['body'],
            (body['headers'] ?? {}) as Record<string, string>,
          ),
        );
      case '/faults':
        if (req.method === 'DELETE') sandbox.faults.clear();
        else sandbox.faults.inject(body as never);
        return json(res, 200, {});
      case '/clock':
        sandbox.clock.advance(Number(body['ms']));
        return json(res, 200, { now: sandbox.clock.now() });
      case '/info':
        return json(res, 200, { enclaveKeys: sandbox.enclaveKeys, now: sandbox.clock.now(), siteFrameOrigin });
      case '/sessions': {
        const accountId = new URL(req.url!, 'http://x').searchParams.get('accountId');
        const sessions = [...sandbox.store.sessions.values()].filter((s) => s.accountId === accountId);
        return json(
          res,
          200,
          sessions.map(({ id, credentialId, revoked, expiresAt, createdAt }) => ({
            id,
            credentialId,
            revoked,
            expiresAt,
            createdAt,
          })),
        );
      }
      case '/credentials': {
        const accountId = new URL(req.url!, 'http://x').searchParams.get('accountId');
        return json(
          res,
          200,
          sandbox.store.credentialsOf(accountId ?? '').map(({ id, type }) => ({ id, type })),
        );
      }
      case '/hold':
        if (req.method === 'DELETE') {
          holds = [];
          release();
          released = new Promise<void>((resolve) => (release = resolve));
        } else
          holds.push({ method: String(body['method']), path: String(body['path']), count: Number(body['count'] ?? 1) });
        return json(res, 200, {});
      case '/relay-log':
        if (req.method === 'DELETE') relayLog.length = 0;
        return json(res, 200, relayLog);
      default:
        return json(res, 404, { message: `no control ${path}` });
    }
  }

  const sharedCredentials: unknown[] = [];
  return {
    sandbox,
    async handle(req, res) {
      const url = req.url ?? '/';
      if (url.startsWith('/api/')) {
        await relay(req, res);
        return true;
      }
      if (url.startsWith('/api-frame/')) {
        await frameRelay(req, res);
        return true;
      }
      if (url.startsWith('/api-site-frame/')) {
        await siteFrameRelay(req, res);
        return true;
      }
      if (url.startsWith('/api-passkey-frame/')) {
        await hold(req);
        await passkeyFrameRelay(req, res);
        return true;
      }
      // A stand-in identity provider for the frame's OAuth window (isolated-oauth), consenting at once.
      if (url.startsWith('/oidc/authorize?')) {
        const answer = standInAuthorization(new URL(url, 'http://x').searchParams, {
          redirectOrigins: [origin, frameOrigin.origin, walletOrigin.origin],
          nowSeconds: Math.floor(sandbox.clock.now() / 1000),
        });
        if (answer.status === 302) res.writeHead(302, { location: answer.location }).end();
        else res.writeHead(400, { 'content-type': 'text/plain' }).end(answer.message);
        return true;
      }
      // The in-page test authenticator's shared credentials (page-authenticator.ts), for its copies in the
      // frame and in the frame's window, whose storage the browser keeps apart: any origin of this server.
      if (url === '/test-authenticator') {
        if (req.method === 'POST') {
          let body = '';
          for await (const chunk of req) body += chunk;
          try {
            sharedCredentials.push(JSON.parse(body) as unknown);
          } catch {
            res.writeHead(400).end();
            return true;
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sharedCredentials));
        return true;
      }
      if (url.startsWith('/test-control/')) {
        await control(new URL(url, 'http://x').pathname.slice('/test-control'.length), req, res);
        return true;
      }
      return false;
    },
  };
}
