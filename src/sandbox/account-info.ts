/**
 * An external account's `accountInfo`, checked by `accountType`:
 * the two variants the service documents (USD_ACCOUNT, AED_ACCOUNT) and one per other
 * currency of the sandbox's table (EUR, MXN, BRL), each with the primary
 * identifier whose magic suffix picks sandbox outcomes (docs/sandbox.md,
 * "External accounts"). Only the
 * variant's own members are kept.
 */
import {
  optionalAddress,
  optionalCountry,
  optionalDate,
  optionalEnum,
  optionalObject,
  optionalText,
} from './fields.js';
import { invalidInput } from './http-error.js';

interface Member {
  pattern?: RegExp;
  shape?: string;
  max?: number;
  values?: readonly string[];
}

interface Variant {
  currency: string;
  /** The member that identifies the account: its primary identifier, whose suffix is magic. */
  primary: string;
  members: Record<string, Member>;
}

/** Letters, digits and spaces as IBANs are written; checked without the spaces. */
const IBAN: Member = { pattern: /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, shape: 'an IBAN, e.g. DE89370400440532013000' };
const SWIFT: Member = {
  pattern: /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/,
  shape: 'a SWIFT/BIC code of 8 or 11 characters',
};

const VARIANTS: Record<string, Variant> = {
  USD_ACCOUNT: {
    currency: 'USD',
    primary: 'accountNumber',
    members: {
      accountNumber: { pattern: /^\d{4,17}$/, shape: '4 to 17 digits' },
      routingNumber: { pattern: /^\d{9}$/, shape: 'nine digits (ABA)' },
      bankAccountType: { values: ['CHECKING', 'SAVINGS'] },
      bankName: {},
    },
  },
  AED_ACCOUNT: { currency: 'AED', primary: 'iban', members: { iban: IBAN, swiftCode: SWIFT } },
  EUR_ACCOUNT: { currency: 'EUR', primary: 'iban', members: { iban: IBAN, swiftCode: SWIFT } },
  MXN_ACCOUNT: {
    currency: 'MXN',
    primary: 'clabeNumber',
    members: { clabeNumber: { pattern: /^\d{18}$/, shape: '18 digits (CLABE)' } },
  },
  // A PIX key is an email, a phone number, a tax number or a random key: any short text.
  BRL_ACCOUNT: { currency: 'BRL', primary: 'pixKey', members: { pixKey: { max: 77 } } },
};

export const ACCOUNT_TYPES = Object.keys(VARIANTS);

/** Checks `accountInfo` for an account in `currency`; returns what to store and its primary identifier. */
export function readAccountInfo(
  info: Record<string, unknown>,
  currency: string,
): { accountInfo: Record<string, unknown>; identifier: string } {
  const type = info['accountType'];
  const variant = typeof type === 'string' && Object.hasOwn(VARIANTS, type) ? VARIANTS[type]! : undefined;
  if (!variant) throw invalidInput(`accountInfo.accountType must be one of ${ACCOUNT_TYPES.join(', ')}`);
  if (variant.currency !== currency)
    throw invalidInput(`currency must be ${variant.currency} for a ${String(type)} (got ${currency})`);
  const accountInfo: Record<string, unknown> = { accountType: type };
  for (const [name, member] of Object.entries(variant.members)) {
    const path = `accountInfo.${name}`;
    const raw = info[name];
    // IBANs are often written in groups of four: checked and kept without the spaces.
    const value = member === IBAN && typeof raw === 'string' ? raw.replace(/\s/g, '') : raw;
    const checked = member.values
      ? optionalEnum({ [name]: value }, name, member.values, path)
      : optionalText({ [name]: value }, name, { path, ...member });
    if (checked === undefined && name === variant.primary) throw invalidInput(`${path} is required`);
    if (checked !== undefined) accountInfo[name] = checked;
  }
  accountInfo['beneficiary'] = readBeneficiary(info);
  return { accountInfo, identifier: accountInfo[variant.primary] as string };
}

/** The beneficiary object: fullName required. */
function readBeneficiary(info: Record<string, unknown>): Record<string, unknown> {
  const path = 'accountInfo.beneficiary';
  const beneficiary = optionalObject(info, 'beneficiary', path);
  const fullName = beneficiary && optionalText(beneficiary, 'fullName', { path: `${path}.fullName` });
  if (!beneficiary || fullName === undefined) throw invalidInput(`${path}.fullName is required`);
  const fields = {
    beneficiaryType: optionalEnum(
      beneficiary,
      'beneficiaryType',
      ['INDIVIDUAL', 'BUSINESS'],
      `${path}.beneficiaryType`,
    ),
    fullName,
    birthDate: optionalDate(beneficiary, 'birthDate', `${path}.birthDate`),
    nationality: optionalCountry(beneficiary, 'nationality', `${path}.nationality`),
    address: optionalAddress(beneficiary, 'address', `${path}.address`),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}
