/**
 * A relay that substitutes whole answers: another wallet's export bundle
 * (genuine, enclave-signed, sealed to this client's fresh key), a success
 * where the service always asks for a signature, a session lifetime nobody
 * asked for. Each is refused with a typed error and nothing is shown.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import type { WalletClient } from '../../src/client/index.js';
import { fetchTransport, type Transport, type WireRequest, type WireResponse } from '../../src/protocol/index.js';
import {
  emailSignIn,
  expectRejects,
  makeClient,
  newWallet,
  platform,
  type TestWallet,
} from '../helpers/browser-stack.js';
import { tamperingRelay } from '../helpers/tampering-relay.js';

const api = fetchTransport('/api');

const answer = (status: number, body: unknown): WireResponse => ({
  status,
  headers: { get: (name: string) => (name.toLowerCase() === 'date' ? new Date().toUTCString() : null) },
  body,
});

const exportPath = (wallet: TestWallet) => `/internal-accounts/${encodeURIComponent(wallet.accountId)}/export`;

/** The organization of `wallet`, read from an export challenge that is never completed. */
async function organizationOf(wallet: TestWallet, clientPublicKey: string): Promise<string> {
  const headers = { 'Ew-Account-Id': wallet.accountId };
  const first = await api({ method: 'POST', path: exportPath(wallet), body: { clientPublicKey }, headers });
  return JSON.parse((first.body as { payloadToSign: string }).payloadToSign).organizationId as string;
}

/**
 * The relay's own wallet, signed in with a session the relay holds: it can
 * export that wallet to any key it sees in a victim's request.
 */
async function attackerWallet(): Promise<{
  phrase: string;
  bundleFor(clientPublicKey: string): Promise<string>;
  close(): void;
}> {
  const wallet = await newWallet();
  const client = await makeClient(wallet, { storageNamespace: 'substitution-attacker' });
  await emailSignIn(client, wallet);
  const phrase = await client.exportWallet();
  return {
    phrase,
    async bundleFor(clientPublicKey) {
      const path = exportPath(wallet);
      const headers = { 'Ew-Account-Id': wallet.accountId };
      const first = await api({ method: 'POST', path, body: { clientPublicKey }, headers });
      const { payloadToSign, requestId } = first.body as { payloadToSign: string; requestId: string };
      const stamp = await client.signPayload(payloadToSign, { allowOpaque: true });
      const final = await api({
        method: 'POST',
        path,
        body: { clientPublicKey },
        headers: { ...headers, 'Service-Wallet-Signature': stamp, 'Request-Id': requestId },
      });
      return (final.body as { encryptedWalletCredentials: string }).encryptedWalletCredentials;
    },
    close: () => client.close(),
  };
}

async function exportOutcome(client: WalletClient): Promise<{ shown: string | undefined; error: any }> {
  try {
    return { shown: await client.exportWallet(), error: undefined };
  } catch (error) {
    return { shown: undefined, error };
  }
}

