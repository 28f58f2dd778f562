/** Detail of `ew-error`. */
export type EwErrorDetail = {
  code: string;
  message: string;
  status?: number;
  reason?: string;
  requestId?: string;
  operation?: string;
};

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
