/**
 * What a wallet's stamp binds, against a caller that holds the platform
 * credentials and misuses them (a compromised relay or partner backend): each
 * attack goes to the sandbox directly, as such a caller would; sign-ins go
 * through the relay as usual (docs/sandbox.md, "Signed retries").
 */
import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { decryptCredentialBundle, encryptOtpCodeToBundle, getPublicKey } from '@turnkey/crypto';
import { uint8ArrayFromHexString, uint8ArrayToHexString } from '@turnkey/encoding';
import { platform, startStack, type Stack } from '../helpers/stack.js';
import { newKey, stampWith, TurnkeyWalletClient, type KeyPair } from '../helpers/turnkey-wallet-client.js';

type Body = Record<string, any>;
type Answer = { status: number; body: Body };
const code = (r: Answer) => [r.status, r.body['code']];

let stack: Stack;
/** A call straight to the sandbox with the platform credentials: what a relay sends. */
const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> =>
  platform(stack.sandbox, method, path, body, headers);
const advance = (ms: number) => stack.sandbox.clock.advance(ms);
const retryHeaders = async (key: KeyPair, first: Answer) => ({
  'service-wallet-signature': await stampWith(key, first.body['payloadToSign']),
  'request-id': first.body['requestId'] as string,
});
/** The sandbox's refusal of a request a newer one on the same resource superseded. */
const expectSuperseded = (answer: Answer) =>
  expect([...code(answer), answer.body['reason']]).to.deep.equal([
    401,
    'UNAUTHORIZED',
    'Request-Id superseded by a newer request on the same resource',
  ]);
const claimsOf = (jwt: string): Body => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));

before(async () => {
  stack = await startStack();
});
after(() => stack.close());

