/**
 * Whether a string is a web origin exactly as browsers serialize one
 * (`https://shop.example`, `http://localhost:5173`): no path, query, user, or
 * wildcard. The URL parser alone lets `https://*` and quotes through as hosts,
 * so the host is held to the characters of a DNS name, IPv4 or IPv6 address.
 */
export function isWebOrigin(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.origin === value &&
      /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(url.hostname)
    );
  } catch {
    return false;
  }
}
