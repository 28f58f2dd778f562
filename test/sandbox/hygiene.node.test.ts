/**
 * Sandbox hygiene: no request crashes the sandbox
 * or reaches a 500 with malformed input, oversized bodies get a prompt 413
 * that closes the connection, the clock control is bounded, amounts are safe
 * integers, and expired Request-Ids and challenges are forgotten.
 */
import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { TurnkeyWalletClient, type KeyPair, type Reply } from '../helpers/turnkey-wallet-client.js';
import { registerOtpCredentials } from '../helpers/otp-credentials.js';
import { pump, rawExchange, rawRequest } from './raw-http.js';

const MiB = 1024 * 1024;
const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** A sandbox that records every 5xx it answers and every internal error it logs. */
async function watchedSandbox(): Promise<{ sandbox: Sandbox; failures: string[] }> {
  const failures: string[] = [];
  const sandbox = await startSandbox({
    log: (line) => failures.push(line),
    onRequest: ({ method, path, status }) => {
      if (status >= 500) failures.push(`${status} on ${method} ${path}`);
    },
  });
  return { sandbox, failures };
}

const basic = (sandbox: Sandbox) =>
  `Basic ${Buffer.from(`${sandbox.credentials.username}:${sandbox.credentials.password}`).toString('base64')}`;

