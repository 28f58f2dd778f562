/**
 * What the sandbox's spec-rule tests (`*-rules.node.test.ts` here) share: one
 * stack per test file (the platform's calls go direct, the wallet's through
 * the relay), a signed-in wallet, external accounts, quotes and their
 * execution.
 */
import { expect } from 'chai';
import { after, before } from 'node:test';
import { platform, startStack, type Stack } from '../helpers/stack.js';
import { stampWith, TurnkeyWalletClient, type KeyPair } from '../helpers/turnkey-wallet-client.js';

export type Body = Record<string, any>;
export const code = (r: { status: number; body: Body }) => [r.status, r.body['code']];

let stack: Stack;
export const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  platform(stack.sandbox, method, path, body, headers);
export const advance = (ms: number) => stack.sandbox.clock.advance(ms);

/** Starts the stack (sandbox, relay in front) before the calling file's tests and closes it after them. */
export function useStack(): void {
  before(async () => {
    stack = await startStack();
  });
  after(() => stack.close());
}

/** A customer whose wallet has signed in by email OTP: the session key signs wallet actions. */
export async function signedInWallet(name: string, extra: Body = {}) {
  const customer = await call('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    email: `${name}@example.com`,
    ...extra,
  });
  expect(customer.status, JSON.stringify(customer.body)).to.equal(201);
  const accountId = (await call('GET', `/customers/internal-accounts?customerId=${customer.body.id}`)).body.data[0]
    .id as string;
  // A wallet may start without a credential (the first one is registered unsigned).
  const credentials = (await call('GET', `/auth/credentials?accountId=${accountId}`)).body.data as Body[];
  const email =
    credentials.find((c) => c.type === 'EMAIL_OTP') ??
    (await call('POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId })).body;
  stack.grant(name, accountId);
  const client = new TurnkeyWalletClient(stack.relayUrl, name, accountId, stack.sandbox.enclaveKeys);
  const signIn = await client.otpSignIn(email.id, 'EMAIL_OTP');
  expect(signIn.error?.body).to.equal(undefined);
  return {
    customerId: customer.body.id as string,
    umaAddress: customer.body.umaAddress as string,
    accountId,
    client,
    key: signIn.key as KeyPair,
  };
}
export type Wallet = Awaited<ReturnType<typeof signedInWallet>>;

export const balance = async (wallet: Wallet) =>
  (await call('GET', `/customers/internal-accounts?customerId=${wallet.customerId}`)).body.data[0].balance
    .amount as number;
export const fund = (wallet: Wallet, amount: number) =>
  call('POST', `/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount });

const ACCOUNTS: Record<string, (id: string) => Body> = {
  USD: (id) => ({ accountType: 'USD_ACCOUNT', accountNumber: id, routingNumber: '021000021' }),
  EUR: (id) => ({ accountType: 'EUR_ACCOUNT', iban: `DE8937040044${id.padStart(10, '0')}`, swiftCode: 'COBADEFFXXX' }),
  MXN: (id) => ({ accountType: 'MXN_ACCOUNT', clabeNumber: id.padStart(18, '0') }),
  AED: (id) => ({ accountType: 'AED_ACCOUNT', iban: `AE07033${id.padStart(16, '0')}` }),
  BRL: (id) => ({ accountType: 'BRL_ACCOUNT', pixKey: `ana${id}@example.com` }),
};

/** An external account in `currency` whose primary identifier ends in `suffix`. */
export async function externalAccount(
  customerId: string | undefined,
  currency: string,
  suffix = '123',
  extra: Body = {},
) {
  const answer = await call('POST', '/customers/external-accounts', {
    currency,
    ...(customerId ? { customerId } : {}),
    accountInfo: { ...ACCOUNTS[currency]!(`4444${suffix}`), beneficiary: { fullName: 'Pay Ee' } },
    ...extra,
  });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  return answer.body as Body;
}

export const quote = async (wallet: Wallet, destinationId: string, amount: number, side = 'SENDING') => {
  const answer = await call('POST', '/quotes', {
    source: { accountId: wallet.accountId },
    destination: { accountId: destinationId },
    lockedCurrencySide: side,
    lockedCurrencyAmount: amount,
  });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  return answer.body as Body;
};

const payload = (q: Body) => q['paymentInstructions'][0].accountOrWalletInfo.payloadToSign as string;
export const commitmentOf = (q: Body) =>
  Buffer.from(JSON.parse(payload(q)).parameters.unsignedTransaction, 'hex').toString('utf8');

export const execute = async (wallet: Wallet, q: Body, headers: Record<string, string> = {}) =>
  call('POST', `/quotes/${q['id']}/execute`, undefined, {
    'service-wallet-signature': await stampWith(wallet.key, payload(q)),
    ...headers,
  });
