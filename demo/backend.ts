/**
 * The demo's stand-in for a partner's backend (`/demo-api/*`): what a real
 * partner server does with its platform credentials (create customers, fund
 * in the sandbox, add external accounts, create and execute quotes with the
 * widget's signature), a test identity provider for OAuth, and the QA
 * scenario switches (faults, clock). Node only; never shipped in the package.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Sandbox } from '../src/sandbox/index.js';

/**
 * The outcomes the sandbox picks by an account number's last three digits
 * (spec Part 4.9), in the order the demo's picker shows them.
 */
export const MAGIC_SUFFIXES: { suffix: string; outcome: string }[] = [
  { suffix: '000', outcome: 'Success: PENDING, PROCESSING, then COMPLETED' },
  { suffix: '002', outcome: 'Execution fails at once: FAILED (EXECUTION_FAILED), refunded' },
  { suffix: '003', outcome: 'Slow: PROCESSING for about 6 minutes, then COMPLETED' },
  { suffix: '004', outcome: 'Delivery fails: FAILED (COUNTERPARTY_DELIVERY_FAILED), refunded' },
  { suffix: '005', outcome: 'Completes, then returned 30 s later: FAILED (RETURNED_BY_RECEIVING_BANK)' },
  { suffix: '006', outcome: 'Cancelled: FAILED (USER_CANCELLED), refunded' },
  { suffix: '007', outcome: 'Payout and refund fail: FAILED (PAYOUT_AND_REFUND_FAILED), not refunded' },
  { suffix: '102', outcome: 'Beneficiary name NOT_MATCHED (the account is still added)' },
  { suffix: '103', outcome: 'Beneficiary name PARTIAL_MATCH' },
  { suffix: '105', outcome: 'Beneficiary verification refuses the account (400)' },
];

/** The strict policy the README documents for hosts; the elements are tested under exactly this. */
export const HOST_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types lit-html',
].join('; ');

/**
 * The demo page's policy: the host policy plus the page's own Trusted Types
 * policy `ew-demo` (it injects the widget's script tag), as a host with its
 * own dynamic scripts would add. Every demo session shows nothing looser is needed.
 */
export const DEMO_CSP = `${HOST_CSP} ew-demo`;

type Json = Record<string, unknown>;

/** What the scenario faults hit: the widget's calls, not this backend's own polling. */
const WALLET_CALLS = /^\/(auth|internal-accounts)\//;

export interface DemoBackend {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Json) : {};
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function createDemoBackend(sandbox: Sandbox, oidc: { issuer: string; audience: string }): DemoBackend {
  const basic = `Basic ${Buffer.from(`${sandbox.credentials.username}:${sandbox.credentials.password}`).toString('base64')}`;

  /** A platform call, as the partner's server makes it (never from the browser). */
  async function platform(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { authorization: basic, 'content-type': 'application/json', ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
  }

  const routes: Record<string, (body: Json, url: URL) => Promise<{ status: number; body: unknown }>> = {
    'GET /config': async () => ({
      status: 200,
      body: { enclaveKeys: sandbox.enclaveKeys, otpCode: '000000', magicSuffixes: MAGIC_SUFFIXES },
    }),
    'GET /customers': async () => {
      const customers = await platform('GET', '/customers?limit=100');
      if (customers.status !== 200) return customers;
      const rows = await Promise.all(
        (customers.body['data'] as Json[]).map(async (c) => {
          const wallets = await platform('GET', `/customers/internal-accounts?customerId=${String(c['id'])}`);
          const wallet = ((wallets.body['data'] as Json[] | undefined) ?? [])[0];
          return { id: c['id'], email: c['email'], phoneNumber: c['phoneNumber'], wallet };
        }),
      );
      return { status: 200, body: rows };
    },
    'POST /customers': async (body) =>
      platform('POST', '/customers', {
        customerType: 'INDIVIDUAL',
        email: body['email'],
        ...(body['phoneNumber'] ? { phoneNumber: body['phoneNumber'] } : {}),
      }),
    'POST /fund': async (body) =>
      platform('POST', `/sandbox/internal-accounts/${String(body['accountId'])}/fund`, { amount: body['amount'] }),
    'POST /external-accounts': async (body) =>
      platform('POST', '/customers/external-accounts', {
        currency: 'USD',
        customerId: body['customerId'],
        accountInfo: {
          accountType: 'USD_ACCOUNT',
          accountNumber: `4444000${String(body['suffix'] ?? '000')}`,
          routingNumber: '021000021',
          beneficiary: { fullName: String(body['beneficiary'] ?? 'Pay Ee') },
        },
      }),
    'POST /quotes': async (body) =>
      platform('POST', '/quotes', {
        source: { accountId: body['accountId'] },
        destination: { accountId: body['externalAccountId'] },
        lockedCurrencyAmount: body['amount'],
      }),
    // The quote and, once executed, its transaction (where a failure's reason is).
    'GET /quote': async (_body, url) => {
      const quote = await platform('GET', `/quotes/${encodeURIComponent(url.searchParams.get('id') ?? '')}`);
      const transactionId = quote.body['transactionId'];
      if (quote.status !== 200 || typeof transactionId !== 'string') return quote;
      const transaction = await platform('GET', `/transactions/${encodeURIComponent(transactionId)}`);
      return { status: 200, body: { ...quote.body, transaction: transaction.body } };
    },
    // The partner's execute: the widget's signature and idempotency key, passed on verbatim.
    'POST /execute': async (body) =>
      platform('POST', `/quotes/${String(body['quoteId'])}/execute`, undefined, {
        'Service-Wallet-Signature': String(body['signature']),
        'Idempotency-Key': String(body['idempotencyKey']),
      }),
    // A test identity provider: an unsigned id_token the sandbox accepts (it checks claims, not signatures).
    'POST /oidc-token': async (body) => {
      const now = Math.floor(sandbox.clock.now() / 1000);
      const sub = String(body['subject'] ?? 'demo-user');
      const claims = { iss: oidc.issuer, aud: oidc.audience, sub, iat: now, exp: now + 300, nonce: body['nonce'] };
      return { status: 200, body: { idToken: `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(claims)}.ZGVtbw` } };
    },
    'POST /scenario': async (body) => {
      switch (body['name']) {
        case 'fail-next-500':
          sandbox.faults.inject({ path: WALLET_CALLS, kind: '500' });
          break;
        case 'timeout-next':
          sandbox.faults.inject({ path: WALLET_CALLS, kind: 'hang', hangMs: 10_000 });
          break;
        case 'advance-clock':
          sandbox.clock.advance(Number(body['ms'] ?? 0));
          break;
        default:
          return { status: 400, body: { message: `unknown scenario ${String(body['name'])}` } };
      }
      return { status: 200, body: { now: new Date(sandbox.clock.now()).toISOString() } };
    },
  };

  return {
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://demo');
      const route = routes[`${req.method} ${url.pathname.slice('/demo-api'.length)}`];
      let result: { status: number; body: unknown };
      try {
        result = route ? await route(req.method === 'GET' ? {} : await readJson(req), url) : { status: 404, body: {} };
      } catch (error) {
        result = { status: 500, body: { message: String(error) } };
      }
      res.writeHead(result.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(result.body));
    },
  };
}
