/**
 * The sandbox's `clientError` listener: what Node's parser refuses (bad
 * request lines and headers, header floods, the request timeout) gets a
 * JSON error in the service's shape (docs/protocol.md, "Errors") and a closed connection; a socket that is gone, or
 * that already carries an answer, is only destroyed (writing then would
 * corrupt the stream or throw).
 */
import type { Duplex } from 'node:stream';

const ANSWERS: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'HEADERS_TOO_LARGE',
    'The request headers are too large',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive'],
};
const BAD_REQUEST: [number, string, string, string] = [400, 'Bad Request', 'INVALID_INPUT', 'Malformed HTTP request'];

/** Answers a request Node could not parse, then closes its connection. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // As Node's default listener does: no raw answer over one whose head is already on the wire.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] = ANSWERS[error.code ?? ''] ?? BAD_REQUEST;
  const body = JSON.stringify({ status, code, message });
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
  ];
  // Destroyed once flushed: the server keeps sockets half-open, and this peer may never close.
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}
