/** Fault injection, the clock and the other sandbox controls, in code and over HTTP. */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { createWalletCustomer, platform, startStack, type Stack } from '../helpers/stack.js';
import { stampWith, TurnkeyWalletClient } from '../helpers/turnkey-wallet-client.js';

describe('sandbox controls', () => {
  let stack: Stack;
  let ids: Awaited<ReturnType<typeof createWalletCustomer>>;
  let client: TurnkeyWalletClient;
  before(async () => {
    stack = await startStack();
    ids = await createWalletCustomer(stack.sandbox, { email: 'ctl@example.com' });
    stack.grant('u', ids.accountId);
    client = new TurnkeyWalletClient(stack.relayUrl, 'u', ids.accountId, stack.sandbox.enclaveKeys);
  });
  after(() => stack.close());

  it('a 500 fault fails the next matching request only, and the action does not happen', async () => {
    stack.sandbox.faults.inject({ method: 'GET', path: '/auth/sessions', kind: '500' });
    const failed = await client.call('GET', `/auth/sessions?accountId=${ids.accountId}`);
    expect([failed.status, failed.body.code]).to.deep.equal([500, 'INTERNAL_ERROR']);
    expect((await client.call('GET', `/auth/sessions?accountId=${ids.accountId}`)).status).to.equal(200);
  });

  it('an after-phase drop applies the action but loses the answer (an ambiguous failure)', async () => {
    const signIn = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    const path = `/auth/sessions/${signIn.session!.id}`;
    const challenge = await client.call('DELETE', path);
    expect(challenge.status).to.equal(202);
    stack.sandbox.faults.inject({ method: 'DELETE', path: '/auth/sessions/*', kind: 'drop', phase: 'after' });
    const retry = await client.call('DELETE', path, undefined, {
      'service-wallet-signature': await stampWith(signIn.key!, challenge.body.payloadToSign),
      'request-id': challenge.body.requestId,
    });
    expect(retry.status).to.equal(502); // the relay saw the connection close
    expect(stack.sandbox.store.sessions.get(signIn.session!.id)!.revoked).to.equal(true);
  });

  it('a fractional advance keeps the clock in whole milliseconds, so OTP tokens still carry an integer exp', async () => {
    stack.sandbox.clock.advance(31_000.5); // e.g. a device estimate of the server clock with a half millisecond
    expect(Number.isInteger(stack.sandbox.clock.now())).to.equal(true);
    const signIn = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    const claims = JSON.parse(Buffer.from(signIn.verify!.body.payloadToSign.split('.')[1], 'base64url').toString());
    expect(claims.exp).to.match(/^\d+$/);
  });

  it('the HTTP controls arm faults, move the clock and expire a session; they need the platform credentials', async () => {
    const { sandbox } = stack;
    const control = (method: string, path: string, body?: unknown, auth = true) =>
      fetch(`${sandbox.url}/_sandbox${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(auth
            ? { authorization: `Basic ${btoa(`${sandbox.credentials.username}:${sandbox.credentials.password}`)}` }
            : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    expect((await control('POST', '/faults', { path: '/customers', kind: '500' }, false)).status).to.equal(401);
    expect((await control('POST', '/faults', { path: '/customers', kind: 'explode' })).status).to.equal(400);
    expect(
      (await control('POST', '/faults', { method: 'get', path: '/customers', kind: '500', count: 2 })).status,
    ).to.equal(204);
    expect((await platform(sandbox, 'GET', '/customers')).status).to.equal(500);
    expect((await platform(sandbox, 'GET', '/customers')).status).to.equal(500);
    expect((await platform(sandbox, 'GET', '/customers')).status).to.equal(200);
    expect((await control('POST', '/faults', { path: '/customers', kind: '500' })).status).to.equal(204);
    expect((await control('DELETE', '/faults')).status).to.equal(204);
    expect((await platform(sandbox, 'GET', '/customers')).status).to.equal(200);

    const before = sandbox.clock.now();
    const advanced = await (await control('POST', '/clock/advance', { ms: 120_000 })).json();
    expect(Date.parse(advanced.now) - before).to.be.within(120_000, 125_000);

    const signIn = await client.otpSignIn(ids.emailCredentialId, 'EMAIL_OTP');
    expect((await control('POST', `/sessions/${encodeURIComponent(signIn.session!.id)}/expire`)).status).to.equal(204);
    const sessions = await client.call('GET', `/auth/sessions?accountId=${ids.accountId}`);
    expect(sessions.body.data.map((s: { id: string }) => s.id)).to.not.include(signIn.session!.id);
    const info = await (await control('GET', '/info')).json();
    expect(info.enclaveKeys).to.deep.equal(sandbox.enclaveKeys);
  });

  it('npm run sandbox prints the URL, the credentials and the enclave keys, and serves', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner: ${out}`)), 30_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Ctrl-C')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const url = /service base URL: +(\S+)/.exec(out)![1]!;
      const creds = /platform credentials: +(\S+)/.exec(out)![1]!;
      expect(out).to.match(/OTP target bundles: +04[0-9a-f]{128}/);
      expect(out).to.match(/export bundles: +04[0-9a-f]{128}/);
      const response = await fetch(`${url}/customers`, { headers: { authorization: `Basic ${btoa(creds)}` } });
      expect(response.status).to.equal(200);
      // The partner guide's app takes the same facts from one pasted line.
      const env = Object.fromEntries(
        [.../^ *export (\w+=.*)$/m.exec(out)![1]!.matchAll(/(\w+)=(\S+)/g)].map(([, name, value]) => [name, value]),
      );
      const [username, password] = creds.split(/:(.*)/s);
      expect(env).to.deep.equal({
        SERVICE_URL: url,
        API_TOKEN_ID: username,
        API_CLIENT_SECRET: password,
        OTP_TARGET_KEY: /OTP target bundles: +(\S+)/.exec(out)![1],
        EXPORT_KEY: /export bundles: +(\S+)/.exec(out)![1],
        SANDBOX: '1',
      });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
