/**
 * The wallet operations a relay forwards, where each one names the wallet it
 * touches, and the query parameters and body members it takes, each with
 * what binds it (the entry's shape: operation-types.ts). Anything else is
 * refused: the relay holds the platform's credentials and must not become a
 * general proxy, and forwards only what a flow of the widget sends
 * (src/client/flows).
 */
import { op, type BodyMembers, type Members, type Operation } from './operation-types.js';

// What binds each part, in short (docs/security.md has the table of stamps
// these refer to; "checked by the client" = before it stamps, src/client/flows).
const NONE: BodyMembers = { members: {} };
const LIST_QUERY: Members = {
  accountId: 'The relay: `authorize`. A read; what the client does with an item is bound by that call',
  limit: 'Paging of a read',
  cursor: 'Paging of a read',
};
const WALLET_ID = "The relay: `authorize`; the activity's `walletId`, checked by the client";
const ACCOUNT_ID = "The relay: `authorize`; the activity's `accountId`, checked by the client";
const OWN_CREDENTIAL = 'The relay: a credential of the authorized wallet (its ownership lookup)';
// An email or SMS registration names no contact: the code goes to the one the partner gave the
// customer, never to one a page names, while the service takes a wallet's first one unsigned.
const CODE_REGISTRATION: Members = {
  type: "The client checks the answer's `type` (and, when signed, the activity type)",
  accountId:
    "The relay: `authorize`; the activity's `accountId` (signed) or the answer's (a first, unsigned one), checked by the client",
};
const VERIFY_TYPE = "The relay: the credential's own type (its lookup says which)";
const OTP_VERIFY: Members = {
  type: VERIFY_TYPE,
  encryptedOtpBundle:
    "HPKE-sealed to the enclave's signed target (pinned key); carries the TEK the verification token must name, checked by the client",
  clientPublicKey:
    "The sandbox's sealed-session extension only: the verification token's `session_public_key`, which the client refuses unless it generated that key",
};