let names = 0;
/** A customer (with a phone) whose wallet has only its EMAIL_OTP credential, signed in through the relay. */
async function signedInWallet() {
  const name = `bind${++names}`;
  const customer = await call('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    email: `${name}@example.com`,
    phoneNumber: `+1415555${String(1000 + names)}`,
  });
  expect(customer.status, JSON.stringify(customer.body)).to.equal(201);
  const accountId = (await call('GET', `/customers/internal-accounts?customerId=${customer.body['id']}`)).body[
    'data'
  ][0].id as string;
  const email = (await call('POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId })).body;
  stack.grant(name, accountId);
  const client = new TurnkeyWalletClient(stack.relayUrl, name, accountId, stack.sandbox.enclaveKeys);
  const signIn = await client.otpSignIn(email['id'], 'EMAIL_OTP');
  expect(signIn.error?.body).to.equal(undefined);
  return { accountId, emailCredentialId: email['id'] as string, client, key: signIn.key!, session: signIn.session! };
}
type Wallet = Awaited<ReturnType<typeof signedInWallet>>;

const privacyPath = (wallet: Wallet) => `/internal-accounts/${wallet.accountId}`;
const privateEnabled = (wallet: Wallet) => stack.sandbox.store.accounts.get(wallet.accountId)!.privateEnabled;

describe('OTP verify: a sealed session key is named in the token the user stamps', () => {
  let wallet: Wallet;
  before(async () => {
    wallet = await signedInWallet();
  });

  /** A fresh code sealed by a new TEK: what the user's client sends to verify. */
  async function sealedCode() {
    advance(31_000); // past the resend interval
    const challenge = await call('POST', `/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    expect(challenge.status, JSON.stringify(challenge.body)).to.equal(200);
    const tek = newKey();
    const encryptedOtpBundle = await encryptOtpCodeToBundle(
      '000000',
      challenge.body['otpEncryptionTargetBundle'],
      tek.publicKey,
      stack.sandbox.enclaveKeys.otpTarget,
    );
    return { tek, body: { type: 'EMAIL_OTP', encryptedOtpBundle } };
  }
  const verifyPath = () => `/auth/credentials/${wallet.emailCredentialId}/verify`;

  it('without clientPublicKey the token names no session_public_key', async () => {
    const { tek, body } = await sealedCode();
    const first = await call('POST', verifyPath(), body);
    expect(first.status, JSON.stringify(first.body)).to.equal(202);
    const claims = claimsOf(first.body['payloadToSign']);
    expect(claims['public_key']).to.equal(tek.publicKey);
    expect(claims).to.not.have.property('session_public_key');
  });

  it('a clientPublicKey added to the verify is named in the token (session_public_key, the hex sent), and the session is sealed to it', async () => {
    const { tek, body } = await sealedCode();
    // The relay adds its own key to both calls; the user's client sees it in the token it is asked to stamp.
    const relayKey = newKey();
    const added = { ...body, clientPublicKey: relayKey.publicKeyUncompressed.toUpperCase() };
    const first = await call('POST', verifyPath(), added);
    expect(first.status, JSON.stringify(first.body)).to.equal(202);
    const claims = claimsOf(first.body['payloadToSign']);
    expect(claims['public_key']).to.equal(tek.publicKey);
    expect(claims['session_public_key']).to.equal(added.clientPublicKey);
    const done = await call('POST', verifyPath(), added, await retryHeaders(tek, first));
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    // The session key is sealed to the named key, and it is the session's signing key.
    const scalar = decryptCredentialBundle(done.body['encryptedSessionSigningKey'], relayKey.privateKey);
    const sessionKey = uint8ArrayToHexString(getPublicKey(uint8ArrayFromHexString(scalar), true));
    expect(stack.sandbox.store.sessions.get(done.body['id'])!.publicKey).to.equal(sessionKey);
  });

  it('a signed retry naming another clientPublicKey than the token does is refused and starts no session', async () => {
    const { tek, body } = await sealedCode();
    const named = newKey();
    const first = await call('POST', verifyPath(), { ...body, clientPublicKey: named.publicKeyUncompressed });
    expect(claimsOf(first.body['payloadToSign'])['session_public_key']).to.equal(named.publicKeyUncompressed);
    const sessions = stack.sandbox.store.sessions.size;
    const swapped = await call(
      'POST',
      verifyPath(),
      { ...body, clientPublicKey: newKey().publicKeyUncompressed },
      await retryHeaders(tek, first),
    );
    expect(code(swapped)).to.deep.equal([401, 'WALLET_SIGNATURE_BODY_MISMATCH']);
    expect(stack.sandbox.store.sessions.size).to.equal(sessions);
  });
});

describe('supersession: a newer request on the same resource supersedes older unredeemed ones', () => {
  let wallet: Wallet;
  before(async () => {
    wallet = await signedInWallet();
  });

  /**
   * "Privacy ON" asked on `onPath` and stamped, its retry kept back by the relay; "privacy OFF"
   * asked and redeemed; a minute later the kept ON retry replayed on `onPath`. Returns that answer.
   */
  async function replayWithheldPrivacyOn(onPath: string): Promise<Answer> {
    const on = await call('PATCH', onPath, { privateEnabled: true });
    expect(on.status, JSON.stringify(on.body)).to.equal(202);
    const withheld = await retryHeaders(wallet.key, on); // the user stamped it; the relay keeps it
    const off = await call('PATCH', privacyPath(wallet), { privateEnabled: false });
    const offDone = await call(
      'PATCH',
      privacyPath(wallet),
      { privateEnabled: false },
      await retryHeaders(wallet.key, off),
    );
    expect(offDone.status, JSON.stringify(offDone.body)).to.equal(200);
    advance(60_000);
    return call('PATCH', onPath, { privateEnabled: true }, withheld);
  }

  it('a withheld "privacy ON" stamp is refused once a later "privacy OFF" was issued and redeemed; privacy stays OFF', async () => {
    expectSuperseded(await replayWithheldPrivacyOn(privacyPath(wallet)));
    expect(privateEnabled(wallet)).to.equal(false);
  });

  it('the same wallet spelt with a percent escape is the same resource: a withheld stamp on it is refused too', async () => {
    expectSuperseded(await replayWithheldPrivacyOn(privacyPath(wallet).replace(':', '%3a')));
    expect(privateEnabled(wallet)).to.equal(false);
  });

  it('a withheld revoke of a session is refused once a fresh revoke of it was issued; the fresh one still works', async () => {
    advance(31_000);
    const other = await wallet.client.otpSignIn(wallet.emailCredentialId, 'EMAIL_OTP');
    const path = `/auth/sessions/${other.session!.id}`;
    const old = await call('DELETE', path);
    expect(old.status).to.equal(202);
    const withheld = await retryHeaders(wallet.key, old);
    const fresh = await call('DELETE', path);
    expect(fresh.status).to.equal(202);
    const replayed = await call('DELETE', path, undefined, withheld);
    expectSuperseded(replayed);
    expect(stack.sandbox.store.sessions.get(other.session!.id)!.revoked).to.equal(false);
    expect((await call('DELETE', path, undefined, await retryHeaders(wallet.key, fresh))).status).to.equal(204);
  });

  it("another wallet's pending request is not superseded: two wallets adding a credential at once both succeed", async () => {
    const a = await signedInWallet();
    const b = await signedInWallet();
    const firstA = await call('POST', '/auth/credentials', { type: 'SMS_OTP', accountId: a.accountId });
    const firstB = await call('POST', '/auth/credentials', { type: 'SMS_OTP', accountId: b.accountId });
    expect([firstA.status, firstB.status]).to.deep.equal([202, 202]);
    const doneA = await call(
      'POST',
      '/auth/credentials',
      { type: 'SMS_OTP', accountId: a.accountId },
      await retryHeaders(a.key, firstA),
    );
    const doneB = await call(
      'POST',
      '/auth/credentials',
      { type: 'SMS_OTP', accountId: b.accountId },
      await retryHeaders(b.key, firstB),
    );
    expect([doneA.status, doneB.status], JSON.stringify([doneA.body, doneB.body])).to.deep.equal([201, 201]);
  });

  it('on the same wallet, a newer credential registration supersedes an older pending one', async () => {
    const body = { type: 'SMS_OTP', accountId: wallet.accountId };
    const older = await call('POST', '/auth/credentials', body);
    const newer = await call('POST', '/auth/credentials', body);
    expect([older.status, newer.status]).to.deep.equal([202, 202]);
    const replayed = await call('POST', '/auth/credentials', body, await retryHeaders(wallet.key, older));
    expectSuperseded(replayed);
    expect((await call('POST', '/auth/credentials', body, await retryHeaders(wallet.key, newer))).status).to.equal(201);
  });
});

describe('a stamp binds the wallet and the operation it was asked for', () => {
  let a: Wallet;
  let b: Wallet;
  before(async () => {
    a = await signedInWallet();
    b = await signedInWallet();
  });

  it('a stamp by a session of another wallet is WALLET_SIGNATURE_INVALID and changes nothing', async () => {
    const first = await call('PATCH', privacyPath(a), { privateEnabled: true });
    expect(first.status).to.equal(202);
    const refused = await call('PATCH', privacyPath(a), { privateEnabled: true }, await retryHeaders(b.key, first));
    expect(code(refused)).to.deep.equal([401, 'WALLET_SIGNATURE_INVALID']);
    expect([privateEnabled(a), privateEnabled(b)]).to.deep.equal([false, false]);
  });

  it("a Request-Id issued for one wallet's privacy change, replayed on another wallet's path, is WALLET_SIGNATURE_BODY_MISMATCH and changes nothing", async () => {
    const first = await call('PATCH', privacyPath(a), { privateEnabled: true });
    expect(first.status).to.equal(202);
    // A valid stamp over the payload, by the wallet it was issued for.
    const moved = await call('PATCH', privacyPath(b), { privateEnabled: true }, await retryHeaders(a.key, first));
    expect(code(moved)).to.deep.equal([401, 'WALLET_SIGNATURE_BODY_MISMATCH']);
    expect([privateEnabled(a), privateEnabled(b)]).to.deep.equal([false, false]);
  });

  it('a session is refreshed only with its own key: another session of the same wallet cannot replace it', async () => {
    advance(31_000);
    const other = await a.client.otpSignIn(a.emailCredentialId, 'EMAIL_OTP');
    const path = `/auth/sessions/${other.session!.id}/refresh`;
    const body = { clientPublicKey: newKey().publicKey };
    const first = await call('POST', path, body);
    expect(first.status).to.equal(202);
    // Stamped by the wallet's first session, not by the one being refreshed.
    const refused = await call('POST', path, body, await retryHeaders(a.key, first));
    expect(code(refused)).to.deep.equal([401, 'WALLET_SIGNATURE_INVALID']);
    expect(stack.sandbox.store.sessions.get(other.session!.id)!.revoked).to.equal(false);
    const again = await call('POST', path, body);
    const own = await call('POST', path, body, await retryHeaders(other.key!, again));
    expect(own.status, JSON.stringify(own.body)).to.equal(201);
  });
});
