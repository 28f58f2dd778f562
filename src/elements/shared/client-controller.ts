/**
 * How an element follows a WalletClient: it re-renders on every state change
 * and tracks one user action at a time (idle, pending, done, error), turning
 * failures into an `ew-error` event and a message. Leaving the page (the
 * element disconnecting) stops listening.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WalletClient } from '../../client/index.js';
import { EwErrorEvent } from '../events/error.js';
import { describeError, type ErrorInfo } from './error-info.js';
import { reportSetupProblem } from './setup-problem.js';

type Host = ReactiveControllerHost & HTMLElement & { client: WalletClient | undefined };

export type ActionStatus = 'idle' | 'pending' | 'done' | 'error';

export class ClientController implements ReactiveController {
  status: ActionStatus = 'idle';
  /** The action running or last run. */
  action: string | undefined;
  error: ErrorInfo | undefined;
  private subscribed: WalletClient | undefined;
  private readonly onChange = () => this.host.requestUpdate();

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {
    this.follow();
  }

  hostUpdate(): void {
    this.follow();
  }

  hostDisconnected(): void {
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
    this.host.requestUpdate();
    try {
      const result = await task();
      this.status = 'done';
      return result;
    } catch (error) {
      this.status = 'error';
      this.error = describeError(error, action);
      reportSetupProblem(this.error);
      this.host.dispatchEvent(new EwErrorEvent(this.error));
      return undefined;
    } finally {
      this.host.requestUpdate();
    }
  }

  reset(): void {
    this.status = 'idle';
    this.error = undefined;
    this.action = undefined;
    this.host.requestUpdate();
  }
}
