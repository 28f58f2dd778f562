/**
 * Raw-socket HTTP for robustness tests: sends bytes no HTTP client would, and
 * reports what came back and whether the server closed the connection.
 */
import { connect, type Socket } from 'node:net';

export interface RawExchange {
  /** Everything the server sent, as latin1 text. */
  text: string;
  /** The status code of the first answer, when there was one. */
  status: number | undefined;
  /** True when the server closed (or reset) the connection before `waitMs`. */
  closed: boolean;
}

/**
 * Opens a connection, lets `send` write to it, and collects the answer until
 * the server closes the connection or `waitMs` passes (then the client closes).
 */
export function rawExchange(port: number, send: (socket: Socket) => void, waitMs = 5_000): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    const timer = setTimeout(() => socket.destroy(), waitMs);
    const settle = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({ text, status: status ? Number(status) : undefined, closed });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server ending or resetting the connection; a client-side timeout destroy sets neither.
    socket.on('end', () => (closed = true));
    socket.on('error', () => (closed = true));
    socket.on('close', settle);
    socket.on('connect', () => send(socket));
  });
}

/** Sends `data` once and waits for the answer. */
export const rawRequest = (port: number, data: string | Buffer, waitMs?: number): Promise<RawExchange> =>
  rawExchange(port, (socket) => socket.write(data), waitMs);

/** Writes `total` bytes of `fill` in 64 KiB pieces, honouring back-pressure, until done or the socket closes. */
export function pump(socket: Socket, total: number, frame: (piece: Buffer) => Buffer = (p) => p): void {
  const piece = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const more = () => {
    while (sent < total && !socket.destroyed) {
      sent += piece.length;
      if (!socket.write(frame(piece))) {
        socket.once('drain', more);
        return;
      }
    }
  };
  more();
}
