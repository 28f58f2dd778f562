/** External accounts: a customer's (or the platform's) accounts elsewhere (docs/sandbox.md, "External accounts"). */
import { readAccountInfo } from '../account-info.js';
import type { SandboxContext } from '../context.js';
import { optionalBoolean, optionalText } from '../fields.js';
import { ApiError, invalidInput, notFound } from '../http-error.js';
import { newId } from '../ids.js';
import { paginate } from '../list.js';
import { magicSuffix } from '../magic-suffix.js';
import type { Router } from '../router.js';
import type { ExternalAccount } from '../store.js';
import { externalAccountJson } from '../views.js';

/** Beneficiary name verification by suffix (docs/sandbox.md, "Rules it reproduces"; 105 is refused outright). */
const BENEFICIARY: Record<string, string> = {
  '102': 'NOT_MATCHED',
  '103': 'PARTIAL_MATCH',
  '104': 'PENDING',
  '106': 'UNSUPPORTED',
  '107': 'CHECKED_BY_RECEIVING_FI',
};

export function externalAccountRoutes(router: Router, ctx: SandboxContext): void {
  const { store } = ctx;

  router.on('POST', '/customers/external-accounts', ({ body }) => {
    const currency = optionalText(body, 'currency', { pattern: /^[A-Z]{3}$/, shape: 'an ISO 4217 code, e.g. USD' });
    if (currency === undefined) throw invalidInput('currency is required');
    const info = body['accountInfo'];
    if (typeof info !== 'object' || info === null || Array.isArray(info))
      throw invalidInput('accountInfo is required: an object with accountType');
    const { accountInfo, identifier } = readAccountInfo(info as Record<string, unknown>, currency);
    const customerId = optionalText(body, 'customerId');
    if (customerId !== undefined && !store.customers.has(customerId)) throw notFound('USER_NOT_FOUND', 'Customer');
    const platformAccountId = optionalText(body, 'platformAccountId');
    const defaultUmaDepositAccount = optionalBoolean(body, 'defaultUmaDepositAccount') ?? false;
    // Incoming UMA payments go to a customer's UMA address: a platform-held account has none.
    if (defaultUmaDepositAccount && customerId === undefined)
      throw invalidInput('defaultUmaDepositAccount needs a customerId: a platform account receives no UMA payments');
    // The platform's own id for the account names one account: a repeat is 409.
    if (
      platformAccountId !== undefined &&
      [...store.externalAccounts.values()].some((a) => a.platformAccountId === platformAccountId)
    )
      throw new ApiError(
        409,
        'EXTERNAL_ACCOUNT_ALREADY_EXISTS',
        'An external account with this platformAccountId exists',
      );
    const suffix = magicSuffix(identifier);
    if (suffix === '105') throw invalidInput('Invalid account (beneficiary verification)', { suffix });
    const verification = BENEFICIARY[suffix ?? ''] ?? 'MATCHED';
    const fullName = (accountInfo['beneficiary'] as { fullName: string }).fullName;
    // At most one default UMA deposit account per customer: the new one replaces it.
    if (defaultUmaDepositAccount) {
      for (const other of store.externalAccounts.values()) {
        if (other.customerId === customerId && other.defaultUmaDepositAccount) {
          other.defaultUmaDepositAccount = false;
          other.updatedAt = ctx.clock.now();
        }
      }
    }
    const now = ctx.clock.now();
    const account: ExternalAccount = {
      id: newId('ExternalAccount'),
      ...(customerId !== undefined ? { customerId } : {}),
      currency,
      // Usable at once: the name check's result is in beneficiaryVerificationStatus (docs/sandbox.md).
      status: 'ACTIVE',
      accountInfo,
      identifier,
      ...(platformAccountId !== undefined ? { platformAccountId } : {}),
      defaultUmaDepositAccount,
      beneficiaryVerificationStatus: verification,
      ...(verification === 'MATCHED' ? { beneficiaryVerifiedData: { fullName } } : {}),
      createdAt: now,
      updatedAt: now,
    };
    store.externalAccounts.set(account.id, account);
    return { status: 201, body: externalAccountJson(account) };
  });

  // Not in the service's documented calls; lets a platform (and QA) read back which account holds the UMA default.
  router.on('GET', '/customers/external-accounts', ({ query }) => {
    const customerId = query.get('customerId');
    const accounts = [...store.externalAccounts.values()].filter((a) => !customerId || a.customerId === customerId);
    return { status: 200, body: paginate(accounts.map(externalAccountJson), query) };
  });
}
