/**
 * The demo's stand-in for a partner's backend (`/demo-api/*`): what a real
 * partner server does with its platform credentials (create customers, fund
 * in the sandbox, add external accounts, create and execute quotes with the
 * widget's signature), a test identity provider for OAuth, and the QA
 * scenario switches (faults, clock). Node only; never shipped in the package.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Sandbox } from '../src/sandbox/index.js';
import { BadRequest, optionalText, readJsonObject, requiredText } from './read-json.js';

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

/**
 * A test account of each currency the sandbox pays out in, its primary
 * identifier ending in the outcome's suffix (for a PIX key, before the @).
 */
const ACCOUNT_IDENTIFIERS: Record<string, (suffix: string) => Record<string, string>> = {
  USD: (suffix) => ({ accountNumber: `4444000${suffix}`, routingNumber: '021000021' }),
  EUR: (suffix) => ({ iban: `DE89370400440532013${suffix}`, swiftCode: 'COBADEFFXXX' }),
  MXN: (suffix) => ({ clabeNumber: `032180000118359${suffix}` }),
  AED: (suffix) => ({ iban: `AE070331234567890123${suffix}`, swiftCode: 'EBILAEAD' }),
  BRL: (suffix) => ({ pixKey: `pay.ee${suffix}@example.com` }),
};

/** The sandbox's UMA test senders (spec 4.9) that pay in USD, the wallet's currency. */
export const UMA_SENDERS = [
  '$success.usd@sandbox.local',
  '$pending.long.usd@sandbox.local',
  '$fail.compliance.usd@sandbox.local',
];

/** The strict policy the README documents for hosts; the elements are tested under exactly this. */
export const HOST_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
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

