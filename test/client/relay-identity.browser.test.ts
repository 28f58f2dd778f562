/**
 * What a signature does not cover, a relay could still change: each case here
 * is a hostile relay in front of the real sandbox rewriting something the
 * stamps do not protect (a member added to a verify, an identity in an
 * answer, a `Date` header, a `requestId`, an answer it makes up instead of
 * forwarding the signed retry) and the client refusing it or saying the truth.
 */
import { expect } from 'chai';
import { before, describe, it } from '#test-harness';
import { generateEncryptionKeyPair, publicKeyHex, WalletCryptoError } from '../../src/crypto/index.js';
import { fetchTransport, type Transport, type WireResponse } from '../../src/protocol/index.js';
import {
  advanceSandbox,
  emailSignIn,
  expectRejects,
  makeClient,
  newWallet,
  platform,
  sandboxSessions,
} from '../helpers/browser-stack.js';
import { addVirtualAuthenticator } from '../helpers/authenticator.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { tamperingRelay } from '../helpers/tampering-relay.js';

const sha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
type Activity = { type: string; parameters: Record<string, unknown> };

/** The claims of a compact JWT, read independently of the client's code. */
const claimsOf = (jwt: string) =>
  JSON.parse(atob(jwt.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;

/** `response` with its `Date` header replaced. */
function withDate(response: WireResponse, date: Date): WireResponse {
  const headers = new Headers();
  for (const name of ['content-type', 'retry-after']) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set('date', date.toUTCString());
  return { ...response, headers };
}

describe('a relay cannot use what the stamps do not cover', () => {
  before(async () => {
    await addVirtualAuthenticator();
  });

  it('a code verify with a session key the relay added: the token names it, the client refuses it unsigned, no session starts', async () => {
    const wallet = await newWallet();
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport });
    const attacker = await publicKeyHex((await generateEncryptionKeyPair()).publicKey, 'uncompressed');
    let token: string | undefined;
    relay.onRequest = (request) =>
      request.path.endsWith('/verify')
        ? { ...request, body: { ...(request.body as object), clientPublicKey: attacker } }
        : request;
    relay.onPayload = (payload) => (token = payload);
    const sessionsBefore = await sandboxSessions(wallet.accountId);
    const otp = await client.signInWithEmailOtp({ credentialId: wallet.emailCredentialId });
    await expectRejects(otp.finish('000000'), (e) => {
      expect(e).to.be.instanceOf(WalletCryptoError);
      expect(e.code).to.equal('PAYLOAD_WRONG_KEY');
      expect((e as WalletCryptoError).field).to.equal('session_public_key');
    });
    // The sandbox put the relay's key where the user's stamp would cover it, and no stamp went out.
    expect(claimsOf(token!)['session_public_key']).to.equal(attacker);
    expect(relay.signed()).to.have.length(0);
    expect(await sandboxSessions(wallet.accountId)).to.deep.equal(sessionsBefore);
    expect(client.state.status).to.equal('signed-out');
    client.close();
  });

  it('with organizationId set, a code target signed for another organization is refused before a code is typed', async () => {
    const wallet = await newWallet();
    const relay = tamperingRelay();
    let organizationId: string | undefined;
    // The organization the sandbox signs into the wallet's target bundle (its `data` is hex JSON).
    relay.onResponse = (response, request) => {
      const bundle = (response.body as { otpEncryptionTargetBundle?: string } | undefined)?.otpEncryptionTargetBundle;
      if (request.path.endsWith('/challenge') && bundle) {
        const data = (JSON.parse(bundle) as { data: string }).data;
        const json = new TextDecoder().decode(new Uint8Array(data.match(/../g)!.map((b) => parseInt(b, 16))));
        organizationId = (JSON.parse(json) as { organizationId: string }).organizationId;
      }
      return response;
    };
    const wrong = await makeClient(wallet, {
      transport: relay.transport,
      organizationId: '00000000-0000-4000-8000-000000000000',
    });
    await expectRejects(wrong.signInWithEmailOtp({ credentialId: wallet.emailCredentialId }), (e) =>
      expect(e.code).to.equal('BUNDLE_WRONG_ORGANIZATION'),
    );
    wrong.close();
    expect(organizationId).to.match(/^[0-9a-f-]{36}$/);
    // The wallet's own organization passes, for the code and for every activity after it.
    await advanceSandbox(31_000);
    const pinned = await makeClient(wallet, {
      organizationId: organizationId!,
      storageNamespace: `pin-${Math.random()}`,
    });
    await emailSignIn(pinned, wallet);
    await pinned.setWalletPrivacy(true);
    pinned.close();
  });

  it("a sign-in answer naming another wallet is INVALID_RESPONSE: nothing is stored as this wallet's session", async () => {
    const wallet = await newWallet();
    const other = await newWallet();
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport });
    relay.onResponse = (response, request) =>
      request.path.endsWith('/verify') && response.status === 200
        ? { ...response, body: { ...(response.body as object), accountId: other.accountId } }
        : response;
    const otp = await client.signInWithEmailOtp({ credentialId: wallet.emailCredentialId });
    await expectRejects(otp.finish('000000'), (e) => expect(e.code).to.equal('INVALID_RESPONSE'));
    expect(client.state.status).to.equal('signed-out');
    client.close();
  });

  it('a sign-in answer naming another sign-in method of this wallet is INVALID_RESPONSE', async () => {
    const wallet = await newWallet({ phone: true });
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport });
    relay.onResponse = (response, request) =>
      request.path.endsWith('/verify') && response.status === 200
        ? { ...response, body: { ...(response.body as object), credentialId: wallet.smsCredentialId } }
        : response;
    const otp = await client.signInWithEmailOtp({ credentialId: wallet.emailCredentialId });
    await expectRejects(otp.finish('000000'), (e) => expect(e.code).to.equal('INVALID_RESPONSE'));
    expect(client.state.status).to.equal('signed-out');
    client.close();
  });

  it('a sign-in answer with a far expiry is held to the longest session this client lets the service grant', async () => {
    const wallet = await newWallet();
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport });
    relay.onResponse = (response, request) =>
      request.path.endsWith('/verify') && response.status === 200
        ? { ...response, body: { ...(response.body as object), expiresAt: '3000-01-01T00:00:00.000Z' } }
        : response;
    const session = await emailSignIn(client, wallet);
    // maxSessionSeconds (900 by default, the sandbox's own lifetime) and a minute of clock slack,
    // on the service's clock: about the real session's expiry, never the year 3000.
    const real = (await sandboxSessions(wallet.accountId)).find((s) => s.id === session.id)!;
    expect(session.expiresAt.getTime()).to.be.at.most(real.expiresAt + 60_000 + 5_000);
    client.close();
  });

  it("a refresh answer naming another wallet's session is not adopted", async () => {
    const wallet = await newWallet();
    const other = await newWallet();
    const foreign = await makeClient(other, { storageNamespace: `foreign-${Math.random()}` });
    const foreignSession = await emailSignIn(foreign, other);
    foreign.close();
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport });
    const own = await emailSignIn(client, wallet);
    relay.onResponse = (response, request) =>
      request.path.endsWith('/refresh') && response.status === 201
        ? { ...response, body: { ...(response.body as object), id: foreignSession.id, accountId: other.accountId } }
        : response;
    await expectRejects(client.refreshSession(), (e) => expect(e.code).to.equal('INVALID_RESPONSE'));
    expect(client.session?.id).to.not.equal(foreignSession.id);
    expect(client.session?.id).to.equal(own.id);
    client.close();
  });

  it('a requestId that is not Request:<uuid> is INVALID_RESPONSE before any stamp (CR LF, non-ASCII, empty)', async () => {
    const wallet = await newWallet();
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport });
    await emailSignIn(client, wallet);
    const stamps = relay.signed().length;
    for (const requestId of [
      'Request:1\r\nX-Evil: 1',
      'Request:ünïcode',
      '',
      'Request:00000000-0000-4000-8000-00000000000',
    ]) {
      relay.onResponse = (response) =>
        response.status === 202 ? { ...response, body: { ...(response.body as object), requestId } } : response;
      await expectRejects(client.setWalletPrivacy(true), (e) => {
        expect(e.code, JSON.stringify(requestId)).to.equal('INVALID_RESPONSE');
        expect(e.message).to.include('Request:<uuid>');
      });
    }
    expect(relay.signed().length).to.equal(stamps);
    client.close();
  });

  it("a passkey login whose credentialId is another passkey's (hashed consistently) is refused before the passkey is asked", async () => {
    const wallet = await newWallet();
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport });
    await emailSignIn(client, wallet);
    const { credential } = await client.registerPasskey({ signIn: false });
    await client.signOut();
    relay.onResponse = (response, request) => {
      if (!request.path.endsWith('/challenge')) return response;
      const body = response.body as { payloadToSign: string };
      const login = JSON.parse(body.payloadToSign) as Activity;
      login.parameters['credentialId'] = wallet.emailCredentialId;
      const payloadToSign = JSON.stringify(login);
      return { ...response, body: { ...body, payloadToSign, challenge: sha256Hex(payloadToSign) } };
    };
    const verifies = relay.sent.filter((r) => r.path.endsWith('/verify')).length;
    await expectRejects(client.preparePasskeySignIn({ credentialId: credential.id }), (e) => {
      expect(e.code).to.equal('PAYLOAD_PARAMETER_MISMATCH');
      expect(e.field).to.equal('parameters.credentialId');
    });
    expect(relay.sent.filter((r) => r.path.endsWith('/verify')).length).to.equal(verifies);
    client.close();
  });
});

