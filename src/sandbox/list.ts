import { invalidInput } from './http-error.js';

/**
 * List conventions (docs/protocol.md, "Lists"): `limit` 1..100 (default 20) and an opaque
 * `cursor`; answers `{data, hasMore, nextCursor?, totalCount}`. The cursor is
 * the offset, base64url-wrapped so clients treat it as opaque.
 */
export function paginate<T>(items: T[], query: URLSearchParams): Record<string, unknown> {
  const limit = readLimit(query);
  let offset = 0;
  const cursor = query.get('cursor');
  if (cursor) {
    offset = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Number.isInteger(offset) || offset < 0) throw invalidInput('cursor is not one this service issued');
  }
  const data = items.slice(offset, offset + limit);
  const hasMore = offset + limit < items.length;
  return {
    data,
    hasMore,
    ...(hasMore ? { nextCursor: Buffer.from(String(offset + limit)).toString('base64url') } : {}),
    totalCount: items.length,
  };
}

/** Validates `limit` (also for lists that are not paginated). */
export function readLimit(query: URLSearchParams): number {
  const raw = query.get('limit');
  if (raw === null) return 20;
  const limit = Number(raw);
  if (!/^\d+$/.test(raw) || limit < 1 || limit > 100) {
    throw invalidInput('limit must be an integer from 1 to 100', { limit: raw });
  }
  return limit;
}
