/** Customers, their embedded wallets, and contact changes (docs/sandbox.md, "Customers"). */
import { randomBytes, randomUUID } from 'node:crypto';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { balanceOf } from '../balance.js';
import type { SandboxContext } from '../context.js';
import {
  DEFAULT_KYC_STATUS,
  defaultCurrencies,
  readCreateOnlyFields,
  readCustomerFields,
  refuseCreateOnlyFields,
} from '../customer-fields.js';
import { ApiError, invalidInput, notFound } from '../http-error.js';
import { newId } from '../ids.js';
import { paginate } from '../list.js';
import type { Router } from '../router.js';
import { activity, signedFlow } from '../signed-request.js';
import type { Customer, InternalAccount, Store } from '../store.js';
import { SANDBOX_UMA_DOMAIN, sameUma } from '../uma.js';
import { accountJson, customerJson } from '../views.js';

/** UMA addresses route incoming payments (POST /sandbox/uma/receive), so each names one customer. */
function refuseTakenUma(store: Store, umaAddress: string, customerId?: string): void {
  for (const other of store.customers.values()) {
    if (other.id !== customerId && sameUma(other.umaAddress, umaAddress))
      throw new ApiError(409, 'UMA_ADDRESS_ALREADY_EXISTS', 'Another customer has this umaAddress');
  }
}

/**
 * The system-generated umaAddress on the sandbox's UMA domain: the
 * platform's own id when it makes a readable UMA user name, else a short
 * random one; made unique with a random tail when taken.
 */
function defaultUmaAddress(store: Store, platformCustomerId: string | undefined): string {
  const user =
    platformCustomerId
      ?.toLowerCase()
      .replace(/[^a-z0-9._+-]/g, '-')
      .slice(0, 32) ?? '';
  const taken = (name: string) =>
    [...store.customers.values()].some((c) => sameUma(c.umaAddress, `$${name}@${SANDBOX_UMA_DOMAIN}`));
  let name = user || `user-${randomBytes(4).toString('hex')}`;
  while (taken(name)) name = `${user || 'user'}-${randomBytes(4).toString('hex')}`;
  return `$${name}@${SANDBOX_UMA_DOMAIN}`;
}

/**
 * Provisions the EMBEDDED_WALLET internal account every sandbox customer
 * gets. It has no credential yet: the first one is registered unsigned
 * (the first-time wallet bootstrap, docs/sandbox.md "Wallets, sign-in
 * and sessions"), usually by the widget's
 * "send me a code" on the user's first sign-in.
 */
