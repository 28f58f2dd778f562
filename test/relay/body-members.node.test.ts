/**
 * The relay forwards only the body members each operation takes
 * (src/relay/operations.ts, checked by src/relay/body-members.ts). For every
 * operation of OPERATIONS, so a new one is covered by being added: a member
 * it does not take is refused (400 INVALID_INPUT, naming it) before anything
 * reaches the service, and a body of exactly its members is forwarded as sent.
 * The service is a stand-in that takes anything, so only the relay refuses.
 */
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createRelay, OPERATIONS, type Operation } from '../../src/relay/index.js';
import { CREDENTIAL_TYPES, type CredentialType } from '../../src/relay/operation-types.js';

const WALLET = 'InternalAccount:00000000-0000-4000-8000-000000000001';
const CUSTOMER = 'Customer:00000000-0000-4000-8000-000000000002';
const CREDENTIAL = 'AuthMethod:00000000-0000-4000-8000-000000000003';
const SESSION = 'Session:00000000-0000-4000-8000-000000000004';
const QUOTE = 'Quote:00000000-0000-4000-8000-000000000005';

/** The `{id}` of each kind of path. */
const ID: Record<Operation['account'], string | undefined> = {
  body: undefined,
  query: undefined,
  path: WALLET,
  credential: CREDENTIAL,
  session: SESSION,
  quote: QUOTE,
  customer: CUSTOMER,
};
const QUERY: Record<string, string> = { accountId: WALLET, customerId: CUSTOMER, limit: '10', cursor: 'c' };
/** A value for a body member (any string for members the relay reads nothing of). */
const VALUE: Record<string, unknown> = {
  accountId: WALLET,
  customerType: 'INDIVIDUAL',
  email: 'ada@example.com',
  phoneNumber: '+14155550123',
  privateEnabled: true,
  assertion: { credentialId: 'c', clientDataJson: 'd', authenticatorData: 'a', signature: 's' },
  attestation: { credentialId: 'c', clientDataJson: 'd', attestationObject: 'o', transports: [] },
};

/** Members no operation takes; `toString` is on every object's prototype, so an `in` check would take it. */
const NOT_TAKEN = ['extra', 'toString'];

/** One body the operation takes, with the credential type the stand-in service lists (if it matters). */
interface Case {
  label: string;
  members: string[];
  credentialType: CredentialType;
  /** Members of the operation's other cases, which this one does not take. */
  others: string[];
}

/** Every body an operation takes: per credential type, per choice of an exactly-one member. */
function casesOf(operation: Operation): Case[] {
  const rule = operation.body;
  if ('members' in rule) {
    const all = Object.keys(rule.members);
    const one = rule.exactlyOne ?? [];
    const choices = one.length ? one : [undefined];
    return choices.map((chosen) => ({
      label: chosen ?? 'its members',
      members: all.filter((m) => !one.includes(m) || m === chosen),
      credentialType: 'EMAIL_OTP',
      others: [],
    }));
  }
  const union = [...new Set(CREDENTIAL_TYPES.flatMap((t) => Object.keys(rule.types[t])))];
  return CREDENTIAL_TYPES.map((type) => {
    const members = Object.keys(rule.types[type]);
    return { label: type, members, credentialType: type, others: union.filter((m) => !members.includes(m)) };
  });
}

