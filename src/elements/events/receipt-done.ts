/** Detail of `ew-receipt-done`. */
export type EwReceiptDoneDetail = {
  quoteId: string | undefined;
  status: 'processing' | 'completed' | 'failed' | undefined;
};

/**
 * `ew-receipt-done`: the user pressed Done on `<ew-approve-quote>`'s receipt. The element
 * has cleared its quote (it shows its empty state); take the user where your flow goes next.
 * Bubbles and is composed.
 */
export class EwReceiptDoneEvent extends CustomEvent<EwReceiptDoneDetail> {
  static readonly eventName = 'ew-receipt-done';
  constructor(detail: EwReceiptDoneDetail) {
    super('ew-receipt-done', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-receipt-done': EwReceiptDoneEvent;
  }
}
