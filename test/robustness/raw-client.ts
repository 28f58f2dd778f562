/**
 * A raw `node:net` HTTP client for the robustness suite: writes bytes no HTTP
 * library would send and reports what came back, and whether the server
 * closed the connection or we gave up waiting.
 */
import { connect, type Socket } from 'node:net';

export interface Exchange {
  /** Everything the server sent, as latin1. */
  text: string;
  /** Status codes of the final answers (1xx interim answers left out), in order. */
  statuses: number[];
  /** The server ended or reset the connection. */
  closed: boolean;
  /** Neither an expected answer nor a close came within the wait; we closed the socket. */
  timedOut: boolean;
  /** Milliseconds from connecting to the end of the exchange. */
  elapsedMs: number;
}

export interface ExchangeOptions {
  /** Longest wait for the server (default 3 s). */
  waitMs?: number;
  /** Stop once this many final answers arrived (plus `settleMs`); default 1. Infinity waits for the close. */
  answers?: number;
  /** How long to keep reading after the last expected answer starts (default 100 ms), for its rest and a close. */
  settleMs?: number;
}

const STATUS_LINE = /(?:^|\r\n)HTTP\/\d\.\d (\d{3})/g;

/** Final status codes in a response stream (interim 1xx answers skipped). */
export function finalStatuses(text: string): number[] {
  return [...text.matchAll(STATUS_LINE)].map((m) => Number(m[1])).filter((status) => status >= 200);
}

/**
 * Connects to 127.0.0.1:`port`, lets `drive` write (it may keep writing
 * asynchronously, e.g. a slow drip, and should stop once `socket.destroyed`),
 * and collects the answer until the server closes, the expected answers are
 * in, or `waitMs` passes.
 */
export function exchange(
  port: number,
  drive: (socket: Socket) => void | Promise<void>,
  options: ExchangeOptions = {},
): Promise<Exchange> {
  const waitMs = options.waitMs ?? 3_000;
  const answers = options.answers ?? 1;
  const settleMs = options.settleMs ?? 100;
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    let timedOut = false;
    let settle: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, waitMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // A short settle lets the rest of the answer (and a close that follows it) arrive.
      if (!settle && finalStatuses(Buffer.concat(chunks).toString('latin1')).length >= answers)
        settle = setTimeout(() => socket.destroy(), settleMs);
    });
    socket.on('end', () => (closed = true));
    socket.on('error', () => (closed = true));
    socket.on('close', () => {
      clearTimeout(timer);
      clearTimeout(settle);
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ text, statuses: finalStatuses(text), closed, timedOut, elapsedMs: Date.now() - started });
    });
    socket.on('connect', () => {
      Promise.resolve(drive(socket)).catch(() => socket.destroy());
    });
  });
}

/** Sends `data` in one write and waits for the answer. */
export const send = (port: number, data: string | Buffer, options?: ExchangeOptions): Promise<Exchange> =>
  exchange(port, (socket) => void socket.write(data), options);

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Writes, and resolves once the bytes are handed to the kernel (or the socket is gone). */
export const write = (socket: Socket, data: string | Buffer) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) return resolve();
    socket.write(data, () => resolve());
  });
