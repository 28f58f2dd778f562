/**
 * An event's detail as plain data for the channel: JSON's values and dates,
 * from plain objects and arrays only. Anything else (a function, an error's
 * `cause`, a class instance, an element) is left out rather than cloned, so
 * one odd field never loses the whole event, and no getter of it runs.
 */
import type { Wire } from '../frame-link/messages.js';

export function wireDetail(value: unknown, depth = 0): Wire | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value !== 'object' || depth > 6) return undefined;
  if (Array.isArray(value)) return value.map((item) => wireDetail(item, depth + 1) ?? null);
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return undefined;
  const out: { [key: string]: Wire } = {};
  for (const key of Object.keys(value)) {
    const field = Object.getOwnPropertyDescriptor(value, key);
    const plain = field && 'value' in field ? wireDetail(field.value, depth + 1) : undefined;
    if (plain !== undefined) out[key] = plain;
  }
  return out;
}