export const OPERATIONS: readonly Operation[] = [
  op({
    name: 'credential.register',
    method: 'POST',
    path: '/auth/credentials',
    account: 'body',
    admit: ['passkey-challenge'],
    body: {
      typeFrom: 'body',
      types: {
        EMAIL_OTP: CODE_REGISTRATION,
        SMS_OTP: CODE_REGISTRATION,
        OAUTH: {
          type: 'The activity type (`ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS`), checked by the client',
          accountId: ACCOUNT_ID,
          oidcToken: "The activity's `oauthProviders[0].oidcToken`, checked by the client",
        },
        PASSKEY: {
          type: 'The activity type (`ACTIVITY_TYPE_CREATE_AUTHENTICATORS`), checked by the client',
          accountId: ACCOUNT_ID,
          nickname: "The activity's `authenticatorName`, checked by the client",
          challenge: "The relay: issued by it for this wallet, used once; the activity's `challenge`",
          attestation: 'Made by the new passkey over the challenge; in the activity whole, checked by the client',
        },
      },
    },
  }),
  op({
    name: 'credential.list',
    method: 'GET',
    path: '/auth/credentials',
    account: 'query',
    query: LIST_QUERY,
    body: NONE,
  }),
  op({
    name: 'auth.challenge',
    method: 'POST',
    path: '/auth/credentials/{id}/challenge',
    account: 'credential',
    id: `${OWN_CREDENTIAL}; a passkey's login activity names it (\`credentialId\`), checked by the client`,
    body: {
      typeFrom: 'credential',
      types: {
        EMAIL_OTP: {},
        SMS_OTP: {},
        OAUTH: {},
        PASSKEY: {
          clientPublicKey:
            "The login activity's `targetPublicKey` (its SHA-256 is the WebAuthn challenge), checked by the client before the passkey is asked",
        },
      },
    },
  }),
  op({
    name: 'auth.verify',
    method: 'POST',
    path: '/auth/credentials/{id}/verify',
    account: 'credential',
    id: `${OWN_CREDENTIAL}; the service checks the code, assertion or token against it`,
    body: {
      typeFrom: 'body',
      types: {
        EMAIL_OTP: OTP_VERIFY,
        SMS_OTP: OTP_VERIFY,
        OAUTH: {
          type: VERIFY_TYPE,
          oidcToken: "The identity provider's, for the user: the service checks its identity (iss, aud, sub) and nonce",
          clientPublicKey: "The token's `nonce` is its SHA-256: the service refuses another key",
        },
        PASSKEY: {
          type: VERIFY_TYPE,
          assertion: "Signed by the passkey over the challenge: the login activity naming this client's key",
        },
      },
    },
  }),
  op({
    name: 'credential.revoke',
    method: 'DELETE',
    path: '/auth/credentials/{id}',
    account: 'credential',
    id: "The activity's `authenticatorIds`: exactly the one chosen, checked by the client",
    body: NONE,
  }),
  op({ name: 'session.list', method: 'GET', path: '/auth/sessions', account: 'query', query: LIST_QUERY, body: NONE }),
  op({
    name: 'session.refresh',
    method: 'POST',
    path: '/auth/sessions/{id}/refresh',
    account: 'session',
    id: "The relay: a session of the authorized wallet. Not in the activity: the sandbox takes only that session's own stamp; against the real service a relay could have another session of the wallet replaced (that device signed out)",
    body: {
      members: {
        clientPublicKey:
          "The activity's `targetPublicKey` (and a lifetime of at most `maxSessionSeconds`), checked by the client",
      },
    },
  }),
  op({
    name: 'session.revoke',
    method: 'DELETE',
    path: '/auth/sessions/{id}',
    account: 'session',
    id: "The activity's `apiKeyIds`: exactly the one chosen, checked by the client",
    body: NONE,
  }),
  op({
    name: 'wallet.export',
    method: 'POST',
    path: '/internal-accounts/{id}/export',
    account: 'path',
    id: WALLET_ID,
    body: {
      members: {
        clientPublicKey:
          "The activity's `targetPublicKey` (the fresh export key), checked by the client; the bundle must be sealed to it and signed by the pinned key for the activity's organization",
      },
    },
  }),
  op({
    name: 'wallet.privacy',
    method: 'PATCH',
    path: '/internal-accounts/{id}',
    account: 'path',
    id: WALLET_ID,
    body: { members: { privateEnabled: "The activity's `privateEnabled`, checked by the client" } },
  }),
  op({
    name: 'wallet.get',
    method: 'GET',
    path: '/customers/internal-accounts',
    account: 'customer',
    query: { customerId: 'The relay: its embedded wallet must be the authorized one. A read' },
    body: NONE,
    answeredByLookup: true,
  }),
  op({
    // Whom an approval pays: the customer's payees, shown beside the account id the payload commits to.
    name: 'payee.list',
    method: 'GET',
    path: '/customers/external-accounts',
    account: 'customer',
    query: {
      customerId:
        'The relay: its embedded wallet must be the authorized one. A read; a payment is stamped only as its payload commits to it',
      limit: 'Paging of a read',
      cursor: 'Paging of a read',
    },
    body: NONE,
  }),
  op({
    // The relay is how a visitor changes their contact (signed by their session), never how a page
    // sets the rest of the customer record (KYC status, UMA address, currencies): the partner's backend does.
    name: 'customer.contact',
    method: 'PATCH',
    path: '/customers/{id}',
    account: 'customer',
    id: "The relay: the customer of the authorized wallet; the activity's `customerId`, checked by the client",
    body: {
      members: {
        customerType: 'Not signed: the kind of record (the service takes `INDIVIDUAL`), not a value the change sets',
        email: "The activity's new email, checked by the client",
        phoneNumber: "The activity's new phone number, checked by the client",
      },
      exactlyOne: ['email', 'phoneNumber'],
    },
  }),
  op({
    name: 'quote.get',
    method: 'GET',
    path: '/quotes/{id}',
    account: 'quote',
    id: 'The relay: a quote whose source is the authorized wallet. A read; a payment is stamped only as its payload commits to it',
    body: NONE,
    answeredByLookup: true,
  }),
];
