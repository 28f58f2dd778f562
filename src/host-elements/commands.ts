/**
 * The commands a host element sends its frame (`signOut`, …): queued until the
 * frame's channel is open, each answered by the frame or, when the frame
 * reloads, goes away or stays silent, rejected with a code. A partner's own
 * logout that awaits `signOut()` never hangs.
 */
import type { FrameMessage, HostMessage } from '../frame-link/messages.js';
import type { LinkPort } from '../frame-link/port.js';

/** How long a command waits for the frame's answer. */
export const COMMAND_TIMEOUT_MS = 15_000;

type Pending = {
  name: string;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

export class Commands {
  #next = 1;
  readonly #pending = new Map<number, Pending>();
  /** Asked before the channel opened, sent once it does. */
  readonly #queued = new Set<number>();

  constructor(
    private readonly link: () => LinkPort<HostMessage> | undefined,
    private readonly who: string,
  ) {}

  /** Asks the frame to run `name`; settles with the frame's answer, or a code when none can come. */
  run(name: string): Promise<void> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.#fail(id, 'FRAME_NO_ANSWER', `${this.who}: the frame did not answer ${name}()`),
        COMMAND_TIMEOUT_MS,
      );
      this.#pending.set(id, { name, resolve, reject, timer });
      const link = this.link();
      if (link) link.send({ t: 'command', id, name });
      else this.#queued.add(id);
    });
  }

  /** The channel is open: what was asked meanwhile is sent. */
  flush(): void {
    const link = this.link();
    if (!link) return;
    for (const id of this.#queued) link.send({ t: 'command', id, name: this.#pending.get(id)!.name });
    this.#queued.clear();
  }

  /** The frame's answer. */
  settle(result: Extract<FrameMessage, { t: 'result' }>): void {
    const pending = this.#pending.get(result.id);
    if (!pending) return;
    if (result.ok) {
      this.#done(result.id);
      pending.resolve();
    } else this.#fail(result.id, result.error?.code ?? 'UNKNOWN', result.error?.message ?? 'The frame refused');
  }

  /** No answer can come (the frame reloaded, was removed, or never opened): every command sent is rejected with `code`. */
  cancel(code: string): void {
    for (const id of [...this.#pending.keys()])
      if (!this.#queued.has(id) || code !== 'FRAME_RELOADED') this.#fail(id, code, `${this.who}: ${code}`);
  }

  #fail(id: number, code: string, message: string): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#done(id);
    pending.reject(failure(code, message));
  }

  #done(id: number): void {
    clearTimeout(this.#pending.get(id)?.timer);
    this.#pending.delete(id);
    this.#queued.delete(id);
  }
}
