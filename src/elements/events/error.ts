import type { ErrorInfo } from '../shared/error-info.js';

/** Detail of `ew-error`: the typed summary every element makes of a failure. */
export type EwErrorDetail = ErrorInfo;

/** `ew-error`: Something failed; `code` is stable, `message` is for logs (never shown raw). Bubbles and is composed. */
export class EwErrorEvent extends CustomEvent<EwErrorDetail> {
  static readonly eventName = 'ew-error';
  constructor(detail: EwErrorDetail) {
    super('ew-error', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-error': EwErrorEvent;
  }
}
