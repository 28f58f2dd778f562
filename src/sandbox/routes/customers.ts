/** Customers, their embedded wallets, and contact changes (spec Parts 2.1 and 4.2). */
import { randomBytes, randomUUID } from 'node:crypto';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { SandboxContext } from '../context.js';
import { ApiError, invalidInput, notFound } from '../http-error.js';
import { newId } from '../ids.js';
import { paginate } from '../list.js';
import type { Router } from '../router.js';
import { activity, signedFlow } from '../signed-request.js';
import type { Customer, InternalAccount } from '../store.js';
import { accountJson, customerJson } from '../views.js';
import { balanceOf } from './payments.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{1,14}$/;

function readContact(body: Record<string, unknown>): { email?: string; phoneNumber?: string } {
  const { email, phoneNumber } = body;
  if (email !== undefined && (typeof email !== 'string' || !EMAIL.test(email)))
    throw invalidInput('email is not an email address');
  if (phoneNumber !== undefined && (typeof phoneNumber !== 'string' || !E164.test(phoneNumber))) {
    throw invalidInput('phoneNumber must be E.164, e.g. +14155550123');
  }
  return { ...(email ? { email } : {}), ...(phoneNumber ? { phoneNumber } : {}) };
}

/**
 * Provisions the EMBEDDED_WALLET internal account every sandbox customer
 * gets, with an EMAIL_OTP credential on the customer's email (and SMS_OTP on
 * the phone, when there is one).
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
  const contacts: ['EMAIL_OTP' | 'SMS_OTP', string | undefined][] = [
    ['EMAIL_OTP', customer.email],
    ['SMS_OTP', customer.phoneNumber],
  ];
  for (const [type, nickname] of contacts) {
    if (!nickname) continue;
    const id = newId('AuthMethod');
    ctx.store.credentials.set(id, { id, accountId: account.id, type, nickname, createdAt: now, updatedAt: now });
  }
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
    if (body['customerType'] !== 'INDIVIDUAL') throw invalidInput('customerType must be INDIVIDUAL');
    const contact = readContact(body);
    if (!contact.email) throw invalidInput('email is required for a sandbox customer with an embedded wallet');
    const platformCustomerId =
      typeof body['platformCustomerId'] === 'string' ? body['platformCustomerId'] : randomUUID();
    if ([...store.customers.values()].some((c) => c.platformCustomerId === platformCustomerId)) {
      throw new ApiError(409, 'CUSTOMER_ALREADY_EXISTS', 'A customer with this platformCustomerId exists');
    }
    const now = ctx.clock.now();
    const customer: Customer = {
      id: newId('Customer'),
      platformCustomerId,
      customerType: 'INDIVIDUAL',
      umaAddress:
        typeof body['umaAddress'] === 'string'
          ? body['umaAddress']
          : `$${platformCustomerId.slice(0, 8)}@sandbox.local`,
      ...contact,
      ...(typeof body['fullName'] === 'string' ? { fullName: body['fullName'] } : {}),
      ...(typeof body['region'] === 'string' ? { region: body['region'] } : {}),
      currencies: Array.isArray(body['currencies']) ? (body['currencies'] as string[]) : ['USD'],
      kycStatus: 'APPROVED',
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
    if (body['customerType'] !== 'INDIVIDUAL') throw invalidInput('customerType must be INDIVIDUAL');
    const contact = readContact(body);
    if (contact.email && contact.phoneNumber) throw invalidInput('Update email and phoneNumber in separate calls');
    const apply = () => {
      Object.assign(customer, contact, { updatedAt: ctx.clock.now() });
      if (typeof body['fullName'] === 'string') customer.fullName = body['fullName'];
      // Tied OTP credentials follow the contact (spec Part 4.2, rule 2).
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
        payloadToSign: activity(ctx, type, wallets[0]!.organizationId, { customerId: customer.id, ...contact }),
        signer: { kind: 'session', accountIds: wallets.map((w) => w.id) },
      }),
      complete: apply,
    });
  });
}