describe('adding an email sign-in method binds the email', () => {
  it('a payload naming another email is PAYLOAD_PARAMETER_MISMATCH on parameters.email: no stamp, no credential', async () => {
    const wallet = await newWallet({ bootstrap: true, phone: true });
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport });
    await (await client.signInWithSmsOtp()).finish('000000');
    const email = (await platform('GET', `/customers/${wallet.customerId}`)).body.email as string;
    relay.onPayload = (payload, request) => {
      if (request.path !== '/auth/credentials') return payload;
      const activity = JSON.parse(payload) as Activity;
      activity.parameters['email'] = 'attacker@example.net';
      return JSON.stringify(activity);
    };
    const stamps = relay.signed().length;
    await expectRejects(client.addCodeCredential('EMAIL_OTP', email), (e) => {
      expect(e.code).to.equal('PAYLOAD_PARAMETER_MISMATCH');
      expect(e.field).to.equal('parameters.email');
    });
    expect(relay.signed().length).to.equal(stamps);
    const { body } = await platform('GET', `/auth/credentials?accountId=${wallet.accountId}`);
    expect(body.data.map((c: { type: string }) => c.type)).to.deep.equal(['SMS_OTP']);
    // Untampered, the same call adds it.
    relay.onPayload = undefined;
    await client.addCodeCredential('EMAIL_OTP', email);
    client.close();
  });
});

