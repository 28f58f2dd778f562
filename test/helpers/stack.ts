/**
 * The server side as a partner runs it, for Node tests: the sandbox, and the
 * relay mounted on a node:http server with an `authorize` hook that lets a
 * test user act only on the wallets the test grants.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRelay, toNodeHandler, type RelayLogEntry, type RelayOptions } from '../../src/relay/index.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { registerOtpCredentials } from './otp-credentials.js';

export const TEST_ORIGIN = 'http://localhost:8080';
export const TEST_RP_ID = 'localhost';
/** The one top-level page under which the sandbox takes a passkey ceremony in a cross-origin frame. */
export const TEST_TOP_ORIGIN = 'https://shop.example';

export interface Stack {
  sandbox: Sandbox;
  /** Relay base URL, e.g. http://127.0.0.1:1234/api */
  relayUrl: string;
  /** What reached the sandbox, in order. */
  sandboxRequests: { method: string; path: string; status: number }[];
  relayLog: RelayLogEntry[];
  /** Starts one more relay instance (its own server) over the same sandbox and grants; its base URL. */
  startRelay(options?: Partial<RelayOptions>): Promise<string>;
  /** Lets `user` act on `accountId`. */
  grant(user: string, accountId: string): void;
  close(): Promise<void>;
}

export async function startStack(
  options: { sandbox?: SandboxOptions; relay?: Partial<RelayOptions> } = {},
): Promise<Stack> {
  const sandboxRequests: Stack['sandboxRequests'] = [];
  const sandbox = await startSandbox({
    webauthn: { rpId: TEST_RP_ID, origins: [TEST_ORIGIN], topOrigins: [TEST_TOP_ORIGIN] },
    onRequest: (entry) => sandboxRequests.push(entry),
    ...options.sandbox,
  });
  const grants = new Map<string, Set<string>>();
  const relayLog: RelayLogEntry[] = [];
  const servers: Server[] = [];
  /** One relay instance on its own server, over the same sandbox and grants. */
  async function startRelay(extra: Partial<RelayOptions> = {}): Promise<string> {
    const relay = createRelay({
      serviceUrl: sandbox.baseUrl,
      credentials: sandbox.credentials,
      basePath: '/api',
      authorize: ({ request, accountId }) =>
        grants.get(request.headers.get('x-test-user') ?? '')?.has(accountId) ?? false,
      passkeys: {
        rpId: TEST_RP_ID,
        rpName: 'Test Partner',
        user: ({ accountId }) => ({ id: accountId, name: `user-${accountId.slice(-6)}` }),
      },
      onRequest: (entry) => relayLog.push(entry),
      ...options.relay,
      ...extra,
    });
    const server: Server = createServer(toNodeHandler(relay));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    server.unref();
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  }
  const relayUrl = await startRelay();
  return {
    sandbox,
    relayUrl,
    sandboxRequests,
    relayLog,
    startRelay,
    grant(user, accountId) {
      if (!grants.has(user)) grants.set(user, new Set());
      grants.get(user)!.add(accountId);
    },
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await sandbox.close();
    },
  };
}

/** Platform-side calls (what the partner's backend does directly, not through the relay). */
export async function platform(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${sandbox.credentials.username}:${sandbox.credentials.password}`).toString('base64')}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** Creates a customer (and so a wallet) and returns ids. */
export async function createWalletCustomer(sandbox: Sandbox, contact: { email: string; phoneNumber?: string }) {
  const customer = await platform(sandbox, 'POST', '/customers', { customerType: 'INDIVIDUAL', ...contact });
  if (customer.status !== 201) throw new Error(`customer create: ${customer.status} ${JSON.stringify(customer.body)}`);
  const accounts = await platform(sandbox, 'GET', `/customers/internal-accounts?customerId=${customer.body.id}`);
  const accountId = accounts.body.data[0].id as string;
  await registerOtpCredentials((method, path, body) => platform(sandbox, method, path, body), accountId, contact);
  const credentials = await platform(sandbox, 'GET', `/auth/credentials?accountId=${accountId}`);
  const byType = Object.fromEntries(
    (credentials.body.data as { type: string; id: string }[]).map((c) => [c.type, c.id]),
  );
  return {
    customerId: customer.body.id as string,
    accountId,
    emailCredentialId: byType['EMAIL_OTP'] as string,
    smsCredentialId: byType['SMS_OTP'] as string | undefined,
  };
}

/** A USD bank account for `customerId` (the sandbox's default outcome), as the partner's backend adds it. */
export async function addExternalAccount(sandbox: Sandbox, customerId: string, accountNumber = '123456789') {
  return platform(sandbox, 'POST', '/customers/external-accounts', {
    currency: 'USD',
    customerId,
    accountInfo: {
      accountType: 'USD_ACCOUNT',
      accountNumber,
      routingNumber: '021000021',
      bankAccountType: 'CHECKING',
      bankName: 'Test Bank',
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ada Lovelace' },
    },
  });
}
