/**
 * The `Host` request header, which HTTP/1.1 requires on every request (RFC 9112
 * section 3.2): a hostname or IP literal with an optional port, nothing else.
 * Every server we ship (relay adapter, sandbox, `npm start`) refuses a request
 * whose Host does not parse here before reading anything else of it.
 */
const HOST = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/;

export interface HostHeader {
  /** Lower-cased; an IPv6 literal keeps its brackets. */
  hostname: string;
  port?: number;
}

/** The parsed `Host`, or undefined when it is missing or malformed (a port above 65535 included). */
export function parseHostHeader(value: string | undefined): HostHeader | undefined {
  const match = HOST.exec(value ?? '');
  if (!match) return undefined;
  const hostname = match[1]!.toLowerCase();
  if (match[2] === undefined) return { hostname };
  const port = Number(match[2]);
  return port <= 65_535 ? { hostname, port } : undefined;
}
