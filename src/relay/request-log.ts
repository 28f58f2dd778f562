/**
 * The relay's log entry for one request: what may be logged, never bodies,
 * headers, stamps or secrets, and every request-controlled field escaped.
 */

export interface RelayLogEntry {
  method: string;
  /** Path below the mount point, without the query. */
  path: string;
  /** Operation name, or undefined when refused before matching one. */
  operation: string | undefined;
  status: number;
  durationMs: number;
}

/**
 * A request-controlled string as a log field: anything outside printable
 * ASCII (a `%0A` decoded to a newline, say), the space, `"` and `=` that
 * delimit fields in text logs, and the backslash itself written as an escape,
 * so one request is one log line and cannot forge another or another field.
 */
export function logSafe(value: string): string {
  return value.replace(/[^\x21\x23-\x3c\x3e-\x5b\x5d-\x7e]/gu, (c) =>
    c === '\\' ? '\\\\' : `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}

/** The entry for a request: its method and path as it sent them (escaped), and how it ended. */
export function logEntry(
  method: string,
  path: string,
  operation: string | undefined,
  status: number,
  durationMs: number,
): RelayLogEntry {
  return { method: logSafe(method), path: logSafe(path), operation, status, durationMs };
}