describe('a relay cannot make an answer up in place of a signed change', () => {
  /** A client whose relay answers `made` for the signed retry of `method` instead of forwarding it. */
  async function withheld(method: string, made: Omit<WireResponse, 'headers'>) {
    const wallet = await newWallet();
    const inner = fetchTransport('/api');
    let withholding = false;
    const transport: Transport = async (request) =>
      withholding && request.method === method && request.headers?.['Service-Wallet-Signature']
        ? { ...made, headers: new Headers({ date: new Date().toUTCString() }) }
        : inner(request);
    const client = await makeClient(wallet, { transport });
    await emailSignIn(client, wallet);
    return { wallet, client, withhold: () => (withholding = true) };
  }

  it('revoke: the signed retry withheld and 204 made up: NOT_CONFIRMED, and the other device is still listed', async () => {
    const { wallet, client, withhold } = await withheld('DELETE', { status: 204, body: undefined });
    const other = await makeClient(wallet, { storageNamespace: `other-${Math.random()}` });
    const otherSession = await emailSignIn(other, wallet);
    other.close();
    withhold();
    await expectRejects(client.revokeSession(otherSession.id), (e) => expect(e.code).to.equal('NOT_CONFIRMED'));
    const active = (await sandboxSessions(wallet.accountId)).filter((s) => !s.revoked).map((s) => s.id);
    expect(active).to.include(otherSession.id);
    client.close();
  });

  it('sign-out: the signed retry withheld and 204 made up: signOut says the service did not confirm it', async () => {
    const { wallet, client, withhold } = await withheld('DELETE', { status: 204, body: undefined });
    const own = client.session!.id;
    withhold();
    const outcome = await client.signOut();
    expect(outcome.revoked).to.equal(false);
    expect((outcome.error as { code?: string }).code).to.equal('NOT_CONFIRMED');
    expect(client.state.status).to.equal('signed-out'); // signed out here either way
    const active = (await sandboxSessions(wallet.accountId)).filter((s) => !s.revoked).map((s) => s.id);
    expect(active).to.include(own);
    client.close();
  });

  it('privacy: the signed retry withheld and 200 made up: NOT_CONFIRMED, and the wallet reads what it was', async () => {
    const { wallet, client, withhold } = await withheld('PATCH', { status: 200, body: { privateEnabled: true } });
    withhold();
    await expectRejects(client.setWalletPrivacy(true), (e) => expect(e.code).to.equal('NOT_CONFIRMED'));
    const { body } = await platform('GET', `/customers/internal-accounts?customerId=${wallet.customerId}`);
    expect(body.data[0].privateEnabled).to.equal(false);
    client.close();
  });
});

describe("the relay's Date header is not believed beyond 5 minutes", () => {
  it('a Date a day ahead does not sign the user out while the service still lists the session', async () => {
    const wallet = await newWallet();
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport });
    await emailSignIn(client, wallet);
    const ahead = () => new Date(Date.now() + 24 * 3600_000);
    relay.onResponse = (response) => withDate(response, ahead());
    // Any answer moves the clock a day on; the next signed action finds the session "expired" by it.
    await client.listSessions();
    await client.setWalletPrivacy(true);
    expect(client.state.status).to.equal('signed-in');
    const { body } = await platform('GET', `/customers/internal-accounts?customerId=${wallet.customerId}`);
    expect(body.data[0].privateEnabled).to.equal(true);
    client.close();
  });

  it('a session the service no longer lists is signed out locally as expired', async () => {
    const wallet = await newWallet();
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport });
    const session = await emailSignIn(client, wallet);
    // Revoked behind the client's back, then a forged Date: the list confirms it is gone.
    const elsewhere = await makeClient(wallet, { storageNamespace: `elsewhere-${Math.random()}` });
    await emailSignIn(elsewhere, wallet);
    await elsewhere.revokeSession(session.id);
    elsewhere.close();
    relay.onResponse = (response) => withDate(response, new Date(Date.now() + 24 * 3600_000));
    await client.getWallet().catch(() => undefined);
    await expectRejects(client.setWalletPrivacy(true), (e) => expect(e.code).to.equal('SESSION_EXPIRED'));
    expect(client.state.status).to.equal('signed-out');
    client.close();
  });
});
