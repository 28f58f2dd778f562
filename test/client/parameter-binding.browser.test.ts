/**
 * Every signed operation binds its parameters: a relay that changes what the
 * user asked for (the new email, the session to revoke, the passkey to add,
 * ...) gets nothing signed. Each case runs the real operation against the
 * sandbox through the relay; the tampering relay in between rewrites one
 * field of the request or of the payload it hands back. Each must end with no
 * stamp sent, a typed error naming the field, and the sandbox unchanged.
 */
import { expect } from 'chai';
import { before, describe, it } from '#test-harness';
import { generateEncryptionKeyPair, publicKeyHex, WalletCryptoError } from '../../src/crypto/index.js';
import type { WalletClient } from '../../src/client/index.js';
import type { WireRequest, WireResponse } from '../../src/protocol/index.js';
import {
  emailSignIn,
  expectRejects,
  makeClient,
  newWallet,
  platform,
  quoteFor,
  sandboxSessions,
  testIdp,
  type TestWallet,
} from '../helpers/browser-stack.js';
import { addVirtualAuthenticator } from '../helpers/authenticator.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { tamperingRelay, type TamperingRelay } from '../helpers/tampering-relay.js';

/** An independent SHA-256 (noble), as the relay would compute the challenge. */
const sha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

type Activity = { type: string; parameters: Record<string, unknown>; [member: string]: unknown };

/** What the sandbox holds for a wallet: compared before and after each refused operation. */
async function sandboxState(wallet: TestWallet) {
  const [customer, accounts, credentials, sessions] = await Promise.all([
    platform('GET', `/customers/${wallet.customerId}`),
    platform('GET', `/customers/internal-accounts?customerId=${wallet.customerId}`),
    platform('GET', `/auth/credentials?accountId=${wallet.accountId}`),
    sandboxSessions(wallet.accountId),
  ]);
  return { customer: customer.body, accounts: accounts.body, credentials: credentials.body, sessions };
}

/** A different value of the same JSON type: what a relay would put in its place. */
function altered(value: unknown): unknown {
  if (typeof value === 'string') return value.endsWith('a') ? `${value.slice(0, -1)}b` : `${value.slice(0, -1)}a`;
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number') return value + 1;
  if (Array.isArray(value)) return value.length ? [altered(value[0]), ...value.slice(1)] : ['extra'];
  if (value && typeof value === 'object') {
    const [first] = Object.keys(value);
    return first ? { ...value, [first]: altered((value as Record<string, unknown>)[first]) } : { extra: 1 };
  }
  return 'extra';
}

/** Rewrites one parameter of an activity payload; other bytes as the service sent them. */
const swapParameter = (name: string) => (payload: string) => {
  const activity = JSON.parse(payload) as Activity;
  activity.parameters[name] = altered(activity.parameters[name]);
  return JSON.stringify(activity);
};

interface Case {
  /** The operation and what it binds. */
  name: string;
  /** Runs the operation on a signed-in client. */
  run: (client: WalletClient, wallet: TestWallet, setup: Setup) => Promise<unknown>;
  /** Which calls the relay tampers with (a substring of the path). */
  path: string;
  /** The bound parameters; each is swapped in turn. */
  fields: string[];
  /** Prepares what the operation needs (a second session, a second credential). */
  prepare?: (client: WalletClient, wallet: TestWallet) => Promise<Setup>;
  phone?: boolean;
}
type Setup = { otherSessionId?: string; otherCredentialId?: string };