describe('a relay that substitutes another wallet for this one is refused', () => {
  for (const configured of [false, true]) {
    it(`an export answered at once with another wallet's bundle: INVALID_RESPONSE, nothing shown${configured ? ' (organizationId set)' : ''}`, async () => {
      const victim = await newWallet();
      const attacker = await attackerWallet();
      const organizationId = configured ? await organizationOf(victim, await newKeyHex()) : undefined;
      let stamps = 0;
      const relay: Transport = async (request) => {
        if (request.headers?.['Service-Wallet-Signature']) stamps++;
        if (request.method === 'POST' && request.path.endsWith('/export')) {
          const { clientPublicKey } = request.body as { clientPublicKey: string };
          return answer(200, {
            id: victim.accountId,
            encryptedWalletCredentials: await attacker.bundleFor(clientPublicKey),
          });
        }
        return api(request);
      };
      const client = await makeClient(victim, {
        transport: relay,
        storageNamespace: 'substitution-victim',
        ...(organizationId ? { organizationId } : {}),
      });
      await emailSignIn(client, victim);
      stamps = 0;
      const { shown, error } = await exportOutcome(client);
      client.close();
      attacker.close();
      expect(shown === attacker.phrase, "the attacker wallet's phrase was shown").to.equal(false);
      expect(shown).to.equal(undefined);
      expect(error?.code).to.equal('INVALID_RESPONSE');
      expect(error?.message).to.match(/without asking for the wallet's signature/);
      expect(stamps).to.equal(0);
    });
  }

  it("an export whose signed answer is another wallet's bundle: BUNDLE_WRONG_ORGANIZATION, with no organizationId set", async () => {
    const victim = await newWallet();
    const attacker = await attackerWallet();
    const relay: Transport = async (request: WireRequest) => {
      const real = await api(request);
      if (request.path.endsWith('/export') && request.headers?.['Service-Wallet-Signature'] && real.status === 200) {
        const { clientPublicKey } = request.body as { clientPublicKey: string };
        return {
          ...real,
          body: { ...(real.body as object), encryptedWalletCredentials: await attacker.bundleFor(clientPublicKey) },
        };
      }
      return real;
    };
    const client = await makeClient(victim, { transport: relay, storageNamespace: 'substitution-victim' });
    await emailSignIn(client, victim);
    const { shown, error } = await exportOutcome(client);
    client.close();
    attacker.close();
    expect(shown === attacker.phrase, "the attacker wallet's phrase was shown").to.equal(false);
    expect(error?.code).to.equal('BUNDLE_WRONG_ORGANIZATION');
    // The honest path still opens this wallet's own bundle.
    const honest = await makeClient(victim, { storageNamespace: 'substitution-honest' });
    await emailSignIn(honest, victim);
    expect((await honest.exportWallet()).split(' ').length).to.be.oneOf([12, 24]);
    honest.close();
  });
});

describe('an operation the service always signs, answered without a 202, is refused', () => {
  const cases: Array<[string, (client: WalletClient, wallet: TestWallet) => Promise<unknown>, RegExp]> = [
    ['setWalletPrivacy', (client) => client.setWalletPrivacy(true), /^PATCH \/internal-accounts\//],
    ['updateContact', (client) => client.updateContact({ email: 'new@example.com' }), /^PATCH \/customers\//],
    [
      'revokeSession',
      (client) => client.revokeSession('Session:00000000-0000-4000-8000-000000000001'),
      /^DELETE \/auth\/sessions\//,
    ],
    [
      'revokeCredential',
      (client) => client.revokeCredential('AuthMethod:00000000-0000-4000-8000-000000000001'),
      /^DELETE \/auth\/credentials\//,
    ],
  ];
  for (const [operation, run, route] of cases) {
    it(`${operation}: INVALID_RESPONSE, and nothing is stamped`, async () => {
      const wallet = await newWallet();
      const relay = tamperingRelay();
      relay.onResponse = (response, request) =>
        route.test(`${request.method} ${request.path}`)
          ? answer(request.method === 'DELETE' ? 204 : 200, request.method === 'DELETE' ? undefined : {})
          : response;
      const client = await makeClient(wallet, {
        transport: relay.transport,
        storageNamespace: `always-signed-${operation}`,
      });
      await emailSignIn(client, wallet);
      const before = relay.signed().length;
      await expectRejects(run(client, wallet), (error) => {
        expect(error.code).to.equal('INVALID_RESPONSE');
        expect(error.operation).to.equal(operation);
      });
      expect(relay.signed().length).to.equal(before);
      client.close();
    });
  }
});

async function newKeyHex(): Promise<string> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return Array.from(raw, (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('a contact change to the value the customer already has needs no signature', () => {
  it('is answered at once and taken; a 200 that does not show that value is refused', async () => {
    const wallet = await newWallet({ phone: true });
    const customer = (await platform('GET', `/customers/${wallet.customerId}`)).body as { phoneNumber: string };
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport, storageNamespace: 'contact-unchanged' });
    await emailSignIn(client, wallet);
    const before = relay.signed().length;
    const answer = await client.updateContact({ phoneNumber: customer.phoneNumber });
    expect(answer['phoneNumber']).to.equal(customer.phoneNumber);
    expect(relay.signed().length).to.equal(before);
    // A relay claiming a change happened without asking for the signature it needs.
    relay.onResponse = (response, request) =>
      request.path.startsWith('/customers/') && request.method === 'PATCH'
        ? {
            ...response,
            status: 200,
            body: { ...(response.body as object), id: wallet.customerId, email: 'old@example.com' },
          }
        : response;
    await expectRejects(client.updateContact({ email: 'new@example.com' }), (e) =>
      expect(e.code).to.equal('INVALID_RESPONSE'),
    );
    client.close();
  });
});

describe('the organizationId option binds what the wallet signs to that organization', () => {
  it('a wallet set to another organization refuses to sign; the right one signs', async () => {
    const wallet = await newWallet();
    const organizationId = await organizationOf(wallet, await newKeyHex());
    // Signed in without the option (a session of another organization's wallet, as a relay could
    // open one), then restored by a client that has it: every activity must name its organization.
    const unpinned = await makeClient(wallet, { storageNamespace: 'org-check' });
    await emailSignIn(unpinned, wallet);
    unpinned.close();
    for (const [org, expected] of [
      ['Organization:not-this-one', 'PAYLOAD_PARAMETER_MISMATCH'],
      [organizationId, undefined],
    ] as const) {
      const client = await makeClient(wallet, { organizationId: org, storageNamespace: 'org-check' });
      expect(client.state.status).to.equal('signed-in');
      const outcome = await client.setWalletPrivacy(true).then(
        () => undefined,
        (e: { code?: string }) => e.code,
      );
      expect(outcome, org).to.equal(expected);
      client.close();
    }
  });
});