/** A platform call straight to the sandbox; `body` as a string is sent verbatim. */
async function call(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${path.startsWith('/_sandbox') ? sandbox.url : sandbox.baseUrl}${path}`, {
    method,
    headers: { authorization: basic(sandbox), 'content-type': 'application/json', ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
}

/** The wallet client of the shared helpers, talking to the sandbox directly with platform credentials. */
class DirectClient extends TurnkeyWalletClient {
  constructor(
    private readonly sandbox: Sandbox,
    accountId: string,
  ) {
    super(sandbox.baseUrl, 'direct', accountId, sandbox.enclaveKeys);
  }
  override call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    return super.call(method, path, body, { authorization: basic(this.sandbox), ...headers });
  }
}

async function newWallet(sandbox: Sandbox, email: string) {
  const customer = await call(sandbox, 'POST', '/customers', { customerType: 'INDIVIDUAL', email });
  expect(customer.status, JSON.stringify(customer.body)).to.equal(201);
  const accounts = await call(sandbox, 'GET', `/customers/internal-accounts?customerId=${customer.body.id}`);
  const accountId = accounts.body.data[0].id as string;
  await registerOtpCredentials((method, path, body) => call(sandbox, method, path, body), accountId, { email });
  const credentials = await call(sandbox, 'GET', `/auth/credentials?accountId=${accountId}`);
  return {
    customerId: customer.body.id as string,
    accountId,
    emailCredentialId: credentials.body.data[0].id as string,
  };
}

/** Signs in by email OTP; returns the client and its session key. */
async function signedIn(sandbox: Sandbox, email: string) {
  const wallet = await newWallet(sandbox, email);
  const client = new DirectClient(sandbox, wallet.accountId);
  const signIn = await client.otpSignIn(wallet.emailCredentialId, 'EMAIL_OTP');
  expect(signIn.key, JSON.stringify(signIn.error?.body)).to.not.equal(undefined);
  return { ...wallet, client, key: signIn.key as KeyPair };
}

const portOf = (sandbox: Sandbox) => Number(new URL(sandbox.url).port);
const alive = async (sandbox: Sandbox) => expect((await call(sandbox, 'GET', '/customers')).status).to.equal(200);

describe('sandbox hygiene', () => {
  let sandbox: Sandbox;
  let failures: string[];
  let port: number;
  before(async () => {
    ({ sandbox, failures } = await watchedSandbox());
    port = portOf(sandbox);
  });
  after(() => sandbox.close());

  const head = (line: string, extra = '') =>
    `${line}\r\nHost: sandbox\r\nAuthorization: ${basic(sandbox)}\r\n${extra}\r\n`;

  it('an absolute-URI request line with a bad host is answered 400, and the sandbox keeps serving', async () => {
    for (const target of ['http://[::1/x', 'http://a%zz/x', 'http://a:99999/x', 'http://a b/x']) {
      const answer = await rawRequest(port, head(`GET ${target} HTTP/1.1`, 'Connection: close\r\n'));
      expect(answer.status, target).to.equal(400);
      await alive(sandbox);
    }
    expect(failures).to.deep.equal([]);
  });

  it('a client that leaves mid-body, or sends garbage, gets a 4xx or a closed socket and harms nothing', async () => {
    const post = 'POST /2025-10-13/customers HTTP/1.1';
    const leaves = [
      head(post, 'Content-Type: application/json\r\nContent-Length: 1000\r\n') + '{"customerType":',
      head(post, 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n') + '10\r\n{"customerType":',
    ];
    for (const data of leaves) {
      await rawExchange(port, (socket) => socket.write(data, () => setTimeout(() => socket.destroy(), 20)));
      await alive(sandbox);
    }
    const garbage = [
      '\x00\x01\x02\r\n\r\n',
      head(post, 'Content-Length: abc\r\n'),
      head(post, 'Transfer-Encoding: chunked\r\n') + 'zz\r\n\r\n',
      head('GET /2025-10-13/customers HTTP/1.1', `X-Big: ${'a'.repeat(64 * 1024)}\r\n`),
      head('GET /2025-10-13/customers HTTP/1.1', `X-Bad: a\x01b\r\n`),
      'GET /2025-10-13/customers HTTP/9.9\r\n\r\n',
    ];
    for (const data of garbage) {
      const answer = await rawRequest(port, data);
      expect(answer.closed, JSON.stringify(data.slice(0, 40))).to.equal(true);
      if (answer.status !== undefined) expect(answer.status).to.be.within(400, 499);
      await alive(sandbox);
    }
    expect(failures).to.deep.equal([]);
  });

  it('bad % escapes in a path parameter are 400 INVALID_INPUT', async () => {
    for (const path of ['/auth/credentials/%E0%A4%A/challenge', '/customers/%zz', '/quotes/%C0%80', '/quotes/%']) {
      const answer = path.includes('challenge')
        ? await call(sandbox, 'POST', path, {})
        : await call(sandbox, 'GET', path);
      expect([answer.status, answer.body.code], path).to.deep.equal([400, 'INVALID_INPUT']);
    }
    expect(failures).to.deep.equal([]);
  });

  it('JSON nested deeper than 64 levels is 400 INVALID_INPUT; 64 levels, and brackets in strings, are accepted', async () => {
    const { accountId } = await newWallet(sandbox, 'deep@example.com');
    const deep = [
      `{"privateEnabled":true,"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
      `{"privateEnabled":true,"a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
      `{"privateEnabled":true,"a":${'['.repeat(64)}${']'.repeat(64)}}`,
    ];
    for (const body of deep) {
      for (const [method, path] of [
        ['PATCH', `/internal-accounts/${accountId}`],
        ['POST', '/customers'],
      ] as const) {
        const answer = await call(sandbox, method, path, body);
        expect([answer.status, answer.body.code], `${method} ${body.length}`).to.deep.equal([400, 'INVALID_INPUT']);
      }
    }
    const fine = await call(
      sandbox,
      'POST',
      '/customers',
      `{"customerType":"INDIVIDUAL","email":"ok@example.com","note":"${'[{'.repeat(500)}",` +
        `"extra":${'['.repeat(63)}${']'.repeat(63)}}`,
    );
    expect(fine.status, JSON.stringify(fine.body)).to.equal(201);
    expect(failures).to.deep.equal([]);
  });

  it('a body over 1 MiB gets a prompt 413 PAYLOAD_TOO_LARGE that closes the connection', async () => {
    const post = 'POST /2025-10-13/customers HTTP/1.1';
    const declared = await rawExchange(port, (socket) => {
      socket.write(head(post, `Content-Type: application/json\r\nContent-Length: ${8 * MiB}\r\n`));
      pump(socket, 8 * MiB);
    });
    const chunked = await rawExchange(port, (socket) => {
      socket.write(head(post, 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n'));
      pump(socket, 8 * MiB, (piece) =>
        Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]),
      );
    });
    // Expect: 100-continue: the client waits for a go-ahead that must not come.
    const asking = await rawRequest(
      port,
      head(post, `Content-Type: application/json\r\nContent-Length: ${8 * MiB}\r\nExpect: 100-continue\r\n`),
    );
    for (const answer of [declared, chunked, asking]) {
      expect(answer.status, answer.text.slice(0, 200)).to.equal(413);
      expect(answer.text).to.match(/\r\nconnection: close\r\n/i);
      expect(answer.text).to.include('"code":"PAYLOAD_TOO_LARGE"');
      expect(answer.closed, 'the server closes the connection').to.equal(true);
    }
    const viaNode = await new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
      const req = httpRequest(
        `${sandbox.baseUrl}/customers`,
        { method: 'POST', headers: { authorization: basic(sandbox), 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode, connection: res.headers.connection });
        },
      );
      req.on('error', reject);
      req.end(Buffer.alloc(8 * MiB, 0x20));
    });
    expect(viaNode).to.deep.equal({ status: 413, connection: 'close' });
    await alive(sandbox);
    expect(failures).to.deep.equal([]);
  });

  it('amounts must be safe integers: a RECEIVING quote for MAX_SAFE_INTEGER and funding past it are 400', async () => {
    const { customerId, accountId } = await newWallet(sandbox, 'amounts@example.com');
    const external = await call(sandbox, 'POST', '/customers/external-accounts', {
      currency: 'USD',
      customerId,
      accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '123456789', beneficiary: { fullName: 'Ada' } },
    });
    expect(external.status).to.equal(201);
    const quote = (amount: unknown, side = 'RECEIVING') =>
      call(
        sandbox,
        'POST',
        '/quotes',
        `{"source":{"accountId":"${accountId}"},"destination":{"accountId":"${external.body.id}"},` +
          `"lockedCurrencySide":"${side}","lockedCurrencyAmount":${amount}}`,
      );
    for (const amount of [Number.MAX_SAFE_INTEGER, '9007199254740993', '1e300', '1.5', '-100', '"100"']) {
      const answer = await quote(amount);
      expect([answer.status, answer.body.code], String(amount)).to.deep.equal([400, 'INVALID_INPUT']);
    }
    const largest = await quote(Number.MAX_SAFE_INTEGER, 'SENDING');
    expect(largest.status).to.equal(201);
    expect(largest.body.totalSendingAmount).to.equal(Number.MAX_SAFE_INTEGER);

    const fund = (amount: number) => call(sandbox, 'POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount });
    expect((await fund(Number.MAX_SAFE_INTEGER)).status).to.equal(200);
    const past = await fund(1);
    expect([past.status, past.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    expect(failures).to.deep.equal([]);
  });

  it('malformed stamps, attestations and control inputs are 4xx, never 500', async () => {
    const { accountId, client } = await signedIn(sandbox, 'malformed@example.com');
    const privacy = (headers: Record<string, string> = {}) =>
      client.call('PATCH', `/internal-accounts/${accountId}`, { privateEnabled: true }, headers);
    for (const stamp of [b64('null'), b64('[]'), b64('"x"'), b64('{"publicKey":{}}')]) {
      const first = await privacy();
      const retry = await privacy({ 'service-wallet-signature': stamp, 'request-id': first.body.requestId });
      expect([retry.status, retry.body.code], stamp).to.deep.equal([401, 'WALLET_SIGNATURE_MALFORMED']);
    }
    const attestation = { credentialId: 'abc', clientDataJson: b64('null'), attestationObject: 'abc' };
    const register = await client.call('POST', '/auth/credentials', {
      type: 'PASSKEY',
      accountId,
      challenge: 'abc',
      attestation,
    });
    expect(register.status).to.be.within(400, 499);

    for (const rule of [
      { path: '/x', kind: '500', count: 0 },
      { path: '/x', kind: '500', count: 1.5 },
      { path: '/x', kind: 'hang', hangMs: -1 },
      { path: '/x', kind: 'hang', hangMs: 1e12 },
      { path: '/x', kind: '500', skip: -1 },
      { path: '/x', kind: '500', method: 42 },
    ]) {
      const answer = await call(sandbox, 'POST', '/_sandbox/faults', rule);
      expect([answer.status, answer.body.code], JSON.stringify(rule)).to.deep.equal([400, 'INVALID_INPUT']);
    }
    for (const body of ['[]', 'null', '"x"', '{"a":1,}', '\u0000']) {
      const answer = await call(sandbox, 'POST', '/customers', body);
      expect([answer.status, answer.body.code], body).to.deep.equal([400, 'INVALID_INPUT']);
    }
    // Objects where strings belong, including ones String() cannot convert.
    const odd = { toString: 1, valueOf: 1 };
    for (const [path, body] of [
      ['/auth/credentials', { type: 'EMAIL_OTP', accountId: { id: 1 } }],
      ['/quotes', { source: { accountId: odd }, destination: { accountId: odd }, lockedCurrencyAmount: 100 }],
      [
        '/customers/external-accounts',
        { currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: odd, beneficiary: {} } },
      ],
      ['/customers', { customerType: 'INDIVIDUAL', email: 'odd@example.com', platformCustomerId: odd, currencies: 1 }],
    ] as const) {
      const answer = await call(sandbox, 'POST', path, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).to.be.within(200, 499);
    }
    const longHeader = await privacy({
      'request-id': 'r'.repeat(8_000),
      'service-wallet-signature': 's'.repeat(4_000),
    });
    expect(longHeader.status).to.equal(401);
    expect(failures).to.deep.equal([]);
  });
});

describe('sandbox hygiene: the clock control is bounded', () => {
  it('refuses advances that would overflow dates with 400, and later calls still work', async () => {
    const { sandbox, failures } = await watchedSandbox();
    try {
      const advance = (ms: unknown) => call(sandbox, 'POST', '/_sandbox/clock/advance', `{"ms":${ms}}`);
      for (const ms of ['1e16', '1e400', '-1', '"5"', 'null']) {
        const answer = await advance(ms);
        expect([answer.status, answer.body.code], ms).to.deep.equal([400, 'INVALID_INPUT']);
      }
      // Ten years at a time: the clock stops at its ceiling with a 400 instead of breaking dates.
      let last = 200;
      for (let i = 0; i < 2_000 && last === 200; i++) last = (await advance(10 * 365 * 86_400_000)).status;
      expect(last).to.equal(400);
      expect(() => sandbox.clock.advance(1e16)).to.throw(RangeError);
      const customer = await call(sandbox, 'POST', '/customers', {
        customerType: 'INDIVIDUAL',
        email: 'c@example.com',
      });
      expect(customer.status, JSON.stringify(customer.body)).to.equal(201);
      expect((await call(sandbox, 'GET', '/_sandbox/info')).status).to.equal(200);
      expect(failures).to.deep.equal([]);
    } finally {
      await sandbox.close();
    }
  });
});

describe('sandbox hygiene: expired Request-Ids and challenges are forgotten', () => {
  it('prunes pending signed requests, newest requests per resource and passkey challenges once they are well past expiry', async () => {
    const { sandbox, failures } = await watchedSandbox();
    try {
      const { accountId, client, key } = await signedIn(sandbox, 'prune@example.com');
      // A passkey, registered with a challenge the test picks (the relay would issue it).
      const authenticator = new SoftAuthenticator();
      const challenge = b64('registration challenge');
      const register = await client.signed(
        'POST',
        '/auth/credentials',
        {
          type: 'PASSKEY',
          accountId,
          challenge,
          attestation: authenticator.register({ origin: 'http://localhost', rpId: 'localhost', challenge }),
        },
        key,
      );
      expect(register.result.status, JSON.stringify(register.result.body)).to.equal(201);
      const passkeyId = register.result.body.id as string;

      const askSignature = () => client.call('PATCH', `/internal-accounts/${accountId}`, { privateEnabled: true });
      const askChallenge = () =>
        client.call('POST', `/auth/credentials/${passkeyId}/challenge`, { clientPublicKey: key.publicKey });
      for (let i = 0; i < 50; i++) {
        expect((await askSignature()).status).to.equal(202);
        expect((await askChallenge()).status).to.equal(200);
      }
      expect(sandbox.store.pending.size).to.be.at.least(50);
      expect(sandbox.store.passkeyChallenges.size).to.equal(50);
      // Supersession remembers one newest request per resource: the OTP verify, the registration, the privacy.
      expect(sandbox.store.newestRequest.size).to.equal(3);

      sandbox.clock.advance(24 * 60 * 60_000);
      expect((await askSignature()).status).to.equal(202);
      expect((await askChallenge()).status).to.equal(200);
      expect(sandbox.store.pending.size).to.equal(1);
      expect(sandbox.store.passkeyChallenges.size).to.equal(1);
      expect(sandbox.store.newestRequest.size).to.equal(1);
      expect(failures).to.deep.equal([]);
    } finally {
      await sandbox.close();
    }
  });
});