const CASES: Case[] = [
  {
    name: 'updateContact (email)',
    run: (client) => client.updateContact({ email: 'new-address@example.com' }),
    path: '/customers/',
    fields: ['email', 'customerId'],
  },
  {
    name: 'updateContact (phone)',
    run: (client) => client.updateContact({ phoneNumber: '+14155550199' }),
    path: '/customers/',
    fields: ['phoneNumber', 'customerId'],
    phone: true,
  },
  {
    name: 'addCodeCredential (SMS)',
    prepare: async (client) => {
      await client.updateContact({ phoneNumber: '+14155550177' });
      return {};
    },
    run: (client) => client.addCodeCredential('SMS_OTP', '+14155550177'),
    path: '/auth/credentials',
    fields: ['phoneNumber', 'accountId'],
  },
  {
    name: 'setWalletPrivacy',
    run: (client) => client.setWalletPrivacy(true),
    path: '/internal-accounts/',
    fields: ['privateEnabled', 'walletId'],
  },
  {
    name: 'refreshSession',
    run: (client) => client.refreshSession(),
    path: '/refresh',
    fields: [],
  },
  { name: 'exportWallet', run: (client) => client.exportWallet(), path: '/export', fields: ['walletId'] },
  {
    name: 'revokeSession',
    prepare: async (_client, wallet) => {
      const other = await makeClient(wallet, { storageNamespace: `other-${Math.random()}` });
      const session = await emailSignIn(other, wallet);
      other.close();
      return { otherSessionId: session.id };
    },
    run: (client, _wallet, setup) => client.revokeSession(setup.otherSessionId!),
    path: '/auth/sessions/',
    fields: ['apiKeyIds'],
  },
  {
    name: 'revokeCredential',
    phone: true,
    prepare: async (_client, wallet) => ({ otherCredentialId: wallet.smsCredentialId! }),
    run: (client, _wallet, setup) => client.revokeCredential(setup.otherCredentialId!),
    path: '/auth/credentials/',
    fields: ['authenticatorIds'],
  },
  {
    name: 'registerOAuth',
    run: (client) => client.registerOAuth({ oidcTokenProvider: testIdp(client) }),
    path: '/auth/credentials',
    fields: ['oauthProviders', 'accountId'],
  },
  {
    name: 'registerPasskey',
    run: (client) => client.registerPasskey({ nickname: 'Laptop', signIn: false }),
    path: '/auth/credentials',
    fields: ['authenticators', 'accountId'],
  },
];

async function signedInClient(c: Case) {
  const wallet = await newWallet({ phone: c.phone ?? false });
  const relay = tamperingRelay();
  const client = await makeClient(wallet, { transport: relay.transport });
  await emailSignIn(client, wallet);
  const setup = (await c.prepare?.(client, wallet)) ?? {};
  return { wallet, relay, client, setup };
}

/** Runs `c` with the relay armed; asserts nothing was stamped and the sandbox did not change. */
async function expectRefused(
  c: Case,
  arm: (relay: TamperingRelay, client: WalletClient) => void,
  check: (error: WalletCryptoError) => void,
): Promise<void> {
  const { wallet, relay, client, setup } = await signedInClient(c);
  const before = await sandboxState(wallet);
  const stampsBefore = relay.signed().length;
  arm(relay, client);
  await expectRejects(c.run(client, wallet, setup), (e) => {
    expect(e, String(e)).to.be.instanceOf(WalletCryptoError);
    check(e as WalletCryptoError);
  });
  expect(relay.signed().length, 'stamps sent').to.equal(stampsBefore);
  expect(await sandboxState(wallet)).to.deep.equal(before);
  expect(client.state.status).to.equal('signed-in');
  client.close();
}

