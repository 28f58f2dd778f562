/**
 * The request-shape step (src/relay/request-shape.ts): the path below the
 * mount point, the query and the JSON body, each read into the one spelling
 * the relay authorizes and forwards, from real fetch Requests.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { inboundOf } from '../../src/relay/inbound.js';
import { checkedQuery, readBody, relayPath } from '../../src/relay/request-shape.js';
import { refusalOf } from '../helpers/refusal.js';

const WALLET = 'InternalAccount:00000000-0000-4000-8000-000000000001';
const CAP = 64;

const url = (path: string) => new URL(`http://relay${path}`);
const post = (body: string, headers: Record<string, string> = {}) =>
  inboundOf(new Request('http://relay/auth/credentials', { method: 'POST', body, headers }));

describe('request shape: the path', () => {
  it('is the decoded path below basePath ("/" for the mount point itself)', () => {
    expect(relayPath(url('/api/auth/credentials'), '/api')).to.equal('/auth/credentials');
    expect(relayPath(url('/api'), '/api')).to.equal('/');
    expect(relayPath(url('/'), '')).to.equal('/');
    // The widget escapes the `:` of ids; that escape is decoded.
    expect(relayPath(url(`/api/internal-accounts/${WALLET.replace(':', '%3A')}`), '/api')).to.equal(
      `/internal-accounts/${WALLET}`,
    );
  });

  it('is refused outside basePath (404), a prefix of a longer segment included', async () => {
    for (const path of ['/auth/credentials', '/apix/x', '//api/x', '/apix/auth/credentials']) {
      const refused = await refusalOf(() => relayPath(url(path), '/api'));
      expect([refused.status, refused.code], path).to.deep.equal([404, 'NOT_FOUND']);
    }
    // The wallet's call under another prefix names the mistake (setup-mistakes.node.test.ts).
    for (const path of ['/apix/auth/credentials', '//api/auth/credentials']) {
      const refused = await refusalOf(() => relayPath(url(path), '/api', true));
      expect([refused.status, refused.code], path).to.deep.equal([404, 'RELAY_MISCONFIGURED']);
    }
  });

  it('is refused (400) when it escapes a "/" or a character that needs no escape', async () => {
    for (const path of ['/api/auth%2Fcredentials', `/api/internal-accounts/${WALLET}/%65xport`, '/api/auth%2dx']) {
      const refused = await refusalOf(() => relayPath(url(path), '/api'));
      expect([refused.status, refused.message], path).to.deep.equal([
        400,
        'The path escapes a "/" or a character that needs no escape',
      ]);
    }
  });

  it('is refused (400) when a percent-escape does not decode', async () => {
    for (const path of ['/auth/%E0%A4%A', '/auth/%ZZ']) {
      const refused = await refusalOf(() => relayPath(url(path), ''));
      expect([refused.status, refused.message], path).to.deep.equal([400, 'The path has an invalid percent-escape']);
    }
  });
});

describe('request shape: the query', () => {
  it("keeps only the operation's parameters, re-encoded", () => {
    const query = checkedQuery(url(`/auth/sessions?accountId=${WALLET}&limit=10`), ['accountId', 'limit', 'cursor']);
    expect(query.toString()).to.equal(`accountId=${encodeURIComponent(WALLET)}&limit=10`);
    expect(checkedQuery(url('/auth/sessions'), []).size).to.equal(0);
  });

  it('refuses a parameter the operation does not take (400), naming it', async () => {
    const refused = await refusalOf(() => checkedQuery(url(`/auth/sessions?accountId=${WALLET}&x=1`), ['accountId']));
    expect([refused.status, refused.message]).to.deep.equal([400, 'Unknown query parameter "x"']);
    const none = await refusalOf(() => checkedQuery(url('/passkeys/registration-options?a=1'), []));
    expect(none.status).to.equal(400);
  });

  it('refuses a parameter given twice (400): one wallet to the relay, another to the service', async () => {
    const refused = await refusalOf(() =>
      checkedQuery(url(`/auth/sessions?accountId=${WALLET}&accountId=x`), ['accountId']),
    );
    expect([refused.status, refused.message]).to.deep.equal([400, 'Query parameter accountId is given more than once']);
  });
});

describe('request shape: the body', () => {
  it('is the JSON object, forwarded re-serialised: a repeated key is the one value the relay read', async () => {
    const body = await readBody(post(`{ "type": "SMS_OTP", "accountId": "A", "accountId": "${WALLET}" }`), CAP * 4);
    expect(body.json).to.deep.equal({ type: 'SMS_OTP', accountId: WALLET });
    expect(body.text).to.equal(JSON.stringify({ type: 'SMS_OTP', accountId: WALLET }));
  });

  it('is none for no body or only whitespace', async () => {
    const none = { text: undefined, json: {} };
    expect(await readBody(inboundOf(new Request('http://relay/auth/sessions')), CAP)).to.deep.equal(none);
    expect(await readBody(post(''), CAP)).to.deep.equal(none);
    expect(await readBody(post(' \n '), CAP)).to.deep.equal(none);
  });

  it('is refused (400) unless it is a JSON object', async () => {
    for (const text of ['[]', 'null', '42', '"x"', '{"a":', 'not json']) {
      const refused = await refusalOf(() => readBody(post(text), CAP));
      expect([refused.status, refused.message], text).to.deep.equal([400, 'The request body must be a JSON object']);
    }
  });

  it('takes exactly maxBody bytes', async () => {
    const text = JSON.stringify({ a: 'x'.repeat(CAP - 8) });
    expect(text).to.have.length(CAP);
    expect((await readBody(post(text), CAP)).text).to.equal(text);
  });

  it('refuses a body past maxBody (413), whether or not its length is declared', async () => {
    const text = JSON.stringify({ a: 'x'.repeat(CAP - 7) });
    const request = post(text);
    expect(request.header('content-length')).to.equal(null); // undeclared: only reading it tells
    for (const inbound of [request, post(text, { 'content-length': String(text.length) })]) {
      const refused = await refusalOf(() => readBody(inbound, CAP));
      expect([refused.status, refused.code]).to.deep.equal([413, 'PAYLOAD_TOO_LARGE']);
    }
  });

  it('refuses a declared length past maxBody before reading a byte', async () => {
    let read = false;
    const inbound = { ...post('{}', { 'content-length': String(CAP + 1) }) };
    inbound.body = () => {
      read = true;
      return Promise.resolve(undefined);
    };
    const refused = await refusalOf(() => readBody(inbound, CAP));
    expect([refused.status, read]).to.deep.equal([413, false]);
  });
});