/** The largest clock jump accepted: the QA switches move minutes; a month is room enough and keeps dates sane. */
const MAX_CLOCK_ADVANCE_MS = 30 * 24 * 3_600_000;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function createDemoBackend(
  sandbox: Sandbox,
  oidc: { issuer: string; audience: string },
  /** The wallet's frame page (isolated mode), when the demo serves one. */
  isolated: { frameUrl?: string } = {},
): DemoBackend {
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

  /** An id as one path segment: a `/` or `..` in a request cannot reach another platform route. */
  const segment = (body: Json, name: string) => encodeURIComponent(requiredText(body, name));

  const routes: Record<string, (body: Json, url: URL) => Promise<{ status: number; body: unknown }>> = {
    'GET /config': async () => ({
      status: 200,
      body: { enclaveKeys: sandbox.enclaveKeys, otpCode: '000000', magicSuffixes: MAGIC_SUFFIXES, ...isolated },
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
    // The customer and its embedded wallet, so a caller can sign in to it at once.
    'POST /customers': async (body) => {
      const phoneNumber = optionalText(body, 'phoneNumber');
      const customer = await platform('POST', '/customers', {
        customerType: 'INDIVIDUAL',
        email: requiredText(body, 'email'),
        ...(phoneNumber ? { phoneNumber } : {}),
      });
      if (customer.status !== 201) return customer;
      const id = encodeURIComponent(String(customer.body['id']));
      const wallets = await platform('GET', `/customers/internal-accounts?customerId=${id}`);
      const wallet = ((wallets.body['data'] as Json[] | undefined) ?? [])[0];
      return { status: 201, body: { ...customer.body, wallet } };
    },
    'POST /fund': async (body) =>
      platform('POST', `/sandbox/internal-accounts/${segment(body, 'accountId')}/fund`, { amount: body['amount'] }),
    // Money coming in (spec 4.9): a same-currency transfer from an external account, or a UMA
    // payment from one of the sandbox's test senders; the wallet is credited once it completes.
    'POST /receive': async (body) => {
      const amount = body['amount'];
      const from = requiredText(body, 'from');
      if (from === 'transfer-in') {
        return platform('POST', '/transfer-in', {
          source: { accountId: requiredText(body, 'externalAccountId') },
          destination: { accountId: requiredText(body, 'accountId') },
          amount,
        });
      }
      if (!UMA_SENDERS.includes(from))
        throw new BadRequest(400, `"from" must be transfer-in or one of ${UMA_SENDERS.join(', ')}`);
      const customer = await platform('GET', `/customers/${segment(body, 'customerId')}`);
      if (customer.status !== 200) return customer;
      return platform('POST', '/sandbox/uma/receive', {
        senderUmaAddress: from,
        receiverUmaAddress: customer.body['umaAddress'],
        receivingCurrencyCode: 'USD',
        receivingCurrencyAmount: amount,
      });
    },
    // The wallet as the partner's backend reads it: its balance.
    'GET /wallet': async (_body, url) => {
      const customerId = encodeURIComponent(url.searchParams.get('customerId') ?? '');
      const wallets = await platform('GET', `/customers/internal-accounts?customerId=${customerId}`);
      const wallet = ((wallets.body['data'] as Json[] | undefined) ?? [])[0];
      return wallet ? { status: 200, body: wallet } : { status: 404, body: { message: 'No wallet' } };
    },
    'POST /external-accounts': async (body) => {
      const suffix = optionalText(body, 'suffix') ?? '000';
      if (!/^\d{3}$/.test(suffix)) throw new BadRequest(400, '"suffix" must be three digits');
      const currency = optionalText(body, 'currency') ?? 'USD';
      const identity = ACCOUNT_IDENTIFIERS[currency];
      if (!identity)
        throw new BadRequest(400, `"currency" must be one of ${Object.keys(ACCOUNT_IDENTIFIERS).join(', ')}`);
      return platform('POST', '/customers/external-accounts', {
        currency,
        customerId: requiredText(body, 'customerId'),
        accountInfo: {
          accountType: `${currency}_ACCOUNT`,
          ...identity(suffix),
          beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: optionalText(body, 'beneficiary') ?? 'Pay Ee' },
        },
      });
    },
    'POST /quotes': async (body) =>
      platform('POST', '/quotes', {
        source: { accountId: requiredText(body, 'accountId') },
        destination: { accountId: requiredText(body, 'externalAccountId') },
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
      platform('POST', `/quotes/${segment(body, 'quoteId')}/execute`, undefined, {
        'Service-Wallet-Signature': requiredText(body, 'signature'),
        'Idempotency-Key': requiredText(body, 'idempotencyKey'),
      }),
    // A test identity provider: an unsigned id_token the sandbox accepts (it checks claims, not signatures).
    'POST /oidc-token': async (body) => {
      const now = Math.floor(sandbox.clock.now() / 1000);
      const sub = optionalText(body, 'subject') ?? 'demo-user';
      const nonce = requiredText(body, 'nonce');
      const claims = { iss: oidc.issuer, aud: oidc.audience, sub, iat: now, exp: now + 300, nonce };
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
        case 'advance-clock': {
          const ms = body['ms'];
          if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > MAX_CLOCK_ADVANCE_MS)
            throw new BadRequest(400, `"ms" must be an integer from 0 to ${MAX_CLOCK_ADVANCE_MS}`);
          sandbox.clock.advance(ms);
          break;
        }
        default:
          throw new BadRequest(400, 'unknown scenario');
      }
      return { status: 200, body: { now: new Date(sandbox.clock.now()).toISOString() } };
    },
  };

  return {
    // Never rejects: every failure, the request's own included, is a JSON answer.
    async handle(req, res) {
      let result: { status: number; body: unknown };
      try {
        let url: URL;
        try {
          // Only the path counts: an absolute-form target's own host is ignored, but must parse.
          url = new URL(req.url ?? '/', 'http://demo');
        } catch {
          throw new BadRequest(400, 'The request target is malformed');
        }
        const route = routes[`${req.method} ${url.pathname.slice('/demo-api'.length)}`];
        result = route
          ? await route(req.method === 'GET' ? {} : await readJsonObject(req), url)
          : { status: 404, body: { message: 'Not found' } };
      } catch (error) {
        if (error instanceof BadRequest) {
          result = { status: error.status, body: { message: error.message } };
        } else {
          console.error('demo backend:', error);
          result = { status: 500, body: { message: 'The demo backend failed' } };
        }
      }
      if (res.headersSent || res.destroyed) return;
      res.writeHead(result.status, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        // A body left unread (refused as too large, say) means this connection cannot carry another request.
        ...(req.complete ? {} : { connection: 'close' }),
      });
      res.end(JSON.stringify(result.body));
    },
  };
}
