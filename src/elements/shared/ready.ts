/**
 * `ew-ready` once per client an element shows, and `ew-load-error` for each
 * first load that fails, so a host can keep its own placeholder until the
 * element is usable (as payment widgets' `ready` / `loaderror` events allow).
 */
import type { ReactiveControllerHost } from 'lit';
import { EwLoadErrorEvent } from '../events/load-error.js';
import { EwReadyEvent } from '../events/ready.js';
import type { ErrorInfo } from './error-info.js';

export class ReadyController {
  private fired = false;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {}

  /** A new client (or configuration): the next usable view is ready again. */
  reset(): void {
    this.fired = false;
  }

  /** The first usable view is on screen (after this update renders it). */
  ready(): void {
    if (this.fired) return;
    this.fired = true;
    void this.host.updateComplete.then(() => this.host.dispatchEvent(new EwReadyEvent()));
  }

  /** Loading the first view failed. */
  failed(info: ErrorInfo | undefined): void {
    if (this.fired || !info) return;
    this.host.dispatchEvent(new EwLoadErrorEvent(info));
  }
}