describe('every signed operation binds its parameters (a tampering relay gets nothing signed)', () => {
  before(async () => {
    await addVirtualAuthenticator();
  });

  for (const c of CASES) {
    for (const field of c.fields) {
      it(`${c.name}: a payload with another "${field}" is PAYLOAD_PARAMETER_MISMATCH naming it`, async () => {
        await expectRefused(
          c,
          (relay) => {
            relay.onPayload = (payload, request) =>
              request.path.includes(c.path) ? swapParameter(field)(payload) : payload;
          },
          (e) => {
            expect(e.code).to.equal('PAYLOAD_PARAMETER_MISMATCH');
            expect(e.field).to.equal(`parameters.${field}`);
          },
        );
      });
    }

    it(`${c.name}: a parameter the operation did not ask for is refused`, async () => {
      await expectRefused(
        c,
        (relay) => {
          relay.onPayload = (payload, request) => {
            if (!request.path.includes(c.path)) return payload;
            const activity = JSON.parse(payload) as Activity;
            activity.parameters['invalidateExisting'] = true;
            return JSON.stringify(activity);
          };
        },
        (e) => {
          expect(e.code).to.equal('PAYLOAD_PARAMETER_MISMATCH');
          expect(e.field).to.equal('parameters.invalidateExisting');
        },
      );
    });

    it(`${c.name}: a payload that repeats a key is PAYLOAD_DUPLICATE_KEY`, async () => {
      await expectRefused(
        c,
        (relay) => {
          // The first copy says what the user asked; a parser keeping the first would apply it, JSON.parse the last.
          relay.onPayload = (payload, request) =>
            request.path.includes(c.path) ? payload.replace(/\}$/, `,"type":"ACTIVITY_TYPE_EXPORT_WALLET"}`) : payload;
        },
        (e) => expect(e.code).to.equal('PAYLOAD_DUPLICATE_KEY'),
      );
    });
  }

  it('updateContact: a relay that swaps the new email in the request gets no stamp, and the email stays', async () => {
    await expectRefused(
      CASES[0]!,
      (relay) => {
        relay.onRequest = (request) =>
          request.path.startsWith('/customers/') && request.body
            ? { ...request, body: { ...(request.body as object), email: 'attacker@example.net' } }
            : request;
      },
      (e) => {
        expect(e.code).to.equal('PAYLOAD_PARAMETER_MISMATCH');
        expect(e.field).to.equal('parameters.email');
      },
    );
  });

  it('revokeSession: a relay that points the revoke at this device instead gets no stamp', async () => {
    const c = CASES.find((x) => x.name === 'revokeSession')!;
    await expectRefused(
      c,
      (relay, client) => {
        const own = client.session!.id;
        relay.onRequest = (request) =>
          request.method === 'DELETE' ? { ...request, path: `/auth/sessions/${encodeURIComponent(own)}` } : request;
      },
      (e) => expect(e.field).to.equal('parameters.apiKeyIds'),
    );
  });

  it('organizationId, when configured, must match the activity', async () => {
    const wallet = await newWallet();
    // The session was opened without the option; the activity is still held to it.
    const unpinned = await makeClient(wallet, { storageNamespace: 'org-activity' });
    await emailSignIn(unpinned, wallet);
    unpinned.close();
    const client = await makeClient(wallet, {
      organizationId: 'Organization:not-this-one',
      storageNamespace: 'org-activity',
    });
    expect(client.state.status).to.equal('signed-in');
    await expectRejects(client.setWalletPrivacy(true), (e) => {
      expect(e.code).to.equal('PAYLOAD_PARAMETER_MISMATCH');
      expect(e.field).to.equal('organizationId');
    });
    client.close();
  });

  it('refresh: a payload asking for a longer session than maxSessionSeconds is refused unsigned', async () => {
    const wallet = await newWallet();
    const relay = tamperingRelay();
    const client = await makeClient(wallet, { transport: relay.transport });
    await emailSignIn(client, wallet);
    const before = relay.signed().length;
    const sessionsBefore = await sandboxSessions(wallet.accountId);
    relay.onPayload = (payload, request) => {
      if (!request.path.endsWith('/refresh')) return payload;
      const activity = JSON.parse(payload) as Activity;
      activity.parameters['expirationSeconds'] = String(10 * 365 * 24 * 3600);
      return JSON.stringify(activity);
    };
    await expectRejects(client.refreshSession(), (e) => {
      expect(e.code).to.equal('PAYLOAD_PARAMETER_MISMATCH');
      expect(e.field).to.equal('parameters.expirationSeconds');
    });
    expect(relay.signed().length).to.equal(before);
    expect(await sandboxSessions(wallet.accountId)).to.deep.equal(sessionsBefore);
    // The service's own 15 minutes pass; a partner whose service grants less sets a lower limit.
    relay.onPayload = undefined;
    await client.refreshSession();
    client.close();
    const strict = await makeClient(wallet, { maxSessionSeconds: 600, storageNamespace: 'lifetime-strict' });
    await emailSignIn(strict, wallet);
    await expectRejects(strict.refreshSession(), (e) => expect(e.field).to.equal('parameters.expirationSeconds'));
    strict.close();
  });

  it('the untampered operations still go through (the bindings match what the sandbox states)', async () => {
    for (const c of CASES) {
      const { wallet, client, setup } = await signedInClient(c);
      await c.run(client, wallet, setup);
      client.close();
    }
  });

  describe('passkey sign-in: the challenge must show the key the session is sealed to', () => {
    /** A wallet with a passkey, and a client on a tampering relay ready to sign in with it. */
    async function passkeyWallet(options: { allowUnboundPasskeyChallenge?: boolean } = {}) {
      const wallet = await newWallet();
      const relay = tamperingRelay();
      const client = await makeClient(wallet, { transport: relay.transport, ...options });
      await emailSignIn(client, wallet);
      const { credential } = await client.registerPasskey({ signIn: false });
      await client.signOut();
      const verifies = () => relay.sent.filter((r) => r.path.endsWith('/verify')).length;
      return { relay, client, credential, verifies };
    }

    it('a relay that swaps in its own key: PAYLOAD_WRONG_KEY before the passkey is asked', async () => {
      const { relay, client, credential, verifies } = await passkeyWallet();
      const attacker = await publicKeyHex((await generateEncryptionKeyPair()).publicKey, 'uncompressed');
      relay.onRequest = (request) =>
        request.path.endsWith('/challenge') ? { ...request, body: { clientPublicKey: attacker } } : request;
      const before = verifies();
      await expectRejects(client.preparePasskeySignIn({ credentialId: credential.id }), (e) => {
        expect(e).to.be.instanceOf(WalletCryptoError);
        expect(e.code).to.equal('PAYLOAD_WRONG_KEY');
      });
      expect(verifies()).to.equal(before);
      client.close();
    });

    it('a challenge whose stated login is not the one hashed: PAYLOAD_PARAMETER_MISMATCH on "challenge"', async () => {
      const { relay, client, credential, verifies } = await passkeyWallet();
      const attacker = await publicKeyHex((await generateEncryptionKeyPair()).publicKey, 'uncompressed');
      let ours = '';
      // The relay gets a challenge for its own key, but shows a login naming ours.
      relay.onRequest = (request) => {
        if (!request.path.endsWith('/challenge')) return request;
        ours = (request.body as { clientPublicKey: string }).clientPublicKey;
        return { ...request, body: { clientPublicKey: attacker } };
      };
      relay.onResponse = (response, request) => {
        if (!request.path.endsWith('/challenge')) return response;
        const body = response.body as { payloadToSign: string };
        const shown = JSON.parse(body.payloadToSign) as Activity;
        shown.parameters['targetPublicKey'] = ours;
        return { ...response, body: { ...body, payloadToSign: JSON.stringify(shown) } };
      };
      const before = verifies();
      await expectRejects(client.preparePasskeySignIn({ credentialId: credential.id }), (e) => {
        expect(e.code).to.equal('PAYLOAD_PARAMETER_MISMATCH');
        expect(e.field).to.equal('challenge');
      });
      expect(verifies()).to.equal(before);
      client.close();
    });

    it('a login asking for a longer session than maxSessionSeconds, hashed consistently: refused before the passkey is asked', async () => {
      const { relay, client, credential, verifies } = await passkeyWallet();
      relay.onResponse = (response, request) => {
        if (!request.path.endsWith('/challenge')) return response;
        const body = response.body as { payloadToSign: string; challenge: string };
        const login = JSON.parse(body.payloadToSign) as Activity;
        login.parameters['expirationSeconds'] = String(10 * 365 * 24 * 3600);
        const payloadToSign = JSON.stringify(login);
        return { ...response, body: { ...body, payloadToSign, challenge: sha256Hex(payloadToSign) } };
      };
      const before = verifies();
      await expectRejects(client.preparePasskeySignIn({ credentialId: credential.id }), (e) => {
        expect(e.code).to.equal('PAYLOAD_PARAMETER_MISMATCH');
        expect(e.field).to.equal('parameters.expirationSeconds');
      });
      expect(verifies()).to.equal(before);
      client.close();
    });

    it('a challenge that states nothing is refused, unless allowUnboundPasskeyChallenge is set', async () => {
      const strip = (response: WireResponse, request: WireRequest) => {
        if (!request.path.endsWith('/challenge')) return response;
        const { payloadToSign: _dropped, ...rest } = response.body as Record<string, unknown>;
        return { ...response, body: rest };
      };
      const strict = await passkeyWallet();
      strict.relay.onResponse = strip;
      await expectRejects(strict.client.preparePasskeySignIn({ credentialId: strict.credential.id }), (e) =>
        expect(e.code).to.equal('PAYLOAD_UNRECOGNISED'),
      );
      strict.client.close();
      const lenient = await passkeyWallet({ allowUnboundPasskeyChallenge: true });
      lenient.relay.onResponse = strip;
      const prepared = await lenient.client.preparePasskeySignIn({ credentialId: lenient.credential.id });
      await prepared.start();
      expect(lenient.client.state.status).to.equal('signed-in');
      lenient.client.close();
    });
  });

  describe('signPayload and approveQuote', () => {
    const withParameter = (payload: string, name: string, value: unknown) => {
      const activity = JSON.parse(payload) as Activity;
      activity.parameters[name] = value;
      return JSON.stringify(activity);
    };

    it('signPayload checks the parameters the host states, refuses others and repeated keys', async () => {
      const wallet = await newWallet();
      const client = await makeClient(wallet);
      await emailSignIn(client, wallet);
      const quote = await quoteFor(wallet);
      const payload = quote.paymentInstructions!.find((p) => p.accountOrWalletInfo?.payloadToSign)!.accountOrWalletInfo!
        .payloadToSign!;
      const { signWith } = (JSON.parse(payload) as Activity).parameters;
      const stated = { parameters: { signWith }, freeParameters: ['type', 'unsignedTransaction'] };
      expect(await client.signPayload(payload, stated)).to.be.a('string');
      await expectRejects(client.signPayload(payload, { ...stated, parameters: { signWith: 'another' } }), (e) =>
        expect([e.code, e.field]).to.deep.equal(['PAYLOAD_PARAMETER_MISMATCH', 'parameters.signWith']),
      );
      await expectRejects(client.signPayload(withParameter(payload, 'sponsor', 'x'), stated), (e) =>
        expect([e.code, e.field]).to.deep.equal(['PAYLOAD_PARAMETER_MISMATCH', 'parameters.sponsor']),
      );
      await expectRejects(client.signPayload(payload.replace(/\}$/, ',"type":"ACTIVITY_TYPE_X"}')), (e) =>
        expect(e.code).to.equal('PAYLOAD_DUPLICATE_KEY'),
      );
      // Opaque is the host's explicit word that it vouches for the payload.
      expect(await client.signPayload('opaque bytes', { allowOpaque: true })).to.be.a('string');
      client.close();
    });

    it('approveQuote refuses a transaction activity carrying a parameter beyond the transaction', async () => {
      const wallet = await newWallet();
      const client = await makeClient(wallet);
      await emailSignIn(client, wallet);
      const quote = await quoteFor(wallet);
      const tampered = structuredClone(quote);
      const info = tampered.paymentInstructions!.find(
        (p) => p.accountOrWalletInfo?.payloadToSign,
      )!.accountOrWalletInfo!;
      info.payloadToSign = withParameter(info.payloadToSign!, 'feePayer', 'someone-else');
      await expectRejects(client.approveQuote(tampered), (e) =>
        expect([e.code, e.field]).to.deep.equal(['PAYLOAD_PARAMETER_MISMATCH', 'parameters.feePayer']),
      );
      expect((await client.approveQuote(quote)).quoteId).to.equal(quote.id);
      client.close();
    });
  });
});
