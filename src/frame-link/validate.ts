/**
 * Reading what arrives on the frame channel (messages.ts): each reader gives
 * the typed message, rebuilt from the fields it knows (extra fields are not
 * carried over), or `undefined` for anything else. Nothing here throws on
 * hostile input: a getter, a cycle, a huge or deeply nested value, an odd
 * prototype or a key such as `__proto__` all read as `undefined`.
 */
import {
  HELLO,
  HERE,
  PING,
  type FrameMessage,
  type Hello,
  type Here,
  type Ping,
  type HostMessage,
  type Refused,
  type Wire,
} from './messages.js';

/** How deep data may nest (a quote is four levels deep). */
export const MAX_DEPTH = 8;
/** How much data one message may carry, counted in characters of keys and strings (8 per number). */
export const MAX_WIRE_SIZE = 65_536;

const ATTRIBUTE = /^[a-z][a-z0-9-]{0,63}$/;
const EVENT = /^ew-[a-z][a-z-]{0,47}$/;
const THEME = /^--ew-[a-z0-9-]{1,48}$/;
const COMMAND = /^[a-z][A-Za-z]{0,47}$/;
const TAG = /^ew-[a-z][a-z-]{0,47}$/;
const CODE = /^[A-Z][A-Z0-9_]{0,63}$/;
/** Keys that mean something to JavaScript objects: refused, whatever they hold. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const isRecord = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const isString = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/** A copy of `value` as plain data within the limits, or `undefined`. */
export function readWire(value: unknown): Wire | undefined {
  let budget = MAX_WIRE_SIZE;
  const spend = (n: number) => (budget -= n) >= 0;
  const read = (v: unknown, depth: number): Wire | undefined => {
    if (v === null || typeof v === 'boolean') return v;
    if (typeof v === 'number') return Number.isFinite(v) && spend(8) ? v : undefined;
    if (typeof v === 'string') return spend(v.length) ? v : undefined;
    if (depth >= MAX_DEPTH) return undefined;
    if (v instanceof Date) return Number.isNaN(v.getTime()) || !spend(8) ? undefined : new Date(v.getTime());
    if (Array.isArray(v)) {
      if (!spend(v.length)) return undefined;
      const out: Wire[] = [];
      for (const item of v) {
        const read1 = read(item, depth + 1);
        if (read1 === undefined) return undefined;
        out.push(read1);
      }
      return out;
    }
    if (!isRecord(v)) return undefined;
    const out: { [key: string]: Wire } = {};
    for (const key of Object.keys(v)) {
      const descriptor = Object.getOwnPropertyDescriptor(v, key);
      if (RESERVED_KEYS.has(key) || !descriptor || !('value' in descriptor) || !spend(key.length)) return undefined;
      const item = read(descriptor.value, depth + 1);
      if (item === undefined) return undefined;
      out[key] = item;
    }
    return out;
  };
  try {
    return read(value, 0);
  } catch {
    return undefined; // a proxy or an exotic object that throws when looked at
  }
}

/** The handshake, if `data` is one. */
export function readHello(data: unknown): Hello | undefined {
  if (!isRecord(data) || data['ew'] !== HELLO || !isString(data['tag'], 64) || !TAG.test(data['tag'])) return undefined;
  const versions = data['versions'];
  if (!Array.isArray(versions) || versions.length === 0 || versions.length > 8) return undefined;
  if (!versions.every((v) => Number.isSafeInteger(v) && v > 0)) return undefined;
  return { ew: HELLO, versions: [...(versions as number[])], tag: data['tag'] };
}

/** A frame page's word that it is there, if `data` is one. */
export function readHere(data: unknown): Here | undefined {
  if (!isRecord(data) || data['ew'] !== HERE) return undefined;
  return data['asked'] === true ? { ew: HERE, asked: true } : { ew: HERE };
}

/** The host's question whether the frame page is there, if `data` is one. */
export function readPing(data: unknown): Ping | undefined {
  return isRecord(data) && data['ew'] === PING ? { ew: PING } : undefined;
}

/** The frame's refusal, if `data` is one. */
export function readRefused(data: unknown): Refused | undefined {
  if (!isRecord(data) || data['ew'] !== 'ew-frame-refused' || !isString(data['code'], 64)) return undefined;
  return CODE.test(data['code']) ? { ew: 'ew-frame-refused', code: data['code'] } : undefined;
}

