/**
 * The credentials read ahead of a sign-in (src/client/credentials-ahead.ts),
 * against the real sandbox: a client with `readCredentialsAhead` reads them as
 * soon as it is signed out, without being asked, and its next
 * `listCredentials()` takes that answer instead of asking again; without the
 * option nothing is read unasked; once signed in, nothing read ahead is handed
 * out (a first sign-in may add a credential); signed out within AHEAD_MS of a
 * read, nothing is read ahead (the reader has its answer).
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { AHEAD_MS, CredentialsAhead } from '../../src/client/credentials-ahead.js';
import type { AuthMethod } from '../../src/protocol/index.js';
import { emailSignIn, makeClient, newWallet, recording } from '../helpers/browser-stack.js';
import { waitFor } from '../helpers/dom.js';

const CREDENTIALS = 'GET /auth/credentials';
const reads = (calls: string[]) => calls.filter((call) => call === CREDENTIALS).length;
const storageNamespace = () => `ahead-${crypto.randomUUID()}`;

describe('client: the credentials read ahead of a sign-in', () => {
  it('signed out on restore: read unasked, and the next listCredentials() takes that answer (one call)', async () => {
    const wallet = await newWallet();
    const { transport, calls } = recording();
    const client = await makeClient(wallet, {
      transport,
      readCredentialsAhead: true,
      storageNamespace: storageNamespace(),
    });
    await waitFor(() => reads(calls) === 1, 'the read ahead');
    const methods = await client.listCredentials();
    expect(methods.map((m) => m.type)).to.include('EMAIL_OTP');
    expect(reads(calls)).to.equal(1);
    // Taken once: the reader after it asks the service again.
    await client.listCredentials();
    expect(reads(calls)).to.equal(2);
    client.close();
  });

  it('without the option (a headless client), nothing is read until asked', async () => {
    const wallet = await newWallet();
    const { transport, calls } = recording();
    const client = await makeClient(wallet, { transport, storageNamespace: storageNamespace() });
    await new Promise((r) => setTimeout(r, 300));
    expect(reads(calls)).to.equal(0);
    await client.listCredentials();
    expect(reads(calls)).to.equal(1);
    client.close();
  });

  it('signed in: what was read ahead is dropped; signed out just after a read, nothing is read ahead', async () => {
    const wallet = await newWallet();
    const { transport, calls } = recording();
    const client = await makeClient(wallet, {
      transport,
      readCredentialsAhead: true,
      storageNamespace: storageNamespace(),
    });
    await waitFor(() => reads(calls) === 1, 'the read ahead');
    await emailSignIn(client, wallet);
    const before = reads(calls);
    await client.listCredentials();
    expect(reads(calls), 'a read of its own once signed in').to.equal(before + 1);
    // Signed out now: that read is seconds old, so the sign-in shown next has a fresh answer to ask for itself.
    await client.signOut();
    await new Promise((r) => setTimeout(r, 300));
    expect(reads(calls)).to.equal(before + 1);
    client.close();
  });

  it('an answer read ahead is handed out only while fresh: after AHEAD_MS the reader asks anew', async () => {
    let asked = 0;
    let now = 1_000;
    const ahead = new CredentialsAhead(
      () => Promise.resolve(Array.from({ length: ++asked }) as AuthMethod[]),
      true,
      () => now,
    );
    ahead.follow({ status: 'signed-out', cause: 'restored' });
    now += AHEAD_MS - 1;
    expect((await ahead.read()).length, 'fresh: the answer read ahead').to.equal(1);
    now += AHEAD_MS;
    ahead.follow({ status: 'signed-out', cause: 'signed-out' });
    now += AHEAD_MS;
    expect((await ahead.read()).length, 'stale: a read now').to.equal(3);
    // Signed out just after a reader read them (a sign-in drawn while a stored session was looked
    // for, which was not found): that reader has its answer, nothing is read ahead.
    ahead.follow({ status: 'signed-out', cause: 'restored' });
    expect(asked).to.equal(3);
    now += AHEAD_MS;
    ahead.follow({ status: 'signed-out', cause: 'signed-out' });
    expect(asked, 'later (a sign-out): read ahead again').to.equal(4);
  });

  it('a read ahead that failed is not handed out: the reader asks anew', async () => {
    let asked = 0;
    const ahead = new CredentialsAhead(
      () => (++asked === 1 ? Promise.reject(new Error('offline')) : Promise.resolve([] as AuthMethod[])),
      true,
    );
    ahead.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(await ahead.read()).to.deep.equal([]);
    expect(asked).to.equal(2);
  });
});
