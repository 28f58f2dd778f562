import type { ErrorInfo } from '../shared/error-info.js';

/** Detail of `ew-load-error`: the typed summary of what failed, as in `ew-error`. */
export type EwLoadErrorDetail = ErrorInfo;

/**
 * `ew-load-error`: The element could not load what its first view needs (its
 * configuration, the sign-in methods, the wallet, a list). It shows the error
 * with a retry; `ew-error` fires too. Fired on the element itself, like `ew-ready`.
 */
export class EwLoadErrorEvent extends CustomEvent<EwLoadErrorDetail> {
  static readonly eventName = 'ew-load-error';
  constructor(detail: EwLoadErrorDetail) {
    super('ew-load-error', { detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-load-error': EwLoadErrorEvent;
  }
}
