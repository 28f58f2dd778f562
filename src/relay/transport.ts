/**
 * How the relay's upstream calls reach the service: one exchange at a time,
 * the answer's status and headers first, its body read on demand within a
 * cap. Two implementations: `fetchTransport` (any runtime, or a `fetch` the
 * host injects) and `nodeTransport` (Node's `http`/`https` with a keep-alive
 * pool, the default in Node). `upstream.ts` turns every way either can fail
 * into the relay's typed 502/504.
 */
import { readCapped } from './bytes.js';

/** One answer from the service, its body not read yet. */
export interface Exchange {
  status: number;
  /** A response header by lower-case name, or null. */
  header(name: string): string | null;
  /**
   * The whole body, or `'too-large'` once more than `cap` bytes arrived (the
   * connection is then dropped, never drained). Rejects when the service
   * breaks off or the deadline passes.
   */
  read(cap: number): Promise<Uint8Array | 'too-large'>;
  /** Throws the body away (an answer that is refused or has no body). */
  discard(): void;
  /** Why the body cannot be passed on whatever it holds (e.g. a content coding not asked for). */
  unusable?: string;
}

/**
 * The time by which all of one relay request's upstream calls must be done
 * (headers and bodies). A transport that enforces it with its own timer calls
 * `expire()` when that fires; `fetch` gets `signal`, made on first use (an
 * `AbortSignal.timeout` and the listeners on it cost more than the timer).
 */
export class Deadline {
  readonly #at: number;
  #expired = false;
  #signal: AbortSignal | undefined;

  constructor(ms: number) {
    this.#at = performance.now() + ms;
  }

  /** Milliseconds left, 0 once passed. */
  remainingMs(): number {
    return this.#expired ? 0 : Math.max(0, this.#at - performance.now());
  }

  /** Whether the deadline has passed (a failure now is a timeout). */
  get passed(): boolean {
    return this.#expired || this.#signal?.aborted === true || performance.now() >= this.#at;
  }

  /** Marks the deadline passed (a timer set for it fired, perhaps a hair early). */
  expire(): void {
    this.#expired = true;
  }

  /** An AbortSignal that aborts at the deadline. */
  get signal(): AbortSignal {
    return (this.#signal ??= AbortSignal.timeout(Math.ceil(this.remainingMs())));
  }
}

/** Sends one request; rejects when no answer arrives (unreachable, reset, or the deadline passed). */
export type Transport = (
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  deadline: Deadline,
) => Promise<Exchange>;

const EMPTY = new Uint8Array(0);

/** Calls through `fetch`: the standard path for edge runtimes, and for a `fetch` the host injects. */
export function fetchTransport(serviceUrl: string, fetcher: typeof fetch): Transport {
  return async (method, path, headers, body, deadline) => {
    const response = await fetcher(`${serviceUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
      signal: deadline.signal,
      redirect: 'manual',
    });
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      discard: () => void response.body?.cancel().catch(() => undefined),
      read: async (cap) => (response.body ? readCapped(response.body, cap) : EMPTY),
    };
  };
}
