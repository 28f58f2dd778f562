/**
 * How an element follows a WalletClient: it re-renders on every state change
 * and tracks one user action at a time (idle, pending, done, error), turning
 * failures into an `ew-error` event and a message. An action that ends
 * after the element's client was replaced (another account) is dropped:
 * neither its result nor its error belongs to what is shown. Leaving the
 * page (the element disconnecting) stops listening.
 *
 * One error per view: an error is shown (`shownError`) until a newer one is
 * reported anywhere in the same view (the outermost `ew-*` element around it,
 * through shadow roots and slots), so one failure is never said twice.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WalletClient } from '../../client/index.js';
import { EwErrorEvent } from '../events/error.js';
import { describeError, type ErrorInfo } from './error-info.js';
import { reportSetupProblem } from './setup-problem.js';

/** The view an element is part of: the outermost `ew-*` element around it, through shadow roots and light DOM. */
function viewOf(el: Element): Element {
  let view = el;
  for (let node: Node | null = el; node; node = node instanceof ShadowRoot ? node.host : node.parentNode)
    if (node instanceof Element && node.localName.startsWith('ew-')) view = node;
  return view;
}

type Host = ReactiveControllerHost & HTMLElement & { client: WalletClient | undefined };

export type ActionStatus = 'idle' | 'pending' | 'done' | 'error';

export class ClientController implements ReactiveController {
  status: ActionStatus = 'idle';
  /** The action running or last run. */
  action: string | undefined;
  error: ErrorInfo | undefined;
  private subscribed: WalletClient | undefined;
  /** Counts runs, so that only the latest one's outcome is recorded. */
  private runs = 0;
  private readonly onChange = () => this.host.requestUpdate();
  /** A newer error in the same view took this one's place. */
  private superseded = false;
  private view: Element | undefined;
  private readonly onViewError = (event: Event) => {
    if (!this.error || this.superseded || (event as CustomEvent<unknown>).detail === this.error) return;
    this.superseded = true;
    this.host.requestUpdate();
  };

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {
    this.follow();
    this.view = viewOf(this.host);
    this.view.addEventListener('ew-error', this.onViewError);
  }

  hostUpdate(): void {
    this.follow();
  }

  hostDisconnected(): void {
    this.view?.removeEventListener('ew-error', this.onViewError);
    this.view = undefined;
    this.subscribed?.removeEventListener('change', this.onChange);
    this.subscribed = undefined;
  }

  private follow(): void {
    const client = this.host.client;
    if (client === this.subscribed || !this.host.isConnected) return;
    this.subscribed?.removeEventListener('change', this.onChange);
    client?.addEventListener('change', this.onChange);
    this.subscribed = client;
  }

  /** The error to show: the last one, unless a newer one has been reported in the same view since. */
  get shownError(): ErrorInfo | undefined {
    return this.superseded ? undefined : this.error;
  }

  get pending(): boolean {
    return this.status === 'pending';
  }

  /**
   * Runs a user action: refuses a second one while one is pending (double
   * clicks), records the outcome, and reports failures as `ew-error`.
   * Resolves to the action's result, or undefined when it failed.
   */
  async run<T>(action: string, task: () => Promise<T>): Promise<T | undefined> {
    if (this.pending) return undefined;
    this.status = 'pending';
    this.action = action;
    this.error = undefined;
    this.superseded = false;
    this.host.requestUpdate();
    // The outcome belongs to the client it ran for: under another one (a new account) it is dropped.
    // A run started after a reset owns the status; an earlier one still answers its caller.
    const client = this.host.client;
    const run = ++this.runs;
    try {
      const result = await task();
      if (client !== this.host.client) return this.drop(run);
      if (run === this.runs) this.status = 'done';
      return result;
    } catch (error) {
      if (client !== this.host.client) return this.drop(run);
      const info = describeError(error, action);
      if (run === this.runs) {
        this.status = 'error';
        this.error = info;
      }
      reportSetupProblem(info);
      this.host.dispatchEvent(new EwErrorEvent(info));
      return undefined;
    } finally {
      this.host.requestUpdate();
    }
  }

  private drop(run: number): undefined {
    if (run === this.runs) {
      this.status = 'idle';
      this.action = undefined;
    }
    return undefined;
  }

  reset(): void {
    this.status = 'idle';
    this.error = undefined;
    this.superseded = false;
    this.action = undefined;
    this.host.requestUpdate();
  }
}