describe('the relay forwards only the body members each operation takes', () => {
  let service: Server;
  let relay: (request: Request) => Promise<Response>;
  /** What reached the stand-in service since the last reset. */
  let seen: { method: string; path: string; body: string }[] = [];
  /** The type of the credential the stand-in lists for the wallet. */
  let listedType: CredentialType = 'EMAIL_OTP';

  before(async () => {
    service = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://service');
        const path = decodeURIComponent(url.pathname).replace(/^\/v1/, '');
        seen.push({ method: req.method ?? '', path, body });
        const answer =
          req.method !== 'GET'
            ? {}
            : path === '/auth/credentials'
              ? { data: [{ id: CREDENTIAL, type: listedType, accountId: WALLET }], hasMore: false }
              : path === '/auth/sessions'
                ? { data: [{ id: SESSION, accountId: WALLET }], hasMore: false }
                : path === `/quotes/${QUOTE}`
                  ? { id: QUOTE, source: { accountId: WALLET } }
                  : { data: [{ id: WALLET, type: 'EMBEDDED_WALLET' }] };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    relay = createRelay({
      serviceUrl: `http://127.0.0.1:${(service.address() as AddressInfo).port}/v1`,
      credentials: { username: 'u', password: 'p' },
      authorize: () => true,
      passkeys: { rpId: 'localhost', rpName: 'Test', user: () => ({ id: 'u', name: 'u' }) },
    });
  });
  after(() => {
    service.closeAllConnections();
    service.close();
  });
  beforeEach(() => {
    seen = [];
  });

  /**
   * The operation's request with `body`. fetch's Request refuses a GET with a
   * body, but a host's own adapter may hand one over: such a request reads
   * GET, carrying the body, and the relay's check must not count on it having none.
   */
  async function send(operation: Operation, body?: Record<string, unknown>) {
    const path = operation.path.replace('{id}', ID[operation.account] ?? '');
    const query = new URLSearchParams(operation.query.map((name) => [name, QUERY[name] ?? 'x']));
    const request = new Request(`http://relay${path}${query.size ? `?${query}` : ''}`, {
      method: operation.method === 'GET' && body ? 'POST' : operation.method,
      headers: { 'ew-account-id': WALLET, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (request.method !== operation.method) Object.defineProperty(request, 'method', { value: operation.method });
    const answer = await relay(request);
    const text = await answer.text();
    return { status: answer.status, body: text ? JSON.parse(text) : {} };
  }

  /** A body of `members`; a passkey registration's challenge issued by the relay for it. */
  async function bodyOf(members: string[], type: CredentialType) {
    const body: Record<string, unknown> = {};
    for (const name of members) body[name] = name === 'type' ? type : (VALUE[name] ?? 'x');
    if (members.includes('challenge')) {
      const options = await relay(
        new Request('http://relay/passkeys/registration-options', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ accountId: WALLET }),
        }),
      );
      body['challenge'] = ((await options.json()) as { challenge: string }).challenge;
      seen = [];
    }
    return body;
  }

  const reachedOperation = (operation: Operation) =>
    seen.filter(
      (r) => r.method === operation.method && r.path === operation.path.replace('{id}', ID[operation.account] ?? ''),
    );

  for (const operation of OPERATIONS) {
    it(`${operation.name}: a member it does not take is 400 before the service; exactly its members are forwarded`, async () => {
      for (const { label, members, credentialType, others } of casesOf(operation)) {
        const what = `${operation.name} (${label})`;
        listedType = credentialType;
        // Any member no case takes: refused from the request alone, nothing asked of the service.
        for (const extra of NOT_TAKEN) {
          const body = { ...(await bodyOf(members, credentialType)), [extra]: 'x' };
          const refused = await send(operation, body);
          expect([refused.status, refused.body.code], `${what} + ${extra}`).to.deep.equal([400, 'INVALID_INPUT']);
          expect(refused.body.message, what).to.include(`(not ${extra})`);
          expect(seen, `${what} + ${extra}`).to.deep.equal([]);
        }
        // A member another credential type takes: refused for this one. With the type in the body, from the
        // request alone; with the credential's, once its lookup has said which (the call itself never goes).
        for (const other of others) {
          const body = { ...(await bodyOf(members, credentialType)), [other]: VALUE[other] ?? 'x' };
          const refused = await send(operation, body);
          expect([refused.status, refused.body.code], `${what} + ${other}`).to.deep.equal([400, 'INVALID_INPUT']);
          expect(refused.body.message, `${what} + ${other}`).to.include(`(not ${other})`);
          if ('typeFrom' in operation.body && operation.body.typeFrom === 'body') expect(seen).to.deep.equal([]);
          expect(reachedOperation(operation), `${what} + ${other}`).to.deep.equal([]);
        }
        // Exactly its members: forwarded, body as sent (as the widget: `{}` for a POST of none, no body to GET or DELETE).
        seen = [];
        const bodiless = !members.length && (operation.method === 'GET' || operation.method === 'DELETE');
        const body = bodiless ? undefined : await bodyOf(members, credentialType);
        const forwarded = await send(operation, body);
        expect(forwarded.status, `${what}: ${JSON.stringify(forwarded.body)}`).to.equal(200);
        const reached = reachedOperation(operation);
        expect(reached, what).to.have.length.greaterThan(0);
        expect(reached.at(-1)!.body ? JSON.parse(reached.at(-1)!.body) : undefined, what).to.deep.equal(body);
        seen = [];
      }
    });
  }

  it("a verify naming another type than the credential's is refused after the lookup, before the call", async () => {
    const verify = OPERATIONS.find((o) => o.name === 'auth.verify')!;
    listedType = 'EMAIL_OTP';
    const refused = await send(verify, { type: 'OAUTH', oidcToken: 'x.y.z', clientPublicKey: '04ab' });
    expect([refused.status, refused.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    expect(refused.body.message).to.include('EMAIL_OTP');
    expect(seen.map((r) => r.method)).to.deep.equal(['GET']); // the ownership lookup only
  });

  it('a contact change names exactly one of email or phoneNumber, refused before the service', async () => {
    const contact = OPERATIONS.find((o) => o.name === 'customer.contact')!;
    for (const body of [
      { customerType: 'INDIVIDUAL' },
      { customerType: 'INDIVIDUAL', email: 'a@example.com', phoneNumber: '+14155550123' },
    ]) {
      const refused = await send(contact, body);
      expect([refused.status, refused.body.message]).to.deep.equal([
        400,
        'A customer.contact names exactly one of email or phoneNumber',
      ]);
    }
    expect(seen).to.deep.equal([]);
  });

  it('every operation says what binds each of its parts: the path id, each query parameter and body member', () => {
    for (const operation of OPERATIONS) {
      const rule = operation.body;
      const bindings = [
        ...(operation.path.includes('{id}') ? [operation.boundBy.id] : []),
        ...operation.query.map((name) => operation.boundBy.query[name]),
        ...('members' in rule
          ? Object.values(rule.members)
          : CREDENTIAL_TYPES.flatMap((t) => Object.values(rule.types[t]))),
      ];
      for (const text of bindings) expect(text, operation.name).to.be.a('string').and.match(/\w{3}/);
    }
  });
});
