/**
 * `Retry-After` (RFC 9110 section 10.2.3) in both forms: delta-seconds or an
 * HTTP date. Dates are measured against the answer's own `Date` header when
 * there is one, so a wrong device clock does not stretch or cut the wait.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  responseDate?: string | null,
  now = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  const base = responseDate ? Date.parse(responseDate) : NaN;
  return Math.max(0, at - (Number.isNaN(base) ? now : base));
}
