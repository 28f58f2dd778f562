/**
 * Tiny readers for request fields: each returns the value when it is absent
 * (undefined) or well formed, and otherwise throws 400 INVALID_INPUT naming
 * the field and what it should be (the code the service uses for bad input).
 */
import { invalidInput } from './http-error.js';
import type { Address } from './store.js';

type Body = Record<string, unknown>;

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string of 1 to `max` characters matching `pattern` (described by `shape` in the error). */
export function optionalText(
  body: Body,
  field: string,
  options: { max?: number; pattern?: RegExp; shape?: string; path?: string } = {},
): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  const name = options.path ?? field;
  const max = options.max ?? 256;
  const shape = options.shape ?? `a string of 1 to ${max} characters`;
  if (typeof value !== 'string' || value.length === 0 || value.length > max)
    throw invalidInput(`${name} must be ${shape}`);
  if (options.pattern && !options.pattern.test(value)) throw invalidInput(`${name} must be ${shape}`);
  return value;
}

/** One of `values`. */
export function optionalEnum<T extends string>(
  body: Body,
  field: string,
  values: readonly T[],
  path = field,
): T | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (!values.includes(value as T)) throw invalidInput(`${path} must be one of ${values.join(', ')}`);
  return value as T;
}

/** A boolean. */
export function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalidInput(`${field} must be true or false`);
  return value;
}

/** An ISO 3166-1 alpha-2 country code. */
export const optionalCountry = (body: Body, field: string, path = field): string | undefined =>
  optionalText(body, field, { pattern: /^[A-Z]{2}$/, shape: 'an ISO 3166-1 alpha-2 code, e.g. US', path });

/** A calendar date, YYYY-MM-DD, that exists (no 2023-02-30). */
export function optionalDate(body: Body, field: string, path = field): string | undefined {
  const value = optionalText(body, field, { pattern: /^\d{4}-\d\d-\d\d$/, shape: 'a date, YYYY-MM-DD', path });
  if (value !== undefined && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value)
    throw invalidInput(`${path} must be a date that exists, YYYY-MM-DD`);
  return value;
}

/** An Address: line1, postalCode and country required; only its own members are kept. */
export function optionalAddress(body: Body, field: string, path = field): Address | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (!isObject(value)) throw invalidInput(`${path} must be an object with line1, postalCode and country`);
  const line = (name: string, required: boolean) => {
    const text = optionalText(value, name, { path: `${path}.${name}` });
    if (required && text === undefined) throw invalidInput(`${path}.${name} is required`);
    return text;
  };
  const [line1, line2, city, state, postalCode] = [
    line('line1', true)!,
    line('line2', false),
    line('city', false),
    line('state', false),
    line('postalCode', true)!,
  ];
  const country = optionalCountry(value, 'country', `${path}.country`);
  if (country === undefined) throw invalidInput(`${path}.country is required`);
  return {
    line1,
    ...(line2 !== undefined ? { line2 } : {}),
    ...(city !== undefined ? { city } : {}),
    ...(state !== undefined ? { state } : {}),
    postalCode,
    country,
  };
}

/** An object member (for nested bodies), or undefined when absent. */
export function optionalObject(body: Body, field: string, path = field): Body | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (!isObject(value)) throw invalidInput(`${path} must be an object`);
  return value;
}