function provisionWallet(ctx: SandboxContext, customer: Customer): InternalAccount {
  const now = ctx.clock.now();
  const account: InternalAccount = {
    id: newId('InternalAccount'),
    customerId: customer.id,
    type: 'EMBEDDED_WALLET',
    currency: 'USD',
    funded: 0,
    privateEnabled: false,
    organizationId: randomUUID(),
    walletAddress: `0x${randomBytes(20).toString('hex')}`,
    mnemonic: generateMnemonic(wordlist, 128),
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.accounts.set(account.id, account);
  return account;
}

export function customerRoutes(router: Router, ctx: SandboxContext): void {
  const { store } = ctx;
  const findCustomer = (id: string) => {
    const customer = store.customers.get(id);
    if (!customer) throw notFound('USER_NOT_FOUND', 'Customer');
    return customer;
  };

  router.on('POST', '/customers', ({ body }) => {
    const fields = readCustomerFields(body);
    const createOnly = readCreateOnlyFields(body);
    const platformCustomerId = createOnly.platformCustomerId ?? randomUUID();
    if ([...store.customers.values()].some((c) => c.platformCustomerId === platformCustomerId)) {
      throw new ApiError(409, 'CUSTOMER_ALREADY_EXISTS', 'A customer with this platformCustomerId exists');
    }
    if (fields.umaAddress !== undefined) refuseTakenUma(store, fields.umaAddress);
    const now = ctx.clock.now();
    const customer: Customer = {
      ...fields,
      ...createOnly,
      id: newId('Customer'),
      platformCustomerId,
      customerType: 'INDIVIDUAL',
      umaAddress: fields.umaAddress ?? defaultUmaAddress(store, createOnly.platformCustomerId),
      currencies: fields.currencies ?? defaultCurrencies(createOnly.region),
      kycStatus: fields.kycStatus ?? DEFAULT_KYC_STATUS,
      createdAt: now,
      updatedAt: now,
    };
    store.customers.set(customer.id, customer);
    provisionWallet(ctx, customer);
    return { status: 201, body: customerJson(customer) };
  });

  router.on('GET', '/customers', ({ query }) => {
    const email = query.get('email');
    const customers = [...store.customers.values()].filter((c) => !email || c.email === email);
    return { status: 200, body: paginate(customers.map(customerJson), query) };
  });

  router.on('GET', '/customers/internal-accounts', ({ query }) => {
    const customerId = query.get('customerId');
    const accounts = [...store.accounts.values()].filter((a) => !customerId || a.customerId === customerId);
    return {
      status: 200,
      body: paginate(
        accounts.map((a) => accountJson(a, balanceOf(ctx, a))),
        query,
      ),
    };
  });

  router.on('GET', '/customers/{customerId}', ({ params }) => ({
    status: 200,
    body: customerJson(findCustomer(params['customerId']!)),
  }));

  router.on('PATCH', '/customers/{customerId}', async (request) => {
    const customer = findCustomer(request.params['customerId']!);
    const { body } = request;
    refuseCreateOnlyFields(body);
    const fields = readCustomerFields(body);
    const contact = { email: fields.email, phoneNumber: fields.phoneNumber };
    if (contact.email && contact.phoneNumber) throw invalidInput('Update email and phoneNumber in separate calls');
    if (fields.umaAddress !== undefined) refuseTakenUma(store, fields.umaAddress, customer.id);
    const apply = () => {
      // Checked again: another customer may have taken the address while this update awaited its signature.
      if (fields.umaAddress !== undefined) refuseTakenUma(store, fields.umaAddress, customer.id);
      Object.assign(customer, fields, { updatedAt: ctx.clock.now() });
      // Tied OTP credentials follow the contact: a new email renames EMAIL_OTP ones, a new phone SMS_OTP ones.
      for (const account of store.accountsOf(customer.id)) {
        for (const credential of store.credentialsOf(account.id)) {
          const next =
            credential.type === 'EMAIL_OTP'
              ? contact.email
              : credential.type === 'SMS_OTP'
                ? contact.phoneNumber
                : undefined;
          if (next) Object.assign(credential, { nickname: next, updatedAt: ctx.clock.now() });
        }
      }
      return { status: 200, body: customerJson(customer) };
    };
    // Rule 2 as written: with a wallet, a contact change is signed by a session of a verified
    // credential; before the first sign-in nothing can sign it (docs/sandbox.md).
    const wallets = store.accountsOf(customer.id);
    const changes =
      (contact.email !== undefined && contact.email !== customer.email) ||
      (contact.phoneNumber !== undefined && contact.phoneNumber !== customer.phoneNumber);
    if (!changes || wallets.length === 0) return apply();
    const type = contact.email ? 'ACTIVITY_TYPE_UPDATE_USER_EMAIL' : 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER';
    return signedFlow(ctx, {
      request,
      begin: () => ({
        type,
        payloadToSign: activity(ctx, type, wallets[0]!.organizationId, {
          customerId: customer.id,
          ...(contact.email ? { email: contact.email } : { phoneNumber: contact.phoneNumber }),
        }),
        signer: { kind: 'session', accountIds: wallets.map((w) => w.id) },
      }),
      complete: apply,
    });
  });
}
