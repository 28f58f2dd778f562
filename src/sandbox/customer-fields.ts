/**
 * The fields of an individual customer as POST /customers and
 * PATCH /customers/{id} take them (docs/sandbox.md, "Customers"), checked: each wrong one is 400
 * INVALID_INPUT naming it. Uniqueness (platformCustomerId, umaAddress) needs
 * the store and is the route's to check.
 */
import { currencyEntry } from './currencies.js';
import { optionalAddress, optionalCountry, optionalDate, optionalEnum, optionalText } from './fields.js';
import { invalidInput } from './http-error.js';
import type { Customer } from './store.js';
import { isUmaAddress } from './uma.js';

export const KYC_STATUSES = ['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD'] as const;

/** kycStatus when a create does not give one: a sandbox customer can pay at once (docs/sandbox.md). */
export const DEFAULT_KYC_STATUS = 'APPROVED';

const ID_TYPES = ['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID'] as const;
/** The tax id types the service accepts for an individual: SSN and ITIN only. */
const INDIVIDUAL_ID_TYPES: readonly string[] = ['SSN', 'ITIN'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{1,14}$/;
/** ISO 4217 codes and crypto tickers. */
const CURRENCY = /^[A-Z0-9]{3,10}$/;
/** SSN and ITIN: nine digits, dashes allowed as they are usually written. */
const TAX_NUMBER = /^\d{3}-?\d{2}-?\d{4}$/;

/** Fields both create and update take; absent ones are left out. */
export type CustomerFields = Partial<
  Pick<
    Customer,
    | 'email'
    | 'phoneNumber'
    | 'umaAddress'
    | 'currencies'
    | 'kycStatus'
    | 'fullName'
    | 'birthDate'
    | 'nationality'
    | 'address'
  >
>;

/** Fields only a create takes: region and the tax identification are immutable afterwards. */
export type CreateOnlyFields = Partial<Pick<Customer, 'platformCustomerId' | 'region' | 'idType' | 'identifier'>>;

function readCurrencies(body: Record<string, unknown>): string[] | undefined {
  const value = body['currencies'];
  if (value === undefined) return undefined;
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.length > 20 ||
    !value.every((c) => typeof c === 'string' && CURRENCY.test(c))
  )
    throw invalidInput('currencies must be a non-empty list of currency codes, e.g. ["USD"]');
  return [...new Set(value as string[])];
}

/** The fields of the update body (also taken on create), checked. */
export function readCustomerFields(body: Record<string, unknown>): CustomerFields {
  if (body['customerType'] !== 'INDIVIDUAL') throw invalidInput('customerType must be INDIVIDUAL');
  const fields: CustomerFields = {
    email: optionalText(body, 'email', { pattern: EMAIL, shape: 'an email address' }),
    phoneNumber: optionalText(body, 'phoneNumber', { pattern: E164, shape: 'E.164, e.g. +14155550123' }),
    currencies: readCurrencies(body),
    kycStatus: optionalEnum(body, 'kycStatus', KYC_STATUSES),
    fullName: optionalText(body, 'fullName'),
    birthDate: optionalDate(body, 'birthDate'),
    nationality: optionalCountry(body, 'nationality'),
    address: optionalAddress(body, 'address'),
  };
  const umaAddress = body['umaAddress'];
  if (umaAddress !== undefined && !isUmaAddress(umaAddress))
    throw invalidInput('umaAddress must be an UMA address, $user@domain');
  if (umaAddress !== undefined) fields.umaAddress = umaAddress as string;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as CustomerFields;
}

/** The create-only fields of POST /customers, checked. */
export function readCreateOnlyFields(body: Record<string, unknown>): CreateOnlyFields {
  const idType = optionalEnum(body, 'idType', ID_TYPES);
  const identifier = optionalText(body, 'identifier', { pattern: TAX_NUMBER, shape: 'nine digits (SSN or ITIN)' });
  if (idType !== undefined && !INDIVIDUAL_ID_TYPES.includes(idType))
    throw invalidInput(`idType ${idType} is not accepted for an individual: use SSN or ITIN`);
  if ((idType === undefined) !== (identifier === undefined))
    throw invalidInput('idType and identifier go together: give both or neither');
  const fields: CreateOnlyFields = {
    platformCustomerId: optionalText(body, 'platformCustomerId'),
    region: optionalCountry(body, 'region'),
    idType,
    identifier,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as CreateOnlyFields;
}

/** An update naming a create-only field is refused rather than silently ignored. */
export function refuseCreateOnlyFields(body: Record<string, unknown>): void {
  const named = ['region', 'idType', 'identifier', 'platformCustomerId'].filter((f) => body[f] !== undefined);
  if (named.length > 0) throw invalidInput(`${named.join(', ')} can only be set when the customer is created`);
}

/** The currencies a create without `currencies` gets: the region's, when the sandbox deals in it, else USD. */
export function defaultCurrencies(region: string | undefined): string[] {
  const code = region === undefined ? undefined : REGION_CURRENCY[region];
  return [code !== undefined && currencyEntry(code) ? code : 'USD'];
}

const EURO_AREA = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];
const REGION_CURRENCY: Record<string, string> = {
  US: 'USD',
  MX: 'MXN',
  BR: 'BRL',
  AE: 'AED',
  ...Object.fromEntries(EURO_AREA.map((country) => [country, 'EUR'])),
};
