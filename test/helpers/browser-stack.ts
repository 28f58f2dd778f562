/** Browser-side helpers for tests against the sandbox + relay mounted at /api (test/helpers/harness/wallet-stack.ts). */
import { fetchTransport, type Quote, type Transport, type WireRequest } from '../../src/protocol/index.js';
import { WalletClient, type OidcTokenProvider, type WalletClientOptions } from '../../src/client/index.js';

export async function control<T = any>(path: string, body?: unknown, method = 'POST'): Promise<T> {
  const response = await fetch(`/test-control${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && method !== 'GET' ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as T;
}

/** A platform call made by "the partner's backend" (Basic credentials stay server side). */
export function platform<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  return control<{ status: number; body: T }>('/platform', { method, path, body, headers });
}

export interface TestWallet {
  customerId: string;
  accountId: string;
  emailCredentialId: string;
  smsCredentialId: string | undefined;
}

let counter = 0;
/** A new customer's wallet with its OTP credentials registered; `bootstrap` leaves it without any. */
export async function newWallet(options: { phone?: boolean; bootstrap?: boolean } = {}): Promise<TestWallet> {
  counter++;
  const email = `user-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await control<{ customerId: string; accountId: string; credentials: { id: string; type: string }[] }>(
    '/customer',
    {
      email,
      ...(options.phone ? { phoneNumber: '+14155550123' } : {}),
      ...(options.bootstrap ? { bootstrap: true } : {}),
    },
  );
  const byType = (type: string) => created.credentials.find((c) => c.type === type)?.id;
  return {
    customerId: created.customerId,
    accountId: created.accountId,
    emailCredentialId: byType('EMAIL_OTP')!,
    smsCredentialId: byType('SMS_OTP'),
  };
}

let enclaveKeys: { otpTarget: string; export: string } | undefined;
export async function sandboxKeys(): Promise<{ otpTarget: string; export: string }> {
  return (enclaveKeys ??= (
    await control<{ enclaveKeys: { otpTarget: string; export: string } }>('/info', undefined, 'GET')
  ).enclaveKeys);
}

/**
 * The test runner's server on another port of `localhost`: a frame there is cross-origin with the
 * test page but same-site, so its storage is first-party (harness/wallet-stack.ts). Its relay is
 * `/api-site-frame`.
 */
export async function siteFrameOrigin(): Promise<string> {
  return (await control<{ siteFrameOrigin: string }>('/info', undefined, 'GET')).siteFrameOrigin;
}

/** Wraps a transport, recording `METHOD path` of every call (the query dropped). */
export function recording(inner: Transport = fetchTransport('/api')): {
  transport: Transport;
  calls: string[];
  requests: WireRequest[];
} {
  const calls: string[] = [];
  const requests: WireRequest[] = [];
  return {
    calls,
    requests,
    transport: async (request) => {
      calls.push(`${request.method} ${decodeURIComponent(request.path.split('?')[0]!)}`);
      requests.push(request);
      return inner(request);
    },
  };
}

export async function makeClient(
  wallet: TestWallet,
  options: Partial<WalletClientOptions> = {},
): Promise<WalletClient> {
  const client = new WalletClient({
    apiBase: '/api',
    accountId: wallet.accountId,
    customerId: wallet.customerId,
    enclaveKeys: await sandboxKeys(),
    ...options,
  });
  await client.ready;
  return client;
}

/** What the relay "answers" a request made to fail (test/helpers: `steeredClient`). */
const INTERNAL_ERROR = {
  status: 500,
  headers: new Headers(),
  body: { status: 500, code: 'INTERNAL_ERROR', message: 'boom' },
};

/**
 * A client for `wallet`, signed in, whose requests are recorded as they go
 * out. While `faults.failing` matches a request the relay "answers" 500 and it
 * never goes out; while `faults.held` matches one it waits until `release()`.
 */
export async function steeredClient(wallet: TestWallet) {
  const record = recording();
  const faults = { failing: (_request: WireRequest) => false, held: (_request: WireRequest) => false };
  let release = () => {};
  let gate = Promise.resolve();
  const transport: Transport = async (request) => {
    if (faults.failing(request)) return INTERNAL_ERROR;
    if (faults.held(request)) await gate;
    return record.transport(request);
  };
  const client = await makeClient(wallet, { transport });
  await emailSignIn(client, wallet);
  return {
    client,
    requests: record.requests,
    faults,
    /** Holds the requests `held` matches from now on, until the function returned is called. */
    hold: (held: (request: WireRequest) => boolean) => {
      gate = new Promise((resolve) => (release = resolve));
      faults.held = held;
      return () => {
        faults.held = () => false;
        release();
      };
    },
  };
}

/** Moves the sandbox clock (e.g. past the OTP resend interval). */
export const advanceSandbox = (ms: number) => control('/clock', { ms });

/** Signs in with the sandbox code. */
export async function emailSignIn(client: WalletClient, wallet: TestWallet) {
  const otp = await client.signInWithEmailOtp({ credentialId: wallet.emailCredentialId });
  return otp.finish('000000');
}

/** The sandbox's record of the wallet's sessions (revoked ones included). */
export const sandboxSessions = (accountId: string) =>
  control<{ id: string; credentialId: string; revoked: boolean; expiresAt: number }[]>(
    `/sessions?accountId=${encodeURIComponent(accountId)}`,
    undefined,
    'GET',
  );

export async function expectRejects(promise: Promise<unknown>, check: (error: any) => void): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  if (error === undefined) throw new Error('expected a rejection');
  check(error);
}

/**
 * The sandbox's test identity provider: an OIDC-shaped token carrying the nonce
 * it is asked for, dated on the service's clock (tests move the sandbox clock).
 * Without `sub`, every call is a new identity.
 */
export function testIdp(clock: { serverNow(): number }, sub?: string): OidcTokenProvider {
  return async ({ nonce }) => {
    const now = Math.floor(clock.serverNow() / 1000);
    const enc = (v: unknown) => btoa(JSON.stringify(v)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const subject = sub ?? `s-${nonce.slice(0, 8)}`;
    const claims = { iss: 'https://oidc.sandbox.embedded-wallet.test', aud: 'demo-app', sub: subject, iat: now };
    return `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc({ ...claims, exp: now + 300, nonce, email: `${subject}@example.com` })}.c2ln`;
  };
}

/** A funded wallet's quote to a new USD external account (`accountNumber` picks the sandbox outcome). */
export async function quoteFor(wallet: TestWallet, amount = 1_000, accountNumber = '4444000123'): Promise<Quote> {
  await platform('POST', `/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: 50_000 });
  const external = await platform('POST', '/customers/external-accounts', {
    currency: 'USD',
    customerId: wallet.customerId,
    accountInfo: {
      accountType: 'USD_ACCOUNT',
      accountNumber,
      routingNumber: '021000021',
      beneficiary: { fullName: 'Pay Ee' },
    },
  });
  const quote = await platform<Quote>('POST', '/quotes', {
    source: { accountId: wallet.accountId },
    destination: { accountId: external.body.id },
    lockedCurrencyAmount: amount,
  });
  return quote.body;
}