/** A message from the host, if `data` is a well-formed one. */
export function readHostMessage(data: unknown): HostMessage | undefined {
  if (!isRecord(data)) return undefined;
  const name = data['name'];
  switch (data['t']) {
    case 'attr': {
      const value = data['value'];
      if (!isString(name, 64) || !ATTRIBUTE.test(name)) return undefined;
      return value === null || isString(value, 2_000)
        ? withChild(data, { t: 'attr' as const, name, value })
        : undefined;
    }
    case 'data': {
      if (!isString(name, 64) || !ATTRIBUTE.test(name)) return undefined;
      const value = readWire(data['value']);
      return value === undefined ? undefined : withChild(data, { t: 'data' as const, name, value });
    }
    case 'init':
      return readInit(data);
    case 'child': {
      const { child, tag } = data;
      const attributes = readAttributes(data['attributes']);
      if (!isChild(child) || !isString(tag, 64) || !TAG.test(tag) || !attributes) return undefined;
      return { t: 'child', child, tag, attributes };
    }
    case 'unchild':
      return isChild(data['child']) ? { t: 'unchild', child: data['child'] } : undefined;
    case 'locale': {
      const tag = data['tag'];
      return isLocale(tag) ? { t: 'locale', tag } : undefined;
    }
    case 'theme':
      return readTheme(data['values']);
    case 'command': {
      const id = data['id'];
      if (!Number.isSafeInteger(id) || !isString(name, 48) || !COMMAND.test(name)) return undefined;
      return { t: 'command', id: id as number, name };
    }
    default:
      return undefined;
  }
}

const isLocale = (tag: unknown): tag is string => isString(tag, 35) && /^[A-Za-z0-9-]+$/.test(tag);

/** A child's number: a positive safe integer. */
const isChild = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** `message` with the `child` it is for, if `data` names one; undefined if `data`'s `child` is not a number. */
function withChild<M extends object>(data: Record<string, unknown>, message: M): (M & { child?: number }) | undefined {
  const child = data['child'];
  if (child === undefined) return message;
  return isChild(child) ? { ...message, child } : undefined;
}

/** Attributes as the host sends them: names of the attribute form, short string values. */
function readAttributes(attributes: unknown): Record<string, string> | undefined {
  if (!isRecord(attributes)) return undefined;
  const entries = Object.entries(attributes);
  if (entries.length > 64) return undefined;
  for (const [name, value] of entries) if (!ATTRIBUTE.test(name) || !isString(value, 2_000)) return undefined;
  return Object.fromEntries(entries) as Record<string, string>;
}

function readInit(data: Record<string, unknown>): HostMessage | undefined {
  const { locale } = data;
  const attributes = readAttributes(data['attributes']);
  if (!attributes || (locale !== undefined && !isLocale(locale))) return undefined;
  const init = { t: 'init' as const, attributes };
  return locale === undefined ? init : { ...init, locale };
}

/** Theme values: `--ew-*` names, short values with nothing that could end a declaration or load a file. */
function readTheme(values: unknown): HostMessage | undefined {
  if (!isRecord(values)) return undefined;
  const out: Record<string, string> = {};
  const entries = Object.entries(values);
  if (entries.length > 64) return undefined;
  for (const [name, value] of entries) {
    if (!THEME.test(name) || !isString(value, 200) || /[;{}\\<>]|url\(|@import/i.test(value)) return undefined;
    out[name] = value;
  }
  return { t: 'theme', values: out };
}

/** A message from the frame, if `data` is a well-formed one. */
export function readFrameMessage(data: unknown): FrameMessage | undefined {
  if (!isRecord(data)) return undefined;
  switch (data['t']) {
    case 'welcome': {
      const { v, version } = data;
      return Number.isSafeInteger(v) && isString(version, 64) ? { t: 'welcome', v: v as number, version } : undefined;
    }
    case 'event': {
      const name = data['name'];
      if (!isString(name, 51) || !EVENT.test(name)) return undefined;
      const detail = readWire(data['detail']);
      return detail === undefined ? undefined : withChild(data, { t: 'event' as const, name, detail });
    }
    case 'size': {
      const height = data['height'];
      return typeof height === 'number' && Number.isFinite(height) && height >= 0 ? { t: 'size', height } : undefined;
    }
    case 'state': {
      const values = readWire(data['values']);
      return isRecord(values) ? { t: 'state', values: values as { [key: string]: Wire } } : undefined;
    }
    case 'result':
      return readResult(data);
    default:
      return undefined;
  }
}

function readResult(data: Record<string, unknown>): FrameMessage | undefined {
  const { id, ok, error } = data;
  if (!Number.isSafeInteger(id) || typeof ok !== 'boolean') return undefined;
  if (error === undefined) return { t: 'result', id: id as number, ok };
  if (!isRecord(error) || !isString(error['code'], 64) || !CODE.test(error['code'])) return undefined;
  if (!isString(error['message'], 500)) return undefined;
  return { t: 'result', id: id as number, ok, error: { code: error['code'], message: error['message'] } };
}
