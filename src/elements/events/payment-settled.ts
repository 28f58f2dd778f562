/** Detail of `ew-payment-settled`. */
export type EwPaymentSettledDetail = { quoteId: string | undefined; status: 'completed' | 'failed' };

/**
 * `ew-payment-settled`: an approved payment reached its end (the host set `status` to
 * `completed` or `failed` on `<ew-approve-quote>`): money moved, so balances are read again.
 * Bubbles and is composed.
 */
export class EwPaymentSettledEvent extends CustomEvent<EwPaymentSettledDetail> {
  static readonly eventName = 'ew-payment-settled';
  constructor(detail: EwPaymentSettledDetail) {
    super('ew-payment-settled', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-payment-settled': EwPaymentSettledEvent;
  }
}
